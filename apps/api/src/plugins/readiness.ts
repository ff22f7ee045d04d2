/*
 * Whether this instance should be sent requests: its database answers, every migration this code
 * knows is applied, its Redis answers (when REDIS_URL is set) and it is not shutting down. GET
 * /health/ready reports it to a prober (Kubernetes, an operator); the gate below acts on it for
 * the proxies that cannot probe (open-source nginx): from a SIGTERM on, and after two failed
 * checks in a row, it answers every request other than the health routes 503, before doing any
 * work, so nginx retries it on another instance and leaves this one out for a while
 * (deploy/README.md). Requests check again at most once a second.
 */
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import { problem } from '../errors';
import { MIGRATIONS } from '../db/migrations';
import type { Database } from '../db/schema';

/** What one check found. Never an error's text: the answer is public, and errors name hosts. */
export type CheckOutcome = 'ok' | 'failed' | 'timed out' | 'pending' | 'not used';

export interface ReadinessReport {
  ready: boolean;
  shuttingDown: boolean;
  checks: { database: CheckOutcome; migrations: CheckOutcome; redis: CheckOutcome };
}

export interface Readiness {
  /** Set by the shutdown (server.ts): ready is false from now on, whatever the checks say. */
  startShutdown(): void;
  readonly shuttingDown: boolean;
  /** Runs every check (joining a run under way, so a slow database gets one probe, not a queue of them). */
  check(): Promise<ReadinessReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export interface ReadinessOptions {
  /** REDIS_URL; its PING is a check when set. */
  redisUrl?: string | undefined;
  /** How long one check may take before it counts as failed. @default 1000 */
  checkTimeoutMs?: number;
  /** How old a report the request gate acts on before it checks again. @default 1000 */
  gateMaxAgeMs?: number;
}

/** The health routes answer whatever the state: a prober must reach them. */
const PROBES = new Set(['/health', '/health/live', '/health/ready']);

/** Resolves with the check's outcome, or 'timed out' after `ms`; a rejection is 'failed'. */
async function within(ms: number, check: () => Promise<CheckOutcome>): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  // After the timer, one more turn of the event loop: when the process itself was busy for the
  // whole time, an answer that came meanwhile is read before the check is called late.
  const late = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => setImmediate(() => resolve('timed out')), ms);
  });
  try {
    return await Promise.race([check().catch((): CheckOutcome => 'failed'), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function migrationsApplied(db: Kysely<Database>): Promise<CheckOutcome> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map(({ name }) => name));
  return Object.keys(MIGRATIONS).every((name) => applied.has(name)) ? 'ok' : 'pending';
}

/**
 * A connection of its own for the PING: the hub's backplane and the rate limits keep theirs to
 * themselves. It fails at once while Redis is away (no offline queue) and reconnects by itself.
 */
function redisPinger(url: string, timeoutMs: number) {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    connectionName: 'sentinel:readiness',
  });
  // Every failed PING says so in the report and the state change is logged; one line per
  // reconnect attempt here would only repeat it.
  redis.on('error', () => undefined);
  void redis.connect().catch(() => undefined);
  return {
    ping: async (): Promise<CheckOutcome> =>
      redis.status === 'ready' && (await redis.ping()) === 'PONG' ? 'ok' : 'failed',
    close: () => redis.disconnect(),
  };
}

export const readinessPlugin = fp<ReadinessOptions>(
  (app, options, done) => {
    const timeoutMs = options.checkTimeoutMs ?? 1_000;
    const gateMaxAgeMs = options.gateMaxAgeMs ?? 1_000;
    const redis = options.redisUrl === undefined ? undefined : redisPinger(options.redisUrl, timeoutMs);
    let shuttingDown = false;
    let running: Promise<ReadinessReport> | undefined;
    // build() has just migrated and reached the database: ready until a check says otherwise.
    let last: { report: ReadinessReport; at: number } | undefined;
    // The gate refuses requests after two failed runs in a row, as a load balancer's health check
    // would: one slow second of the database alone does not turn every request away.
    let failedInARow = 0;

    const run = async (): Promise<ReadinessReport> => {
      const [database, migrations, redisOutcome] = await Promise.all([
        within(timeoutMs, async () => {
          await sql`select 1`.execute(app.db);
          return 'ok';
        }),
        within(timeoutMs, () => migrationsApplied(app.db)),
        redis === undefined ? Promise.resolve<CheckOutcome>('not used') : within(timeoutMs, redis.ping),
      ]);
      const checks = { database, migrations, redis: redisOutcome };
      const healthy = Object.values(checks).every((outcome) => outcome === 'ok' || outcome === 'not used');
      const report = { ready: healthy && !shuttingDown, shuttingDown, checks };
      // A change is worth a line; the same state every second is not.
      if (healthy && failedInARow >= 2) app.log.info({ checks }, 'ready again');
      failedInARow = healthy ? 0 : failedInARow + 1;
      if (failedInARow === 2) app.log.warn({ checks }, 'not ready: new requests are answered 503');
      last = { report, at: Date.now() };
      return report;
    };

    const readiness: Readiness = {
      startShutdown() {
        shuttingDown = true;
      },
      get shuttingDown() {
        return shuttingDown;
      },
      check() {
        running ??= run().finally(() => {
          running = undefined;
        });
        return running;
      },
    };
    app.decorate('readiness', readiness);

    /** Whether a request is served: on the last runs, checked again when the last is over a second old. */
    const serving = async (): Promise<boolean> => {
      if (shuttingDown) return false;
      if (last === undefined || Date.now() - last.at > gateMaxAgeMs) {
        const fresh = readiness.check();
        // A ready instance does not make its callers wait for the check; a failing one does, so
        // it serves again with the first request after it recovered.
        if (failedInARow > 0) await fresh;
      }
      return failedInARow < 2;
    };

    app.addHook('onRequest', async (request, reply) => {
      if (PROBES.has(request.routeOptions.url ?? '') || (await serving())) return;
      // Said with a reply, not thrown: the error handler would log each one as a failure.
      void reply.header('retry-after', '1');
      // A draining instance also lets go of the proxy's kept-alive connections one by one.
      if (shuttingDown) void reply.header('connection', 'close');
      return reply.code(503).type('application/json').send(problem('notReady'));
    });

    app.addHook('onClose', async () => {
      redis?.close();
    });
    done();
  },
  { name: 'sentinel-readiness', dependencies: ['sentinel-db'] },
);
