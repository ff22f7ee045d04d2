/*
 * The api's Prometheus endpoint (see metrics-settings.ts for where it answers). A scrape reads the
 * process's counters and histograms (instruments.ts) and this instance's own figures: its hub
 * connections, and the alarm queue, read from the database with one indexed query reused for a few
 * seconds, so several scrapers or a short interval cost the database nothing more.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { startMetricsServer } from '@sentinel/observability/metrics-server';
import type { MetricsServer } from '@sentinel/observability/metrics-server';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { postgresPoolFigures } from '@sentinel/database';
import { dialectOf } from '../db/database';
import { ACTIVE_ALARM_STATES, readAlarmFigures } from './alarm-figures';
import type { AlarmFigures } from './alarm-figures';
import { countHubDrop, httpRequestDuration, processMetrics } from './instruments';
import { metricsServed } from './metrics-settings';
import type { MetricsOptions } from './metrics-settings';
import { HUB_PATH } from '../live/live-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics this instance serves, and the port of their own listener once it listens. */
    metrics: { registry: Registry; port: number | undefined };
  }
}

/**
 * The hub's Close error for a screen that stopped reading its messages (the hub drops them rather
 * than hold them without limit); @sentinel/signalr-hub says it in these words.
 */
const SLOW_CLIENT = /did not read its messages fast enough/;

/** The SHA-256 of each side, compared in constant time: a wrong token's length tells nothing either. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** This instance's own figures, read when scraped. */
function instanceRegistry(app: FastifyInstance, cacheMs: number): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'sentinel_hub_connections',
    help: 'Live hub connections (staff screens) this instance holds, past their handshake.',
    registers: [registry],
    collect() {
      this.set(app.liveHub.connectionCount);
    },
  });

  // On PostgreSQL, its pool (the process's, which holds one api); SQLite has one connection, no pool.
  // Read before the alarm figures, whose query would otherwise be counted waiting.
  if (dialectOf(app.db).name === 'postgres') {
    new Gauge({
      name: 'sentinel_db_pool_connections',
      help: "The PostgreSQL pool's connections, by state: in_use (running a query or a transaction) and idle.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const figures = postgresPoolFigures() ?? { inUse: 0, idle: 0 };
        this.set({ state: 'in_use' }, figures.inUse);
        this.set({ state: 'idle' }, figures.idle);
      },
    });
    new Gauge({
      name: 'sentinel_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL connection; above 0 for long, the pool (10 per instance) is too small for the load.',
      registers: [registry],
      collect() {
        this.set(postgresPoolFigures()?.waiting ?? 0);
      },
    });
  }

  let cached: { at: number; figures: Promise<AlarmFigures | undefined> } | undefined;
  const alarmFigures = () => {
    const now = Date.now();
    if (cached === undefined || now - cached.at >= cacheMs) {
      const figures = readAlarmFigures(app.db, new Date(now)).catch((error: unknown) => {
        // A scrape still answers the other figures; the alarm ones are missing until the database is.
        app.log.warn({ err: error }, 'metrics: alarm figures not read');
        return undefined;
      });
      cached = { at: now, figures };
    }
    return cached.figures;
  };
  new Gauge({
    name: 'sentinel_alarm_queue_size',
    help: "Alarms not yet resolved, by state (Open, Acknowledged, Escalated); the database's, so every instance tells the same.",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const figures = await alarmFigures();
      if (figures === undefined) return;
      for (const state of ACTIVE_ALARM_STATES) this.set({ state }, figures.byState[state]);
    },
  });
  new Gauge({
    name: 'sentinel_alarm_oldest_open_age_seconds',
    help: 'Seconds the oldest Open (unacknowledged) alarm of each kind has waited; absent for a kind with none.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const open of (await alarmFigures())?.oldestOpen ?? [])
        this.set({ kind: open.kind }, open.ageSeconds);
    },
  });
  new Gauge({
    name: 'sentinel_alarm_oldest_open_target_seconds',
    help: "The acknowledgement target of that alarm (its kind's ALARM_ACK_TARGET_SECONDS_* when it opened): age above target is an alarm waiting past it.",
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const open of (await alarmFigures())?.oldestOpen ?? []) {
        this.set({ kind: open.kind }, open.targetSeconds);
      }
    },
  });
  return registry;
}

/** `2xx`, `4xx`: the class, so a label never takes more than five values. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export const metricsPlugin = fp<MetricsOptions>(
  (app, options, done) => {
    const enabled = metricsServed(options);
    const registry = enabled
      ? Registry.merge([processMetrics(), instanceRegistry(app, options.alarmFiguresCacheMs ?? 5_000)])
      : new Registry();
    const metrics: FastifyInstance['metrics'] = { registry, port: undefined };
    app.decorate('metrics', metrics);
    // Nobody can read them: the request timings and the hub's hook would be work for nothing.
    if (!enabled) return done();

    app.addHook('onResponse', (request, reply, next) => {
      // The hub answers its own requests (a long poll waits up to 90 s): they are its own figures.
      const hub = request.is404 && request.url.toLowerCase().startsWith(HUB_PATH.toLowerCase());
      if (!hub) {
        httpRequestDuration.observe(
          {
            method: request.method,
            // The route as declared (/Vehicles/:vehicleId), never the path asked for: no ids or
            // tokens in a label, and a bounded number of series.
            route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
            status_class: statusClass(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      }
      next();
    });
    app.liveHub.onDisconnected((_context, error) => {
      if (error !== undefined && SLOW_CLIENT.test(error)) countHubDrop('slow_client');
    });

    const { token } = options;
    if (token !== undefined) {
      // Without the token it is a path like any unknown one: 404, nothing saying metrics are here.
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const authorization = request.headers.authorization ?? '';
        const presented = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
        if (!sameToken(presented, token)) return reply.callNotFound();
        void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
        return registry.metrics();
      });
    }

    if (options.port !== undefined) {
      const port = options.port;
      let server: MetricsServer | undefined;
      app.addHook('onReady', async () => {
        server = await startMetricsServer(registry, {
          port,
          host: options.host,
          onScrapeError: (error) => app.log.error({ err: error }, 'metrics: scrape failed'),
        });
        metrics.port = server.port;
      });
      app.addHook('onClose', async () => {
        await server?.close();
      });
    }
    done();
  },
  { name: 'sentinel-metrics', dependencies: ['sentinel-db', 'sentinel-live-hub'] },
);
