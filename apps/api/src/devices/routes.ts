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
import { scopeOf, userInScope } from '../access/scope';
import { notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { ListAnswers, ListQuerystring } from '../routes/schemas';
import { findDeviceStatus, listDevices } from './device-queries';

/** Added to the root: a device change answers with the device too. */
export const DeviceItem = DeviceSchema;

const routes: FastifyPluginAsyncTypebox = async (app) => {
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
      return listDevices(app.db, request.query);
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
      const device = await findDeviceStatus(app.db, deviceId, scope);
      if (!device) throw notFound(`Device ${deviceId} was not found.`);
      return device;
    },
  );
};

/** Devices: the registry (managers) and a device's status (staff, scoped to the vehicle's owner). */
export const devicesRoutes = routePlugin('devices', routes);
