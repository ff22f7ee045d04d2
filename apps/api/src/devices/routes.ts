import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BURN_IN_ROLES,
  DeviceIngestKeySchema,
  DevicePageSchema,
  DeviceSchema,
  DeviceStatusInfoRequestSchema,
  DeviceStatusInfoSchema,
  DEVICE_REGISTRATION_ROLES,
  NewDeviceSchema,
  ref,
  MANAGER_ROLES,
} from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import { notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { ListAnswers, ListQuerystring } from '../routes/schemas';
import { findDeviceBySerial, issueDeviceKey } from '../telemetry/device-keys';
import { findDeviceStatus, listDevices } from './device-queries';
import { registerDevice } from './device-registration';

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
    '/Devices',
    {
      config: { roles: DEVICE_REGISTRATION_ROLES },
      schema: {
        tags: ['Devices'],
        summary: "Register a device by its serial number (a tracker's IMEI), active and free to link",
        description:
          'The serial is trimmed, 3 to 50 letters, digits and hyphens; one of 15 digits must be a valid IMEI ' +
          '(its Luhn check digit). A serial already registered, in any case, is a field error at SerialNumber ' +
          'and nothing is saved. The device has no test station and no ingestion key; ChangeLinkedDevice ' +
          'links it to a vehicle. Audited (DeviceRegistered).',
        security: [{ bearer: [] }],
        body: NewDeviceSchema,
        response: {
          201: ref(DeviceSchema),
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await registerDevice(app.db, request, request.body));
    },
  );

  app.addSchema(DeviceIngestKeySchema);
  app.post(
    '/Devices/:serialNumber/IngestKey',
    {
      config: { roles: BURN_IN_ROLES },
      schema: {
        tags: ['Devices'],
        summary: "Give a device a new ingestion key (the bench's provisioning step)",
        description:
          'The previous key stops working at once. The key is in this answer only; the api keeps its hash. ' +
          'The burn-in bench calls it for each unit put on a station, so the unit reports through ' +
          'POST /Devices/{serialNumber}/Telemetry like a fitted device.',
        security: [{ bearer: [] }],
        params: Type.Object({ serialNumber: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: ref(DeviceIngestKeySchema),
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request, reply) => {
      const device = await findDeviceBySerial(app.db, request.params.serialNumber);
      if (!device) throw notFound(`Device ${request.params.serialNumber} was not found.`);
      const key = await issueDeviceKey(app.db, device.serialNumber);
      if (key === undefined) throw notFound(`Device ${request.params.serialNumber} was not found.`);
      // A secret: never kept by a cache on the way.
      void reply.header('cache-control', 'no-store');
      return { serialNumber: device.serialNumber, key };
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

/**
 * Devices: the registry (managers list and register them) and a device's status (staff, scoped to
 * the vehicle's owner).
 */
export const devicesRoutes = routePlugin('devices', routes);
