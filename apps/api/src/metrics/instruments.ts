/*
 * The api's counters and histograms, once per process, as prom-client's own default registry is:
 * each figure is counted where it happens (the hub's send, the telemetry commit, a command's end, a
 * message's attempt, every query) by code that holds no app, through the small functions below. A
 * production process runs one api, so the process's figures are the instance's; tests that build
 * several apis in one process read how a figure moved, never its absolute value. The figures read
 * from an app when scraped (hub connections, the alarm queue) live in metrics-plugin.ts instead.
 */
import { performance } from 'node:perf_hooks';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';
import type { Kysely, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { DeviceCommandStatus, LiveMessageName } from '@sentinel/domain';
import { metricsServed } from './metrics-settings';
import type { MetricsOptions } from './metrics-settings';

/** The process's figures; an app's endpoint merges them with its own (see processMetrics). */
const registry = new Registry();
let defaultsCollected = false;

/**
 * The process's registry, with prom-client's default metrics (event-loop lag, memory, GC, CPU,
 * handles) added the first time an api asks: their event-loop monitor runs only in a process
 * whose metrics someone can read.
 */
export function processMetrics(): Registry {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: registry });
    defaultsCollected = true;
  }
  return registry;
}

// ---- HTTP ---------------------------------------------------------------------------------

/** Seconds, from a fast read (5 ms) to a slow export (10 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'sentinel_http_request_duration_seconds',
  help: "Time to answer an HTTP request, by method, route template (never the request's own path) and status class.",
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

// ---- Live hub -----------------------------------------------------------------------------

const hubMessagesSent = new Counter({
  name: 'sentinel_hub_messages_sent_total',
  help: 'Live messages handed to the hub for their audience (one per change, whatever the number of screens), by message.',
  labelNames: ['message'] as const,
  registers: [registry],
});

const hubMessagesDropped = new Counter({
  name: 'sentinel_hub_messages_dropped_total',
  help: "Live messages lost: 'error' a message that could not be read or sent, 'slow_client' a screen disconnected for not reading its messages.",
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** A live message went to its audience. */
export function countHubMessage(message: LiveMessageName): void {
  hubMessagesSent.inc({ message });
}

/** A live message was lost: it failed before it was sent, or a screen fell too far behind. */
export function countHubDrop(reason: 'error' | 'slow_client'): void {
  hubMessagesDropped.inc({ reason });
}

// ---- Telemetry ----------------------------------------------------------------------------

const reportsIngested = new Counter({
  name: 'sentinel_telemetry_reports_ingested_total',
  help: 'Device reports stored (committed), from every protocol and the simulator.',
  registers: [registry],
});

const ingestionLag = new Histogram({
  name: 'sentinel_telemetry_ingestion_lag_seconds',
  help: "Seconds from a report's own timestamp to its commit: the network, the gateway and the api together (a device that buffered readings out of coverage adds its delay).",
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
  registers: [registry],
});

/** Reports committed together; each one's lag is now less its timestamp (a clock ahead counts 0). */
export function countIngestedReports(timestamps: readonly string[], now: number = Date.now()): void {
  reportsIngested.inc(timestamps.length);
  for (const timestamp of timestamps) ingestionLag.observe(Math.max(0, now - Date.parse(timestamp)) / 1000);
}

// ---- Commands -----------------------------------------------------------------------------

const commandOutcomes = new Counter({
  name: 'sentinel_command_outcomes_total',
  help: "Lock and unlock commands that ended, by outcome: Confirmed or Failed (the device's answer), Expired, Cancelled.",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const commandRoundTrip = new Histogram({
  name: 'sentinel_command_round_trip_seconds',
  help: "Seconds from a person's lock or unlock to the device's Confirmed or Failed answer (a lock held for a moving vehicle includes its wait).",
  buckets: [0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});

/**
 * A vehicle's command ended. `requestedAt` (the command's stored instant) is given with a device's
 * answer, whose round trip is then observed.
 */
export function countCommandOutcome(
  outcome: Extract<DeviceCommandStatus, 'Confirmed' | 'Failed' | 'Expired' | 'Cancelled'>,
  requestedAt?: string,
  now: number = Date.now(),
): void {
  commandOutcomes.inc({ outcome });
  if (requestedAt !== undefined) commandRoundTrip.observe(Math.max(0, now - Date.parse(requestedAt)) / 1000);
}

// ---- Notifications ------------------------------------------------------------------------

const notificationOutcomes = new Counter({
  name: 'sentinel_notification_outcomes_total',
  help: 'Attempts to send a message (SMS, e-mail, web push), by channel and outcome: sent, retrying (to be tried again), failed (given up).',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

/** One attempt of the outbox worker ended. */
export function countNotificationOutcome(channel: string, outcome: 'sent' | 'retrying' | 'failed'): void {
  notificationOutcomes.inc({ channel, outcome });
}

// ---- Database -----------------------------------------------------------------------------

const queryDuration = new Histogram({
  name: 'sentinel_db_query_duration_seconds',
  help: 'Seconds from a query being built to its rows, a wait for a pooled connection included, by statement (statements compiled once and run many times, as the telemetry path does, are counted on their first run only).',
  labelNames: ['operation'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const OPERATIONS: Readonly<Record<string, string>> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  RawNode: 'raw',
};

/**
 * Times each query from its compilation (just before it runs) to its result. Kysely hands both
 * steps the same query id; a query that fails has no result, and its start is dropped with its id.
 */
class QueryTiming implements KyselyPlugin {
  private readonly started = new WeakMap<QueryId, { at: number; operation: string }>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(queryId, { at: performance.now(), operation: OPERATIONS[node.kind] ?? 'other' });
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const start = this.started.get(queryId);
    if (start !== undefined) {
      this.started.delete(queryId);
      queryDuration.observe({ operation: start.operation }, (performance.now() - start.at) / 1000);
    }
    return Promise.resolve(result);
  }
}

/**
 * The database with every query timed (sentinel_db_query_duration_seconds) when the metrics are
 * served; as it is when they are not, where nobody would read the figures.
 */
export function timedQueries<DB>(db: Kysely<DB>, metrics: MetricsOptions | undefined): Kysely<DB> {
  return metricsServed(metrics) ? db.withPlugin(new QueryTiming()) : db;
}
