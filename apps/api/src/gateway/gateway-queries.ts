/* The statements of a gateway's command poll that are not the command channel's own. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { GATEWAY_SERIAL_PATTERN } from '@sentinel/domain';
import { DEVICES_PER_STATEMENT } from '../commands/command-delivery';
import type { Database } from '../db/schema';

export interface GatewayDevice {
  id: number;
  serialNumber: string;
  vehicleId: number | null;
}

/**
 * The active devices among these serial numbers (any number of them, each looked up once), a
 * thousand a statement with a turn of the event loop between. Serials of no device, of a
 * deactivated one or outside GATEWAY_SERIAL_PATTERN are left out without a word.
 */
export async function activeGatewayDevices(
  db: Kysely<Database>,
  serialNumbers: readonly string[],
): Promise<GatewayDevice[]> {
  // Digits have no case: the serial as sent is the lower-case one the unique index holds.
  const serials = [...new Set(serialNumbers)].filter((serial) => GATEWAY_SERIAL_PATTERN.test(serial));
  const devices: GatewayDevice[] = [];
  for (let start = 0; start < serials.length; start += DEVICES_PER_STATEMENT) {
    if (start > 0) await nextTurn();
    devices.push(
      ...(await db
        .selectFrom('devices')
        .select(['id', 'serialNumber', 'vehicleId'])
        .where(sql<string>`lower(serial_number)`, 'in', serials.slice(start, start + DEVICES_PER_STATEMENT))
        .where('active', '=', 1)
        .execute()),
    );
  }
  return devices;
}
