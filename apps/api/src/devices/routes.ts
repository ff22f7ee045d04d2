import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DevicePageSchema,
  DeviceSchema,
  DeviceStatusInfoRequestSchema,
  DeviceStatusInfoSchema,
  ref,
  MANAGER_ROLES,
} from '@sentinel/domain';
import type { Device, DeviceListField } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import { notFound, ProblemDetailsRef } from '../errors';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import { bool, ListAnswers, ListQuerystring } from './schemas';

/** Added to the root: a device change answers with the device too. */
export const DeviceItem = DeviceSchema;

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

export const devicesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(DeviceStatusInfoSchema);
  app.get(
    '/Devices',
    {
      config: { roles: MANAGER_ROLES },
      schema: {
        tags: ['Devices'],
        summary: 'List tracking devices, with the OData subset',
        description:
          'Filter fields: id, serialNumber, vehicleId (0 for a free device), active. Default order: serialNumber. ' +
          "The change-device search sends VehicleId eq 0 and contains(SerialNumber, 'text').",
        security: [{ bearer: [] }],
        querystring: ListQuerystring,
        response: ListAnswers(DevicePageSchema),
      },
    },
    async (request) => {
      const list = compileListQuery(DEVICE_FIELDS, request.query, {
        order: 'serialNumber asc',
        id: sql.ref('devices.id'),
      });
      let base = app.db.selectFrom('devices');
      if (list.where) base = base.where(list.where);
      return runPagedList(
        base,
        list,
        (query) =>
          query.select([
            'devices.id',
            'devices.serialNumber',
            'devices.active',
            'devices.vehicleId',
            'devices.testStation',
          ]),
        (rows) => rows.map(deviceItem),
      );
    },
  );

  app.post(
    '/My/Device/GetDeviceStatusInfo',
    {
      schema: {
        tags: ['Devices'],
        summary: "A device's application version and auto-lock state (0 means disabled)",
        security: [{ bearer: [] }],
        body: DeviceStatusInfoRequestSchema,
        response: {
          200: ref(DeviceStatusInfoSchema),
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const { deviceId } = request.body;
      const scope = userInScope(await scopeOf(app.db, request.user!), sql.ref<number>('vehicles.userId'));
      let query = app.db
        .selectFrom('devices')
        .leftJoin('vehicles', 'vehicles.id', 'devices.vehicleId')
        .select(['devices.applicationVersion', 'devices.autoLockEnabledState'])
        .where('devices.id', '=', deviceId);
      if (scope) query = query.where(scope);
      const device = await query.executeTakeFirst();
      if (!device) throw notFound(`Device ${deviceId} was not found.`);
      return {
        applicationVersion: device.applicationVersion ?? '',
        autoLockEnabledState: device.autoLockEnabledState,
      };
    },
  );
};
