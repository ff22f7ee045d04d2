/*
 * What only a device gateway calls: one long poll for the commands of every device it holds a
 * connection for (see README, "Device gateway"). The gateway reports and answers commands on the
 * device routes, as the device itself would; see plugins/device-group.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEVICE_COMMAND_WAIT_SECONDS,
  DeviceCommandDeliverySchema,
  GatewayCommandBatchSchema,
  GatewayCommandPollSchema,
  GatewayCommandSchema,
  ref,
} from '@sentinel/domain';
import { ProblemDetailsRef, problem } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { gatewayKeyFrom } from './gateway-key';
import { activeGatewayDevices } from './gateway-queries';

const GATEWAY_KEY_REQUIRED = 'A valid gateway key is required.';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(DeviceCommandDeliverySchema);
  app.addSchema(GatewayCommandSchema);
  app.addSchema(GatewayCommandBatchSchema);

  // Before the body is parsed: a caller without the key costs no more than this comparison.
  app.addHook('onRequest', async (request, reply) => {
    const key = gatewayKeyFrom(request.headers.authorization);
    if (key === undefined || !app.isGatewayKey(key)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Gateway')
        .send({ ...problem('unauthenticated'), message: GATEWAY_KEY_REQUIRED });
    }
  });

  app.post(
    '/Gateway/Commands/Poll',
    {
      schema: {
        tags: ['Gateway'],
        summary: 'Fetch the commands waiting for the devices a gateway holds (long poll)',
        description:
          'Authenticated with `Authorization: Gateway <key>` (GATEWAY_KEY). The body names the devices ' +
          'whose connections the calling gateway instance holds (IMEIs and numeric ids; an unknown, ' +
          'deactivated or other serial is skipped). They are marked seen (online), and their waiting ' +
          'commands are answered at once, each becoming Delivered; else the call waits up to waitSeconds ' +
          '(default and most 25) for a command made for any of them and answers `{ items: [] }` when none ' +
          'came. Poll again straight after each answer. Several gateway instances may poll at once with ' +
          'the same key, each for its own devices. Outcomes go to POST /Devices/{serialNumber}/Commands/{commandId}/Ack ' +
          'with the same key.',
        security: [{ gateway: [] }],
        body: GatewayCommandPollSchema,
        response: { 200: ref(GatewayCommandBatchSchema), 400: ProblemDetailsRef, 401: ProblemDetailsRef },
      },
    },
    async (request, reply) => {
      const gone = new AbortController();
      // The gateway hung up: stop waiting, and hand it nothing it would never read.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const devices = await activeGatewayDevices(app.db, request.body.serialNumbers);
      const serialOf = new Map(devices.map((device) => [device.id, device.serialNumber]));
      const waitMs = (request.body.waitSeconds ?? DEVICE_COMMAND_WAIT_SECONDS) * 1000;
      const handed = await app.commands.pollMany(devices, waitMs, gone.signal);
      return {
        items: handed.map(({ deviceId, command, traceParent }) => ({
          serialNumber: serialOf.get(deviceId) ?? '',
          command,
          // The trace of the request that made the command, for the gateway's send and the device's
          // answer to join (a gateway that traces sends its answer span's traceparent with the Ack).
          ...(traceParent === null ? {} : { traceParent }),
        })),
      };
    },
  );
};

/** POST /Gateway/Commands/Poll, for a caller with the gateway key only. */
export const gatewayRoutes = routePlugin('gateway', routes, {
  dependencies: ['sentinel-commands', 'sentinel-gateway-key'],
  decorators: ['db', 'commands', 'isGatewayKey'],
});
