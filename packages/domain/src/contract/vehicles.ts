import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Nullable, PageSchema, ref } from './common';
import { ArmingScheduleSchema } from './arming';
import { DeviceCommandSchema } from './commands';
import { DriverSchema } from './drivers';
import { OnboardingStatusSchema } from './onboarding';
import { MAX_LENGTH } from '../limits';

const NullableString = Nullable(Type.String());
const NullableNumber = Nullable(Type.Number());
const NullableInteger = Nullable(Type.Integer());

/** A vehicle as GET /Vehicles lists it, with its owner, drivers, device and latest state. */
export const VehicleSchema = Type.Object(
  {
    id: Type.Integer(),
    userId: Type.Integer(),
    userFirstName: Type.String(),
    userLastName: Type.String(),
    userEmail: Type.String(),
    registrationNumber: Type.String(),
    make: Type.String(),
    model: Type.String(),
    makeVariant: Type.String(),
    nickname: NullableString,
    registrationYear: Type.String(),
    vehicleColour: Type.String(),
    vinNumber: NullableString,
    engineNumber: NullableString,
    drivers: Type.Array(ref(DriverSchema)),
    subscriptionPlanId: NullableInteger,
    subscriptionId: NullableInteger,
    subscriptionDepositAmountPaid: NullableInteger,
    onBoardingStatus: Nullable(OnboardingStatusSchema, { description: 'Null once installed.' }),
    createdOnDateTime: Type.String(),
    isLocked: Nullable(Type.Boolean({ description: 'Null while no device has reported a lock state.' })),
    tamperActive: Type.Boolean(),
    armed: Type.Boolean({ description: 'Armed now, by hand or by its schedule (see ArmingStatus).' }),
    armedSince: Nullable(Type.String({ description: 'When it was armed by hand; null when it is not.' })),
    armingSchedule: Nullable(ref(ArmingScheduleSchema)),
    deviceId: Nullable(Type.Integer({ description: 'Null when no device is linked.' })),
    deviceSerialNumber: NullableString,
    deviceActive: Nullable(Type.Boolean()),
    gpsDateTime: NullableString,
    gpsLatitudeDegrees: NullableNumber,
    gpsLongitudeDegrees: NullableNumber,
    lastKnownGpsLatitudeDegrees: NullableNumber,
    lastKnownGpsLongitudeDegrees: NullableNumber,
    /** The newest history entry's type and lock flag, for the status badge. */
    latestHistoryType: NullableString,
    latestHistoryIsLocked: Nullable(Type.Boolean()),
    carBatteryVolts: NullableNumber,
    deviceBatteryPercent: NullableInteger,
    // Installation booking and fitment: null until booking is built.
    installationBookingId: NullableInteger,
    installationBookingUtcDateTime: NullableString,
    installationAvailabilityUtcDateStart: NullableString,
    installationAvailabilityUtcDateEnd: NullableString,
    installationAvailabilityUtcTimeStart: NullableString,
    installationAvailabilityUtcTimeEnd: NullableString,
    installationAvailabilityFitmentCenterId: NullableInteger,
    regionId: NullableInteger,
    regionName: NullableString,
    fitmentCenterId: NullableInteger,
    fitmentCenterName: NullableString,
    fitmentCenterArea: NullableString,
  },
  { $id: 'Vehicle' },
);
export type Vehicle = Static<typeof VehicleSchema>;

/** GET /Vehicles answer. */
export const VehiclePageSchema = PageSchema(ref(VehicleSchema));

/** The fields GET /Vehicles filters and sorts on. */
export const VEHICLE_LIST_FIELDS = [
  'id',
  'userId',
  'deviceActive',
  'deviceId',
  'onBoardingStatus',
  'registrationNumber',
  'make',
  'model',
  'nickname',
  'tamperActive',
  'createdOnDateTime',
  'userFirstName',
  'userLastName',
] as const;
export type VehicleListField = (typeof VEHICLE_LIST_FIELDS)[number];
export type VehicleListFields = Pick<Vehicle, VehicleListField>;

/**
 * PUT /Vehicles/{id}/Lock and /Unlock answer (202): the command sent to the device. isLocked is
 * the stored state, unchanged until the device confirms (null while no device has reported one).
 */
export const LockResultSchema = Type.Object(
  {
    vehicleId: Type.Integer(),
    isLocked: Nullable(Type.Boolean()),
    command: ref(DeviceCommandSchema),
  },
  { $id: 'LockResult' },
);
export type LockResult = Static<typeof LockResultSchema>;

/** POST /Vehicles/{id}/AlertAura and /AlertCapitalAir answer: the partner's status, e.g. 'Dispatched'. */
export const PartnerAlertResultSchema = Type.Object({ status: Type.String() }, { $id: 'PartnerAlertResult' });
export type PartnerAlertResult = Static<typeof PartnerAlertResultSchema>;

/** POST /Vehicles/{id}/ChangeLinkedDevice body; serial numbers match case-insensitively. */
export const ChangeLinkedDeviceRequestSchema = Type.Object({
  currentDeviceSerialNumber: Type.Optional(Type.String({ maxLength: MAX_LENGTH.shortText })),
  newDeviceSerialNumber: Type.String({ maxLength: MAX_LENGTH.shortText }),
  vehicleNickname: Type.Optional(Type.String({ maxLength: MAX_LENGTH.shortText })),
});
export type ChangeLinkedDeviceRequest = Static<typeof ChangeLinkedDeviceRequestSchema>;
