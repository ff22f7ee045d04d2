/*
 * The gateway's Prometheus metrics, on a listener of their own (METRICS_PORT on METRICS_HOST,
 * loopback unless told; off by default), never on the trackers' ports. prom-client's default
 * figures (event-loop lag, memory, GC) and the instance's counters (stats.ts), read from its
 * StatsBook when scraped, so the figures /health answers and these never disagree.
 */
import { startMetricsServer } from '@sentinel/observability/metrics-server';
import type { MetricsServer } from '@sentinel/observability/metrics-server';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import type { GatewayStats, StatsBook } from './stats';

export interface GatewayMetricsSettings {
  /** METRICS_PORT: a listener serving GET /metrics alone; 0 picks a free port (tests). */
  port: number;
  /** METRICS_HOST: the interface it binds to. @default '127.0.0.1' */
  host?: string;
}

/** The metrics port, listening: the port picked (when 0 was asked) and close(). */
export type GatewayMetrics = MetricsServer;

/** prom-client's default figures, once per process: their event-loop monitor runs once. */
const processRegistry = new Registry();
let defaultsCollected = false;

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** METRICS_PORT (1 to 65535) and METRICS_HOST, checked; undefined when the metrics are off. */
export function gatewayMetricsSettings(
  env: NodeJS.ProcessEnv = process.env,
): GatewayMetricsSettings | undefined {
  const rawPort = text(env, 'METRICS_PORT');
  const host = text(env, 'METRICS_HOST');
  if (rawPort === undefined) {
    if (host !== undefined) {
      throw new Error('METRICS_HOST needs METRICS_PORT: the port of the metrics listener it binds.');
    }
    return undefined;
  }
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`METRICS_PORT must be a port number from 1 to 65535; it is '${rawPort}'.`);
  }
  return host === undefined ? { port } : { port, host };
}

/** A counter whose values are the book's, set when scraped. */
function mirroredCounter<Label extends string>(
  registry: Registry,
  stats: StatsBook,
  config: { name: string; help: string; labelNames?: readonly Label[] },
  values: (snapshot: GatewayStats) => [Partial<Record<Label, string>>, number][],
): void {
  new Counter({
    ...config,
    labelNames: config.labelNames ?? [],
    registers: [registry],
    collect() {
      // Counters only go up; the book's counts do too, so setting them again is the same figure.
      this.reset();
      for (const [labels, value] of values(stats.snapshot())) this.inc(labels, value);
    },
  });
}

/** This instance's figures, from its book. */
function instanceRegistry(stats: StatsBook): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'sentinel_gateway_connections',
    help: 'Tracker connections open now, by protocol (Teltonika over TCP; OsmAnd reports are single HTTP requests, counted as records).',
    labelNames: ['protocol'] as const,
    registers: [registry],
    collect() {
      this.set({ protocol: 'teltonika' }, stats.snapshot().connectionsOpen);
    },
  });
  new Gauge({
    name: 'sentinel_gateway_devices_online',
    help: 'Devices whose handshake was accepted and whose connection is open now.',
    registers: [registry],
    collect() {
      this.set(stats.snapshot().devicesOnline);
    },
  });
  mirroredCounter(
    registry,
    stats,
    {
      name: 'sentinel_gateway_records_received_total',
      help: "Position records received, by protocol and outcome: stored by the api, or refused by it (a clock far ahead, a malformed OsmAnd report), which the device is told (Teltonika's acknowledgement, OsmAnd's 400).",
      labelNames: ['protocol', 'outcome'] as const,
    },
    (book) => [
      [{ protocol: 'teltonika', outcome: 'stored' }, book.records],
      [{ protocol: 'teltonika', outcome: 'refused' }, book.recordsRefused],
      [{ protocol: 'osmand', outcome: 'stored' }, book.osmandReports],
      [{ protocol: 'osmand', outcome: 'refused' }, book.osmandRejected],
    ],
  );
  mirroredCounter(
    registry,
    stats,
    {
      name: 'sentinel_gateway_commands_delivered_total',
      help: 'Lock and unlock commands (Codec 12) written to the devices this instance holds.',
    },
    (book) => [[{}, book.commandsSent]],
  );
  mirroredCounter(
    registry,
    stats,
    {
      name: 'sentinel_gateway_command_answers_total',
      help: "Devices' answers to those commands, reported to the api.",
    },
    (book) => [[{}, book.commandAnswers]],
  );
  mirroredCounter(
    registry,
    stats,
    {
      name: 'sentinel_gateway_connections_closed_total',
      help: 'Tracker connections ended, by reason (peer-closed, unknown-device, protocol-error, api-unavailable, replaced, ...).',
      labelNames: ['reason'] as const,
    },
    (book) => Object.entries(book.closes).map(([reason, count]) => [{ reason }, count]),
  );
  mirroredCounter(
    registry,
    stats,
    {
      name: 'sentinel_gateway_protocol_errors_total',
      help: "Frames that broke the protocol, by the codec's reason (bad-crc, too-long, ...).",
      labelNames: ['reason'] as const,
    },
    (book) => Object.entries(book.protocolErrors).map(([reason, count]) => [{ reason }, count]),
  );
  return registry;
}

/** Serves GET /metrics on its own listener until closed. */
export async function startGatewayMetrics(
  settings: GatewayMetricsSettings,
  stats: StatsBook,
  log: Logger,
): Promise<GatewayMetrics> {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: processRegistry });
    defaultsCollected = true;
  }
  const registry = Registry.merge([processRegistry, instanceRegistry(stats)]);
  return startMetricsServer(registry, {
    port: settings.port,
    host: settings.host,
    onScrapeError: (error) => log.error({ err: error }, 'metrics: scrape failed'),
  });
}
