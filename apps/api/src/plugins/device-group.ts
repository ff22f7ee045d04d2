import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { GATEWAY_SERIAL_PATTERN } from '@sentinel/domain';
import { problem } from '../errors';
import { gatewayKeyFrom } from '../gateway/gateway-key';
import { deviceKeyFrom, deviceKeyMatches, findDeviceBySerial } from '../telemetry/device-keys';
import type { IngestingDevice } from '../telemetry/device-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The device whose key signed the request; set in the device group only, null elsewhere. */
    device: IngestingDevice | null;
  }
}

const DEVICE_KEY_REQUIRED = 'A valid device key is required.';
const DEVICE_DEACTIVATED = 'This device is deactivated.';

/** Compared against when the serial is unknown: a hash no key has (not base64url). */
const UNKNOWN_DEVICE_HASH = '!'.repeat(43);

const refuse = (reply: FastifyReply) =>
  reply
    .code(401)
    .header('www-authenticate', 'Device')
    .send({ ...problem('unauthenticated'), message: DEVICE_KEY_REQUIRED });

/**
 * The routes a tracking device calls with its own key (`Authorization: Device <key>`), never a
 * person's token, so a stolen device key speaks for that one device only. Every route in the group
 * has a `:serialNumber` parameter; its onRequest finds that device, checks the key (401 for a
 * wrong key and for an unknown serial alike) and sets request.device, before the body is parsed.
 * A deactivated device is refused with 403: its reports are not stored and it is handed no
 * commands, test commands included.
 *
 * The device gateway calls the same routes for the trackers it holds, with
 * `Authorization: Gateway <key>` (GATEWAY_KEY): accepted only for a device whose serial matches
 * GATEWAY_SERIAL_PATTERN, so the gateway key never speaks for a device that has a key of its own.
 * Any other serial, a wrong key or no GATEWAY_KEY at all gets the same 401.
 */
export function deviceKeyOnly(...plugins: FastifyPluginAsyncTypebox[]) {
  return fp(
    async (app: FastifyInstance) => {
      app.decorateRequest('device', null);
      const authenticate: onRequestAsyncHookHandler = async (
        request: FastifyRequest,
        reply: FastifyReply,
      ) => {
        const { authorization } = request.headers;
        const key = deviceKeyFrom(authorization);
        const gatewayKey = key === undefined ? gatewayKeyFrom(authorization) : undefined;
        if (key === undefined && gatewayKey === undefined) return refuse(reply);
        const { serialNumber } = request.params as { serialNumber: string };
        const device = await findDeviceBySerial(app.db, serialNumber);
        // An unknown serial is answered like a wrong key, after the same comparison, so the answer
        // does not tell which serial numbers exist.
        const trusted =
          key === undefined
            ? app.isGatewayKey(gatewayKey ?? '') && GATEWAY_SERIAL_PATTERN.test(device?.serialNumber ?? '')
            : deviceKeyMatches(key, device?.ingestKeyHash ?? UNKNOWN_DEVICE_HASH);
        if (!trusted || !device) return refuse(reply);
        // After the key check, so only the device itself learns that it is deactivated.
        if (!device.active) {
          return reply.code(403).send(problem('forbidden', undefined, DEVICE_DEACTIVATED));
        }
        request.device = device;
      };
      app.addHook('onRoute', (route) => {
        if (!route.url.includes(':serialNumber')) {
          throw new Error(
            `${route.method.toString()} ${route.url}: a device route needs a :serialNumber parameter.`,
          );
        }
        const own = route.onRequest;
        route.onRequest = [authenticate, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
      });
      for (const plugin of plugins) await app.register(plugin);
    },
    {
      name: 'sentinel-device-routes',
      fastify: '5.x',
      encapsulate: true,
      dependencies: ['sentinel-db', 'sentinel-gateway-key'],
      decorators: { fastify: ['db', 'isGatewayKey'] },
    },
  );
}
