/* Every read of devices for the device routes; handlers decide who may call. */
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Device, DeviceListField, DeviceStatusInfo, ListQuery } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';
import { bool } from '../routes/schemas';

/** A stored device row as the api answers it; a free device reads as vehicle 0. */
export const deviceItem = (row: {
  id: number;
  serialNumber: string;
  active: number;
  vehicleId: number | null;
  testStation: string | null;
}): Device => ({
  id: row.id,
  serialNumber: row.serialNumber,
  active: bool(row.active),
  vehicleId: row.vehicleId ?? 0,
  testStation: row.testStation,
});

const DEVICE_FIELDS = {
  id: { type: 'number', expression: sql.ref('devices.id') },
  serialNumber: { type: 'string', expression: sql.ref('devices.serialNumber') },
  // The spec's free-device search is 'VehicleId eq 0': a free device reads as vehicle 0.
  vehicleId: { type: 'number', expression: sql`coalesce(devices.vehicle_id, 0)` },
  active: { type: 'boolean', expression: sql.ref('devices.active') },
} satisfies FieldMap<DeviceListField>;

/** A page of devices for the OData query. */
export async function listDevices(db: Kysely<Database>, query: ListQuery): Promise<PagedList<Device>> {
  const list = compileListQuery(DEVICE_FIELDS, query, {
    order: 'serialNumber asc',
    id: sql.ref('devices.id'),
  });
  let base = db.selectFrom('devices');
  if (list.where) base = base.where(list.where);
  return runPagedList(
    db,
    base,
    list,
    (page) =>
      page.select([
        'devices.id',
        'devices.serialNumber',
        'devices.active',
        'devices.vehicleId',
        'devices.testStation',
      ]),
    (rows) => rows.map(deviceItem),
  );
}

/**
 * The device's application version ('' when unknown) and auto-lock state; undefined when there is
 * no such device or `scope` (a condition on vehicles.userId) leaves it out.
 */
export async function findDeviceStatus(
  db: Kysely<Database>,
  deviceId: number,
  scope: Expression<SqlBool> | undefined,
): Promise<DeviceStatusInfo | undefined> {
  let query = db
    .selectFrom('devices')
    .leftJoin('vehicles', 'vehicles.id', 'devices.vehicleId')
    .select(['devices.applicationVersion', 'devices.autoLockEnabledState'])
    .where('devices.id', '=', deviceId);
  if (scope) query = query.where(scope);
  const device = await query.executeTakeFirst();
  if (!device) return undefined;
  return {
    applicationVersion: device.applicationVersion ?? '',
    autoLockEnabledState: device.autoLockEnabledState,
  };
}

/** The device with this serial number, matched case-insensitively. */
export function findDeviceBySerialNumber(db: Kysely<Database>, serialNumber: string) {
  return db
    .selectFrom('devices')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['serialNumber']), '=', serialNumber.toLowerCase()))
    .executeTakeFirst();
}
