/*
 * Lock and unlock sent to a free device to test it over its own command channel (README, "Device
 * commands"): the burn-in bench drives each unit's relay this way. Staff of the bench's roles ask,
 * the device fetches the command from GET /Devices/{serialNumber}/Commands and answers it through
 * the Ack route, and staff read the outcome here. A device fitted to a vehicle is refused: its
 * commands go through PUT /Vehicles/{id}/Lock and Unlock, which change the vehicle.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BURN_IN_ROLES, DeviceTestCommandRequestSchema, DeviceTestCommandSchema } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { ApiError, notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { findDeviceBySerial } from '../telemetry/device-keys';

const Serial = Type.String({ minLength: 1, maxLength: 64 });
const Refusals = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const device = async (serialNumber: string) => {
    const found = await findDeviceBySerial(app.db, serialNumber);
    if (!found) throw notFound(`Device ${serialNumber} was not found.`);
    return found;
  };

  app.post(
    '/Devices/:serialNumber/TestCommands',
    {
      config: { roles: BURN_IN_ROLES },
      schema: {
        tags: ['Devices'],
        summary: 'Send a Lock or Unlock to a free device to test it (the burn-in bench)',
        description:
          'Answers 201 with the test command (Pending). The device fetches it from ' +
          'GET /Devices/{serialNumber}/Commands and reports the outcome through the Ack route; ' +
          'GET /Devices/{serialNumber}/TestCommands/{commandId} reads it. A newer one replaces a test ' +
          'command that still waits. A device linked to a vehicle answers 409: lock the vehicle instead; ' +
          'so does a deactivated device.',
        security: [{ bearer: [] }],
        params: Type.Object({ serialNumber: Serial }),
        body: DeviceTestCommandRequestSchema,
        response: { 201: DeviceTestCommandSchema, ...Refusals, 409: ProblemDetailsRef },
      },
    },
    async (request, reply) => {
      const found = await device(request.params.serialNumber);
      // A deactivated device fetches no commands (the device routes refuse it), so one would only wait.
      if (!found.active) {
        throw new ApiError(
          'conflict',
          undefined,
          `Device ${found.serialNumber} is deactivated; activate it before testing it.`,
        );
      }
      if (found.vehicleId !== null) {
        throw new ApiError(
          'conflict',
          undefined,
          `Device ${found.serialNumber} is fitted to a vehicle; lock or unlock the vehicle instead.`,
        );
      }
      const command = await app.commands.requestTest({
        deviceId: found.id,
        type: request.body.type,
        requestedByUserId: request.user!.userId,
      });
      await recordAudit(app.db, request, {
        action: 'DeviceTestCommandSent',
        targetType: 'Device',
        targetId: found.id,
        detail: { serialNumber: found.serialNumber, type: command.type, commandId: command.id },
      });
      return reply.code(201).send(command);
    },
  );

  app.get(
    '/Devices/:serialNumber/TestCommands/:commandId',
    {
      config: { roles: BURN_IN_ROLES },
      schema: {
        tags: ['Devices'],
        summary: "A test command of the device and the device's outcome",
        security: [{ bearer: [] }],
        params: Type.Object({ serialNumber: Serial, commandId: Type.Integer({ minimum: 1 }) }),
        response: { 200: DeviceTestCommandSchema, ...Refusals },
      },
    },
    async (request) => {
      const found = await device(request.params.serialNumber);
      const command = await app.commands.getTest(found.id, request.params.commandId);
      if (!command)
        throw notFound(`Device ${found.serialNumber} has no test command ${request.params.commandId}.`);
      return command;
    },
  );
};

/** Test commands for free devices: the burn-in bench's roles. */
export const deviceTestCommandRoutes = routePlugin('device-test-commands', routes, {
  dependencies: ['sentinel-commands'],
  decorators: ['db', 'commands'],
});
