import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SCHEMAS } from './index';
import { HistoryPageSchema } from './history';
import { VehicleSchema } from './vehicles';
import type { Vehicle } from './vehicles';

const references: TSchema[] = [...CONTRACT_SCHEMAS];

/** Every $ref in a schema, however deep. */
function refsOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const own = '$ref' in schema && typeof schema.$ref === 'string' ? [schema.$ref] : [];
  return [...own, ...Object.values(schema).flatMap(refsOf)];
}

const vehicle: Vehicle = {
  id: 1,
  userId: 2,
  userFirstName: 'Sipho',
  userLastName: 'Ndlovu',
  userEmail: 'sipho@example.co.za',
  registrationNumber: 'CA 1',
  make: 'Toyota',
  model: 'Hilux',
  makeVariant: 'Toyota Hilux',
  nickname: null,
  registrationYear: '2021',
  vehicleColour: 'White',
  vinNumber: null,
  engineNumber: null,
  drivers: [
    {
      id: 3,
      vehicleId: 1,
      firstName: 'Thandi',
      lastName: 'Ndlovu',
      email: 'thandi@example.co.za',
      phoneCode: '27',
      phoneNumber: '821112233',
      idNumber: '8001015009087',
      idNumberIsSouthAfrican: true,
    },
  ],
  subscriptionPlanId: null,
  subscriptionId: null,
  subscriptionDepositAmountPaid: null,
  onBoardingStatus: null,
  createdOnDateTime: '2024-01-01T00:00:00.000Z',
  isLocked: true,
  tamperActive: false,
  armed: false,
  armedSince: null,
  armingSchedule: null,
  deviceId: 4,
  deviceSerialNumber: 'SNT-000101',
  deviceActive: true,
  gpsDateTime: null,
  gpsLatitudeDegrees: -33.9,
  gpsLongitudeDegrees: 18.4,
  lastKnownGpsLatitudeDegrees: -33.9,
  lastKnownGpsLongitudeDegrees: 18.4,
  latestHistoryType: 'LockState',
  latestHistoryIsLocked: true,
  carBatteryVolts: 12.6,
  deviceBatteryPercent: 90,
  installationBookingId: null,
  installationBookingUtcDateTime: null,
  installationAvailabilityUtcDateStart: null,
  installationAvailabilityUtcDateEnd: null,
  installationAvailabilityUtcTimeStart: null,
  installationAvailabilityUtcTimeEnd: null,
  installationAvailabilityFitmentCenterId: null,
  regionId: null,
  regionName: null,
  fitmentCenterId: null,
  fitmentCenterName: null,
  fitmentCenterArea: null,
};

describe('the contract', () => {
  it('names each schema once', () => {
    const ids = CONTRACT_SCHEMAS.map((schema) => schema.$id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refers only to schemas it names', () => {
    const ids = new Set(CONTRACT_SCHEMAS.map((schema) => schema.$id));
    const refs = [...CONTRACT_SCHEMAS, HistoryPageSchema].flatMap(refsOf);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => !ids.has(ref))).toEqual([]);
  });

  it('accepts a vehicle with its drivers through the Driver reference', () => {
    expect(Value.Check(VehicleSchema, references, vehicle)).toBe(true);
  });

  it('refuses a driver of the wrong shape inside a vehicle, and says where', () => {
    const wrong = { ...vehicle, drivers: [{ ...vehicle.drivers[0], idNumberIsSouthAfrican: 'yes' }] };

    expect(Value.Check(VehicleSchema, references, wrong)).toBe(false);
    expect([...Value.Errors(VehicleSchema, references, wrong)].map((error) => error.path)).toContain(
      '/drivers/0/idNumberIsSouthAfrican',
    );
  });

  it('refuses a history page without its total count', () => {
    expect(Value.Check(HistoryPageSchema, references, { items: [], pageIndex: 0, pageSize: 50 })).toBe(false);
    expect(
      Value.Check(HistoryPageSchema, references, { items: [], totalCount: 0, pageIndex: 0, pageSize: 50 }),
    ).toBe(true);
  });
});
