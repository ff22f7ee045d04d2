import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevicePathSchema, ref, TelemetryReportSchema, TelemetryResultSchema } from '@sentinel/domain';
import { ApiError, ProblemDetailsRef } from '../errors';
import { deviceKeyOnly } from '../plugins/device-group';
import { reportErrors } from '../telemetry/telemetry-service';

/** Where a tracking device reports (see README, Device telemetry), in the device-key group. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(TelemetryResultSchema);

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
          'its own values only. A deactivated device is refused with 403 and nothing is stored.',
        security: [{ device: [] }],
        params: DevicePathSchema,
        body: TelemetryReportSchema,
        response: {
          200: ref(TelemetryResultSchema),
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
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
