/*
 * One gateway instance: the Teltonika TCP listener, the OsmAnd HTTP listener (with GET /health),
 * the command poll for the devices it holds, and, with Redis, the agreement with other instances on
 * which connection of a device is the newest. The entry (index.ts) starts it from the environment;
 * tests start it in-process on port 0.
 */
import pino from 'pino';
import type { Logger } from 'pino';
import { createApiClient } from './api-client';
import { startCommandLoop } from './command-loop';
import type { GatewaySettings } from './config';
import { localDirectory, redisDirectory } from './connection-directory';
import type { ConnectionDirectory } from './connection-directory';
import { DeviceRegistry } from './device-registry';
import { parseAllowNetworks } from './network-allow-list';
import { startOsmAndServer } from './osmand/osmand-server';
import type { OsmAndServer } from './osmand/osmand-server';
import { StatsBook } from './stats';
import type { GatewayStats } from './stats';
import { startTeltonikaServer } from './teltonika/teltonika-server';
import { startGatewayMetrics } from './metrics';
import type { TeltonikaServer } from './teltonika/teltonika-server';

export interface RunningGateway {
  /** The Teltonika TCP port listened on (the one picked, when 0 was asked). */
  teltonikaPort: number;
  /** The OsmAnd HTTP port, which also serves GET /health. */
  osmandPort: number;
  /** The metrics listener's port (METRICS_PORT, or the one picked for 0); undefined when off. */
  metricsPort: number | undefined;
  /** Stops listening, closes every connection, ends the command poll. */
  close(): Promise<void>;
  stats(): GatewayStats;
}

export interface GatewayOptions {
  /** @default silent */
  logger?: Logger;
}

export async function startGateway(
  settings: GatewaySettings,
  options: GatewayOptions = {},
): Promise<RunningGateway> {
  const log = options.logger ?? pino({ level: 'silent' });
  const allow = parseAllowNetworks(settings.allowNetworks);
  const stats = new StatsBook(settings.instanceId);
  const api = createApiClient({ apiUrl: settings.apiUrl, key: settings.key });
  const registry = new DeviceRegistry();
  const started: { close(): Promise<void> }[] = [api];
  const closeStarted = async () => {
    for (const part of started.reverse()) await part.close().catch(() => {});
  };
  try {
    const directory: ConnectionDirectory =
      settings.redisUrl === undefined
        ? localDirectory()
        : await redisDirectory({
            redisUrl: settings.redisUrl,
            instanceId: settings.instanceId,
            registry,
            log,
          });
    started.push(directory);
    const teltonika: TeltonikaServer = await startTeltonikaServer({
      host: settings.host,
      port: settings.teltonikaPort,
      maxConnections: settings.maxConnections,
      allow,
      context: {
        api,
        registry,
        directory,
        stats,
        log,
        handshakeTimeoutMs: settings.handshakeTimeoutSeconds * 1000,
        idleTimeoutMs: settings.idleTimeoutSeconds * 1000,
      },
    });
    started.push(teltonika);
    const osmand: OsmAndServer = await startOsmAndServer({
      host: settings.host,
      port: settings.osmandPort,
      api,
      stats,
      log,
      allow,
      maxConnections: settings.maxConnections,
      health: () => stats.snapshot(),
    });
    started.push(osmand);
    const metrics = settings.metrics && (await startGatewayMetrics(settings.metrics, stats, log));
    if (metrics) started.push(metrics);
    const commands = startCommandLoop({ api, registry, log });
    // A key the api does not take makes every device look unknown: say so at the start.
    void api.pollCommands([], 0, AbortSignal.timeout(15_000)).then((answer) => {
      if (answer.kind === 'refused' && answer.status === 401) {
        log.error("GATEWAY_KEY is not the api's: every device will be refused as unknown");
      } else if (answer.kind !== 'ok') {
        log.warn(
          { status: answer.status, detail: answer.detail.slice(0, 200) },
          'the api does not answer yet',
        );
      }
    });
    // Closed first: the poll ends before the connections it would hand commands to.
    started.push({ close: () => commands.stop() });
    let closing: Promise<void> | undefined;
    return {
      teltonikaPort: teltonika.port,
      osmandPort: osmand.port,
      metricsPort: metrics?.port,
      close: () => (closing ??= closeStarted()),
      stats: () => stats.snapshot(),
    };
  } catch (error) {
    await closeStarted();
    throw error;
  }
}
