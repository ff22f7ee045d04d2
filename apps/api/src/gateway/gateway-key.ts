/*
 * The device gateway's key (GATEWAY_KEY). A gateway presents `Authorization: Gateway <key>` and
 * then speaks for the trackers it holds connections for: their telemetry, their commands, their
 * answers. Trackers' protocols carry no secret, so the key vouches for the gateway, not for the
 * device; a gateway may therefore speak only for serials of GATEWAY_SERIAL_PATTERN (IMEIs and a
 * tracking app's numeric ids), never for the product's own devices, which have keys of their own.
 */
import fp from 'fastify-plugin';
import { deviceKeyMatches, hashDeviceKey } from '../telemetry/device-keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether `key` is the api's GATEWAY_KEY: constant-time, and false for any key when none is set. */
    isGatewayKey(key: string): boolean;
  }
}

const GATEWAY_SCHEME = /^Gateway\s+(\S+)\s*$/i;

/** The key of an `Authorization: Gateway <key>` header; undefined for any other header. */
export function gatewayKeyFrom(authorization: string | undefined): string | undefined {
  return GATEWAY_SCHEME.exec(authorization ?? '')?.[1];
}

export interface GatewayKeyOptions {
  /** GATEWAY_KEY; undefined lets no gateway speak. */
  gatewayKey?: string | undefined;
}

/** Decorates app.isGatewayKey. */
export const gatewayKeyPlugin = fp<GatewayKeyOptions>(
  (app, options, done) => {
    // Both sides are hashed before the comparison, as device keys are, so its time tells nothing
    // of the key's length or its first characters.
    const stored = options.gatewayKey === undefined ? null : hashDeviceKey(options.gatewayKey);
    app.decorate('isGatewayKey', (key: string) => deviceKeyMatches(key, stored));
    done();
  },
  { name: 'sentinel-gateway-key', fastify: '5.x' },
);
