import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, problem, ProblemDetailsRef } from '../errors';
import { deviceKeyFrom, deviceKeyMatches, findDeviceBySerial } from '../telemetry/device-keys';
import type { IngestingDevice } from '../telemetry/device-keys';
import { reportErrors, TelemetryReportSchema, TelemetryResultSchema } from '../telemetry/telemetry-service';

const Params = Type.Object({ serialNumber: Type.String({ minLength: 1, maxLength: 100 }) });

const DEVICE_KEY_REQUIRED = 'A valid device key is required.';

/**
 * Where a tracking device reports (see README, Device telemetry). Devices authenticate with
 * their own key, never a person's token, so a stolen device key can only speak for that device.
 */
export const deviceTelemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const devices = new WeakMap<FastifyRequest, IngestingDevice>();

  const refuse = (reply: FastifyReply) =>
    reply
      .code(401)
      .header('www-authenticate', 'Device')
      .send({ ...problem('unauthenticated'), message: DEVICE_KEY_REQUIRED });

  app.post(
    '/Devices/:serialNumber/Telemetry',
    {
      // Authentication comes before the body is parsed, as for every route of the api: a caller
      // without the device's key learns nothing about the body rules.
      onRequest: async (request, reply) => {
        const key = deviceKeyFrom(request.headers.authorization);
        if (key === undefined) return refuse(reply);
        const { serialNumber } = request.params as { serialNumber: string };
        const device = await findDeviceBySerial(app.db, serialNumber);
        if (!device) {
          return reply
            .code(404)
            .send({ ...problem('notFound'), message: `No device with serial number ${serialNumber}.` });
        }
        if (!deviceKeyMatches(key, device.ingestKeyHash)) return refuse(reply);
        devices.set(request, device);
      },
      schema: {
        tags: ['Devices'],
        summary: 'Report what a tracking device measured',
        description:
          'Authenticated with `Authorization: Device <key>`. Stores the device values, then the ' +
          "vehicle's position, lock state and tamper alert, each before the live hub announces it. " +
          'Readings older than what is stored are ignored; a device not linked to a vehicle stores ' +
          'its own values only.',
        security: [{ device: [] }],
        params: Params,
        body: TelemetryReportSchema,
        response: {
          200: TelemetryResultSchema,
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const device = devices.get(request);
      if (!device) throw new ApiError('unauthenticated');
      const errors = reportErrors(request.body);
      if (errors) throw new ApiError('validation', errors);
      return app.telemetry.ingest(device, request.body);
    },
  );
};
