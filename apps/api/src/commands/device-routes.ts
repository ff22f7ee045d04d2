/*
 * The device's side of lock and unlock (README, "Device commands"): a long poll for the commands
 * waiting for it and an acknowledgement with the outcome. Registered inside deviceKeyOnly, so the
 * device's key is checked (and request.device set) before anything else.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEVICE_COMMAND_WAIT_SECONDS,
  DeviceCommandAckPathSchema,
  DeviceCommandAckResultSchema,
  DeviceCommandAckSchema,
  DeviceCommandBatchSchema,
  DeviceCommandDeliverySchema,
  DeviceCommandPollQuerySchema,
  DevicePathSchema,
  ref,
} from '@sentinel/domain';
import { ApiError, ProblemDetailsRef, problem } from '../errors';
import { CommandRefusal } from './command-service';

// 403: the device is deactivated (the device group refuses it before the route runs).
const DeviceAnswers = { 401: ProblemDetailsRef, 403: ProblemDetailsRef, 404: ProblemDetailsRef };

export const deviceCommandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(DeviceCommandDeliverySchema);
  app.addSchema(DeviceCommandBatchSchema);
  app.addSchema(DeviceCommandAckResultSchema);

  app.get(
    '/Devices/:serialNumber/Commands',
    {
      schema: {
        tags: ['Devices'],
        summary: 'Fetch the lock and unlock commands waiting for this device (long poll)',
        description:
          'Authenticated with `Authorization: Device <key>`. Answers at once with the waiting commands ' +
          '(each becomes Delivered), else waits up to waitSeconds for one and answers `{ items: [] }` ' +
          'when none came. Poll again straight after each answer; a device that has not polled for ' +
          'about 35 s shows as offline and its commands as queued. A device linked to no vehicle receives ' +
          'its test commands (POST /Devices/{serialNumber}/TestCommands) here. One poll per device is ' +
          'open at a time: a new one ends the one before with `{ items: [] }`. A deactivated device is ' +
          'refused with 403.',
        security: [{ device: [] }],
        params: DevicePathSchema,
        querystring: DeviceCommandPollQuerySchema,
        response: { 200: ref(DeviceCommandBatchSchema), ...DeviceAnswers },
      },
    },
    async (request, reply) => {
      const device = request.device;
      if (!device) throw new ApiError('unauthenticated');
      const gone = new AbortController();
      // The device hung up: stop waiting, and hand it nothing it would never read.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const waitMs = (request.query.waitSeconds ?? DEVICE_COMMAND_WAIT_SECONDS) * 1000;
      const items = await app.commands.poll(device, waitMs, gone.signal);
      if (items.length > 0)
        request.log.info({ commandIds: items.map((item) => item.id) }, 'commands delivered');
      return { items };
    },
  );

  app.post(
    '/Devices/:serialNumber/Commands/:commandId/Ack',
    {
      schema: {
        tags: ['Devices'],
        summary: "Report a command's outcome and the lock state it left",
        description:
          'Delivered says the device has it; Confirmed or Failed (with `locked`, the state now) ends it, ' +
          "stores the lock state and writes the vehicle's history. Another device's or an unknown command " +
          'answers 404; an expired, cancelled or already answered one 409 (repeating the same outcome answers 200).',
        security: [{ device: [] }],
        params: DeviceCommandAckPathSchema,
        body: DeviceCommandAckSchema,
        response: {
          200: ref(DeviceCommandAckResultSchema),
          400: ProblemDetailsRef,
          409: ProblemDetailsRef,
          ...DeviceAnswers,
        },
      },
    },
    async (request, reply) => {
      const device = request.device;
      if (!device) throw new ApiError('unauthenticated');
      try {
        const status = await app.commands.acknowledge(device, request.params.commandId, request.body);
        request.log.info(
          { commandId: request.params.commandId, commandStatus: status },
          'command acknowledged',
        );
        return { id: request.params.commandId, status };
      } catch (error) {
        if (!(error instanceof CommandRefusal)) throw error;
        const code = error.status === 404 ? 'notFound' : error.status === 409 ? 'conflict' : 'refused';
        return reply.code(error.status).send(problem(code, undefined, error.message));
      }
    },
  );
};
