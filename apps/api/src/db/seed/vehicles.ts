/*
 * Demo vehicles with their drivers, device links and history, keyed by registration number. Their
 * owners' counters and tamper flags follow from what was added.
 */
import type { Transaction } from 'kysely';
import type { Database, OnboardingStatus } from '../schema';
import { refreshVehicleCounts } from '../../vehicles/vehicle-store';
import { DEMO_DEVICE_COUNT, demoDevices } from './devices';
import type { DemoTrackers } from './devices';
import {
  between,
  DAY_MS,
  DEMO_ANCHOR,
  emailOf,
  FIRST_NAMES,
  flag,
  LAST_NAMES,
  pad,
  phoneNumber,
  pick,
  prng,
  round,
  southAfricanId,
} from './generators';
import type { DemoPerson, Random } from './generators';
import { demoHistory, historyRow } from './history';
import type { DemoHistoryEntry } from './history';
import { DEMO_PLANS } from './plans';
import { userIdByEmail } from './users';

interface Model {
  make: string;
  model: string;
  variant: string;
}

const MODELS: readonly Model[] = [
  { make: 'Toyota', model: 'Hilux', variant: '2.8 GD-6 Raider' },
  { make: 'Volkswagen', model: 'Polo', variant: '1.0 TSI Comfortline' },
  { make: 'Ford', model: 'Ranger', variant: '2.0 BiTurbo Wildtrak' },
  { make: 'Toyota', model: 'Corolla Cross', variant: '1.8 XS' },
  { make: 'Suzuki', model: 'Swift', variant: '1.2 GL' },
  { make: 'Nissan', model: 'NP200', variant: '1.6 8V' },
  { make: 'Hyundai', model: 'Grand i10', variant: '1.0 Motion' },
  { make: 'Isuzu', model: 'D-Max', variant: '3.0 LSE' },
  { make: 'BMW', model: '320i', variant: 'M Sport' },
  { make: 'Volkswagen', model: 'Polo Vivo', variant: '1.4 Trendline' },
  { make: 'Kia', model: 'Picanto', variant: '1.0 Start' },
  { make: 'Haval', model: 'Jolion', variant: '1.5T Premium' },
  { make: 'Mahindra', model: 'Pik Up', variant: '2.2 S6' },
  { make: 'Renault', model: 'Kwid', variant: '1.0 Dynamique' },
];
const COLOURS = ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'] as const;
const NICKNAMES = ['Work bakkie', 'School run', 'The Beast', "Gogo's car", 'Weekend car'] as const;

/** Where the demo vehicles drive: centre, spread and the local registration format. */
const CITIES = [
  { name: 'Cape Town', latitude: -33.9249, longitude: 18.4241 },
  { name: 'Johannesburg', latitude: -26.2041, longitude: 28.0473 },
  { name: 'Durban', latitude: -29.8587, longitude: 31.0218 },
] as const;

const LETTERS = 'BCDFGHJKLMNPRSTVWXYZ';
function letters(random: Random, length: number): string {
  return Array.from({ length }, () => pick(random, [...LETTERS])).join('');
}

function registration(random: Random, city: number, index: number): string {
  // The index keeps every plate unique; the rest only looks local.
  const serial = pad(100 + index, 3);
  if (city === 0) return `CA ${pad(between(random, 100, 999), 3)}-${serial}`;
  if (city === 1) return `${letters(random, 2)} ${pad(10 + index, 2)} ${letters(random, 2)} GP`;
  return `ND ${pad(between(random, 100, 999), 3)}-${serial}`;
}

export type DemoVehicleStage = 'installed' | OnboardingStatus;

export type DemoDriver = DemoPerson;

export interface DemoVehicle {
  /** Index into demoAccountHolders(), or -1 for the demo account holder (holder@sentinel.demo). */
  owner: number;
  registrationNumber: string;
  make: string;
  model: string;
  makeVariant: string;
  nickname: string | null;
  registrationYear: string;
  vehicleColour: string;
  vinNumber: string | null;
  engineNumber: string | null;
  stage: DemoVehicleStage;
  /** Index into DEMO_PLANS, or null before the payment step. */
  plan: number | null;
  /** Serial of the linked device (installed vehicles only). */
  deviceSerialNumber: string | null;
  latitude: number | null;
  longitude: number | null;
  gpsDateTime: string | null;
  drivers: DemoDriver[];
  /** Oldest first. */
  history: DemoHistoryEntry[];
  createdOnDateTime: string;
}

