/*
 * How gateway instances agree which connection of a device is the newest. With REDIS_URL, Redis
 * numbers every accepted connection (INCR, one order for all instances) and each acceptance is
 * published; an instance holding an older connection of that IMEI closes it. Without Redis the
 * instance numbers its own.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DeviceRegistry } from './device-registry';

export const ACCEPTED_CHANNEL = 'sentinel:device-gateway:accepted';
const SEQUENCE_KEY = 'sentinel:device-gateway:sequence';

interface Accepted {
  imei: string;
  instanceId: string;
  connectionId: string;
  sequence: number;
}

export interface ConnectionDirectory {
  /** The number of a connection accepted now: higher than any accepted before it. */
  nextSequence(): Promise<number>;
  /** Tells the other instances, which close an older connection of the same IMEI. */
  announce(imei: string, connectionId: string, sequence: number): void;
  close(): Promise<void>;
}

/** One instance on its own. */
export function localDirectory(): ConnectionDirectory {
  let sequence = 0;
  return {
    nextSequence: () => Promise.resolve((sequence += 1)),
    announce() {},
    close: () => Promise.resolve(),
  };
}

export async function redisDirectory(options: {
  redisUrl: string;
  instanceId: string;
  registry: DeviceRegistry;
  log: Logger;
}): Promise<ConnectionDirectory> {
  const { instanceId, registry, log } = options;
  // A handshake waits on INCR: a Redis that does not answer fails it quickly rather than holding it.
  const commands = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    lazyConnect: true,
  });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: true });
  for (const client of [commands, subscriber]) {
    client.on('error', (error: Error) => log.warn({ err: error }, 'redis error'));
  }
  // A Redis that cannot be reached at the start stops it, with its address; later, the clients
  // reconnect by themselves.
  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    throw new Error(
      `REDIS_URL: Redis at ${new URL(options.redisUrl).host} cannot be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  subscriber.on('message', (_channel: string, text: string) => {
    let message: Accepted;
    try {
      message = JSON.parse(text) as Accepted;
    } catch {
      return;
    }
    if (message.instanceId === instanceId || typeof message.imei !== 'string') return;
    registry.acceptedElsewhere(message.imei, Number(message.sequence));
  });
  try {
    await subscriber.subscribe(ACCEPTED_CHANNEL);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    throw error;
  }
  return {
    async nextSequence() {
      try {
        return await commands.incr(SEQUENCE_KEY);
      } catch (error) {
        // Redis is away: the device is still served; 0 ranks below any announced connection, so
        // the first one announced elsewhere takes its place.
        log.warn({ err: error }, 'redis did not number a connection');
        return 0;
      }
    },
    announce(imei, connectionId, sequence) {
      const message: Accepted = { imei, instanceId, connectionId, sequence };
      commands.publish(ACCEPTED_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
        log.warn({ err: error, imei }, 'redis did not take the announcement of a connection');
      });
    },
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}
