import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, ProblemDetailsRef } from '../errors';
import { deviceKeyOnly } from '../plugins/device-group';
import { reportErrors, TelemetryReportSchema, TelemetryResultSchema } from '../telemetry/telemetry-service';

const Params = Type.Object({ serialNumber: Type.String({ minLength: 1, maxLength: 100 }) });

/** Where a tracking device reports (see README, Device telemetry), in the device-key group. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/Devices/:serialNumber/Telemetry',
    {
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
      const device = request.device;
      if (!device) throw new ApiError('unauthenticated');
      const errors = reportErrors(request.body);
      if (errors) throw new ApiError('validation', errors);
      return app.telemetry.ingest(device, request.body);
    },
  );
};

export const deviceTelemetryRoutes = deviceKeyOnly(routes);