function driver(random: Random, index: number): DemoDriver {
  const firstName = FIRST_NAMES[(index * 7 + 3) % FIRST_NAMES.length] as string;
  const lastName = LAST_NAMES[(index * 11 + 5) % LAST_NAMES.length] as string;
  const passport = index % 9 === 4;
  return {
    firstName,
    lastName,
    email: emailOf(firstName, lastName, 'drivers.example.co.za'),
    phoneNumber: phoneNumber(random),
    idNumber: passport ? `P${pad(between(random, 0, 99_999_999), 8)}` : southAfricanId(random),
    idNumberIsSouthAfrican: !passport,
  };
}

/** Vehicles per holder: most have one or two, a few three, and the last six none at all. */
const VEHICLES_PER_HOLDER = [
  1, 2, 1, 2, 3, 1, 2, 1, 2, 2, 1, 3, 1, 2, 2, 1, 2, 1, 2, 3, 1, 2, 1, 2, 2, 1, 1, 3, 2, 1, 2, 1, 2, 2,
];

/** ~60 vehicles: 2 for the demo account holder, the rest over the first 34 generated holders. */
export function demoVehicles(trackers: DemoTrackers = 'mixed'): DemoVehicle[] {
  const random = prng(60);
  const owners = [
    -1,
    -1,
    ...VEHICLES_PER_HOLDER.flatMap((count, holder) => Array<number>(count).fill(holder)),
  ];
  const devices = demoDevices(trackers);
  let linked = 0;
  return owners.map((owner, index) => {
    const city = index % CITIES.length;
    const { latitude, longitude } = CITIES[city] as (typeof CITIES)[number];
    const model = MODELS[(index * 5) % MODELS.length] as Model;
    // The demo holder's two vehicles are installed; the others cycle through the stages.
    const cycle: readonly DemoVehicleStage[] = [
      'installed',
      'Booking-Pending',
      'installed',
      'Scheduled',
      'Booking-Pending',
    ];
    let stage: DemoVehicleStage =
      owner === -1 ? 'installed' : (cycle[index % cycle.length] as DemoVehicleStage);
    // Keep a few devices free for the change-device search.
    if (stage === 'installed' && linked >= DEMO_DEVICE_COUNT - 5) stage = 'Booking-Pending';
    const installed = stage === 'installed';
    const serial = installed ? (devices[linked++]?.serialNumber ?? null) : null;
    const position = installed
      ? {
          latitude: round(latitude + (random() - 0.5) * 0.1, 6),
          longitude: round(longitude + (random() - 0.5) * 0.1, 6),
        }
      : { latitude: null, longitude: null };
    const driverCount = index % 4 === 1 ? 2 : 1;
    return {
      owner,
      registrationNumber: registration(random, city, index),
      make: model.make,
      model: model.model,
      makeVariant: `${model.make} ${model.model} ${model.variant}`,
      nickname: index % 3 === 0 ? pick(random, NICKNAMES) : null,
      registrationYear: String(between(random, 2008, 2025)),
      vehicleColour: pick(random, COLOURS),
      vinNumber:
        index % 2 === 0 ? `AHT${letters(random, 3)}${pad(between(random, 0, 99_999_999_999), 11)}` : null,
      engineNumber: index % 3 !== 2 ? `${letters(random, 3)}${pad(between(random, 0, 9_999_999), 7)}` : null,
      stage,
      // Booking-pending vehicles alternate between paid and awaiting the payment step.
      plan: stage === 'Booking-Pending' && index % 2 === 1 ? null : index % DEMO_PLANS.length,
      deviceSerialNumber: serial,
      ...position,
      gpsDateTime: installed ? new Date(DEMO_ANCHOR - between(random, 1, 600) * 60_000).toISOString() : null,
      drivers: Array.from({ length: driverCount }, (_, d) => driver(random, index * 2 + d)),
      history:
        installed && position.latitude !== null
          ? demoHistory(random, index, position.latitude, position.longitude)
          : [],
      createdOnDateTime: new Date(DEMO_ANCHOR - (owners.length - index) * 5 * DAY_MS).toISOString(),
    };
  });
}

