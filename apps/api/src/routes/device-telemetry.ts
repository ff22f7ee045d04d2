import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DevicePathSchema,
  ref,
  TelemetryBatchResultSchema,
  TelemetryBatchSchema,
  TelemetryReportSchema,
  TelemetryResultSchema,
} from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { ApiError, ProblemDetailsRef } from '../errors';
import { deviceKeyOnly } from '../plugins/device-group';
import { reportErrors } from '../telemetry/telemetry-service';

/** Where a tracking device reports (see README, Device telemetry), in the device-key group. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(TelemetryResultSchema);
  app.addSchema(TelemetryBatchResultSchema);

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

  app.post(
    '/Devices/:serialNumber/Telemetry/Batch',
    {
      schema: {
        tags: ['Devices'],
        summary: 'Report several readings at once',
        description:
          'Readings a device kept while out of coverage, or a packet of records, in one request: each ' +
          'is stored as if sent alone, in the order sent (older than what is stored is ignored), and ' +
          'answered in that order. A report the rules refuse refuses the batch: ' +
          '400 with field errors named `Reports[i].Field`, and nothing is stored. Authenticated as the ' +
          'single report is.',
        security: [{ device: [] }],
        params: DevicePathSchema,
        body: TelemetryBatchSchema,
        response: {
          200: ref(TelemetryBatchResultSchema),
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
      const { reports } = request.body;
      const errors: FieldErrors = {};
      reports.forEach((report, index) => {
        for (const [field, messages] of Object.entries(reportErrors(report) ?? {})) {
          errors[`Reports[${index}].${field}`] = messages;
        }
      });
      if (Object.keys(errors).length > 0) throw new ApiError('validation', errors);
      // Handed in within one turn: the service's group commit stores them in one transaction, in order.
      const results = await Promise.all(reports.map((report) => app.telemetry.ingest(device, report)));
      return { results };
    },
  );
};

export const deviceTelemetryRoutes = deviceKeyOnly(routes);
