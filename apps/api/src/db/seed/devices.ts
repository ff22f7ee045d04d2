/* Demo devices, keyed by serial number (in any case). */
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
const serialOf = (index: number) => `SNT-${pad(101 + index, 6)}`;

/** 30 devices; the first ones are linked to installed vehicles, the rest are free. Every 7th is inactive. */
export function demoDevices(): DemoDevice[] {
  const random = prng(7);
  return Array.from({ length: DEMO_DEVICE_COUNT }, (_, index) => ({
    serialNumber: serialOf(index),
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
export async function seedDevices(trx: Transaction<Database>): Promise<number> {
  const knownSerials = new Set(
    (
      await trx
        .selectFrom('devices')
        .select(sql<string>`lower(serial_number)`.as('serial'))
        .execute()
    ).map(({ serial }) => serial),
  );
  const newDevices = demoDevices().filter(
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