/**
 * Adds the missing vehicles of the holders (by demoAccountHolders index) with drivers, device and
 * history; answers how many it added.
 */
export async function seedVehicles(
  trx: Transaction<Database>,
  {
    holderIds,
    planIds,
    trackers,
  }: { holderIds: readonly number[]; planIds: readonly number[]; trackers: DemoTrackers },
): Promise<number> {
  const staff = {
    admin: await userIdByEmail(trx, 'admin@sentinel.demo'),
    agent: await userIdByEmail(trx, 'agent@sentinel.demo'),
  };
  const demoHolderId = await userIdByEmail(trx, 'holder@sentinel.demo');
  const touchedOwners = new Set<number>();
  let addedVehicles = 0;
  for (const vehicle of demoVehicles(trackers)) {
    const userId = vehicle.owner === -1 ? demoHolderId : holderIds[vehicle.owner];
    if (userId === undefined) continue;
    const existing = await trx
      .selectFrom('vehicles')
      .select('id')
      .where('registrationNumber', '=', vehicle.registrationNumber)
      .executeTakeFirst();
    if (existing) continue;
    const latest = vehicle.history.at(-1);
    const lastLock = vehicle.history.filter((entry) => entry.isLocked !== undefined).at(-1);
    const { id: vehicleId } = await trx
      .insertInto('vehicles')
      .values({
        userId,
        registrationNumber: vehicle.registrationNumber,
        make: vehicle.make,
        model: vehicle.model,
        makeVariant: vehicle.makeVariant,
        nickname: vehicle.nickname,
        registrationYear: vehicle.registrationYear,
        vehicleColour: vehicle.vehicleColour,
        vinNumber: vehicle.vinNumber,
        engineNumber: vehicle.engineNumber,
        subscriptionPlanId: vehicle.plan === null ? null : (planIds[vehicle.plan] ?? null),
        subscriptionDepositAmountPaid:
          vehicle.plan === null ? null : (DEMO_PLANS[vehicle.plan]?.depositAmountCents ?? null),
        onboardingStatus: vehicle.stage === 'installed' ? null : vehicle.stage,
        isLocked: lastLock?.isLocked === undefined ? null : flag(lastLock.isLocked),
        tamperActive: flag(latest?.type === 'TamperAlert' && latest.tamperCancelled === false),
        lastKnownGpsLatitudeDegrees: vehicle.latitude,
        lastKnownGpsLongitudeDegrees: vehicle.longitude,
        gpsDateTime: vehicle.gpsDateTime,
        createdOnDateTime: vehicle.createdOnDateTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The subscription id stands in for the payment provider's reference until payments exist.
    if (vehicle.plan !== null) {
      await trx
        .updateTable('vehicles')
        .set({ subscriptionId: vehicleId })
        .where('id', '=', vehicleId)
        .execute();
    }
    addedVehicles += 1;
    touchedOwners.add(userId);
    if (vehicle.deviceSerialNumber !== null) {
      await trx
        .updateTable('devices')
        .set({ vehicleId })
        .where((eb) => eb(eb.fn('lower', ['serialNumber']), '=', vehicle.deviceSerialNumber!.toLowerCase()))
        .where('vehicleId', 'is', null)
        .execute();
    }
    for (const driver of vehicle.drivers) {
      await trx
        .insertInto('drivers')
        .values({
          vehicleId,
          firstName: driver.firstName,
          lastName: driver.lastName,
          email: driver.email,
          phoneNumber: driver.phoneNumber,
          idNumber: driver.idNumber,
          idNumberIsSouthAfrican: flag(driver.idNumberIsSouthAfrican),
        })
        .execute();
    }
    if (vehicle.history.length > 0) {
      await trx
        .insertInto('vehicleHistory')
        .values(vehicle.history.map((entry) => historyRow(vehicleId, entry, { ...staff, owner: userId })))
        .execute();
    }
  }
  await refreshVehicleCounts(trx, [...touchedOwners]);
  // A holder's tamper flag follows their vehicles'.
  await trx
    .updateTable('users')
    .set({ tamperActive: 1 })
    .where('id', 'in', [...touchedOwners, -1])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('vehicles')
          .select('vehicles.id')
          .whereRef('vehicles.userId', '=', 'users.id')
          .where('vehicles.tamperActive', '=', 1),
      ),
    )
    .execute();
  return addedVehicles;
}
