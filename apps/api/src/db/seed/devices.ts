/*
 * Demo devices, keyed by serial number (in any case). Most are the product's own (SNT-…); a few are
 * Teltonika trackers known by their IMEI, which the simulator drives through the device gateway.
 */
import { luhnCheckDigit } from '@sentinel/domain';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { instant } from '../database';
import type { Database } from '../schema';
import { between, flag, pad, pick, prng, round } from './generators';

export interface DemoDevice {
  serialNumber: string;
  active: boolean;
  testStation: string | null;
  applicationVersion: string;
  autoLockEnabledState: number;
  carBatteryVolts: number | null;
  deviceBatteryPercent: number | null;
}

export const DEMO_DEVICE_COUNT = 30;

/**
 * Which demo devices are Teltonika trackers (DEMO_TRACKERS): `mixed`, five of them, the rest the
 * product's own; `teltonika`, every one, so the simulator can drive the whole fleet through the
 * device gateway (for a new database: the seed never renames a device it added before).
 */
export const DEMO_TRACKERS = ['mixed', 'teltonika'] as const;
export type DemoTrackers = (typeof DEMO_TRACKERS)[number];

/** The type allocation code of the IMEI in Teltonika's protocol documentation (356307042441013). */
const TELTONIKA_TAC = '35630704';

/**
 * The devices (by index) that are Teltonika trackers in the mixed fleet, each linked to a vehicle
 * of its own holder, over both companies and holders outside them, in two cities, and named by no
 * test: SNT-000105, 110, 115, 118 and 123 as they were, whose vehicles drive (with the simulator's
 * default seed), and SNT-000106, whose vehicle stays parked, so a lock pressed on it goes out at
 * once instead of waiting for the vehicle to slow down.
 */
const MIXED_FLEET_TRACKERS: ReadonlySet<number> = new Set([4, 5, 9, 14, 17, 22]);

/**
 * The IMEI of demo device `index`: the TAC, a serial number that repeats the device's SNT number
 * (000105 for SNT-000105) and the Luhn check digit, e.g. 356307040001058. The documentation's own
 * IMEI is never one of them: a person registers it by hand to try the gateway.
 */
export function demoImei(index: number): string {
  const body = `${TELTONIKA_TAC}${pad(101 + index, 6)}`;
  return `${body}${luhnCheckDigit(body)}`;
}

const DEMO_IMEIS: ReadonlySet<string> = new Set(
  Array.from({ length: DEMO_DEVICE_COUNT }, (_, index) => demoImei(index)),
);

/** Whether a serial number is the IMEI of a demo Teltonika tracker, whichever fleet was seeded. */
export function isDemoImei(serialNumber: string): boolean {
  return DEMO_IMEIS.has(serialNumber);
}

function serialOf(index: number, trackers: DemoTrackers): string {
  const teltonika = trackers === 'teltonika' || MIXED_FLEET_TRACKERS.has(index);
  return teltonika ? demoImei(index) : `SNT-${pad(101 + index, 6)}`;
}

/** 30 devices; the first ones are linked to installed vehicles, the rest are free. Every 7th is inactive. */
export function demoDevices(trackers: DemoTrackers = 'mixed'): DemoDevice[] {
  const random = prng(7);
  return Array.from({ length: DEMO_DEVICE_COUNT }, (_, index) => ({
    serialNumber: serialOf(index, trackers),
    active: index % 7 !== 6,
    testStation: index >= 26 ? `burn${(index % 4) + 1}` : null,
    applicationVersion: pick(random, ['2.3.8', '2.4.0', '2.4.1']),
    autoLockEnabledState: index % 3 === 0 ? 0 : 1,
    // A few low car batteries (under 11.8 V) and low device batteries (under 20 %) for the badges.
    carBatteryVolts: index % 9 === 4 ? 11.4 : round(12.2 + random() * 0.6, 2),
    deviceBatteryPercent: index % 8 === 5 ? 14 : between(random, 35, 100),
  }));
}

/** Adds the missing devices, all unlinked (vehicles.ts links them); answers how many it added. */
export async function seedDevices(trx: Transaction<Database>, trackers: DemoTrackers): Promise<number> {
  const knownSerials = new Set(
    (
      await trx
        .selectFrom('devices')
        .select(sql<string>`lower(serial_number)`.as('serial'))
        .execute()
    ).map(({ serial }) => serial),
  );
  const newDevices = demoDevices(trackers).filter(
    ({ serialNumber }) => !knownSerials.has(serialNumber.toLowerCase()),
  );
  if (newDevices.length > 0) {
    await trx
      .insertInto('devices')
      .values(
        newDevices.map((device) => ({
          serialNumber: device.serialNumber,
          active: flag(device.active),
          testStation: device.testStation,
          applicationVersion: device.applicationVersion,
          autoLockEnabledState: device.autoLockEnabledState,
          carBatteryVolts: device.carBatteryVolts,
          deviceBatteryPercent: device.deviceBatteryPercent,
          createdOnDateTime: instant(),
        })),
      )
      .execute();
  }
  return newDevices.length;
}
