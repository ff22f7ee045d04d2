/*
 * The bench's Prometheus metrics, on a listener of their own (METRICS_PORT on METRICS_HOST,
 * loopback unless told; off by default), never on the bench's own port, which browsers reach.
 * prom-client's default figures (event-loop lag, memory, GC) and the bench's: tests measuring now,
 * and tests finished by result. The finished count lives once per process, as prom-client's
 * default registry does (the runner counts where a test ends); the tests measuring are read from
 * the bench's database when scraped.
 */
import { startMetricsServer } from '@sentinel/observability/metrics-server';
import type { MetricsServer } from '@sentinel/observability/metrics-server';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { BenchDb } from './db/database';

export interface BenchMetricsOptions {
  /** METRICS_PORT: a listener serving GET /metrics alone; 0 picks a free port (tests). */
  port: number;
  /** METRICS_HOST: the interface it binds to. @default '127.0.0.1' */
  host?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The port the metrics listener took (METRICS_PORT, or the free one picked for 0); undefined when off. */
    metricsPort: number | undefined;
  }
}

const processRegistry = new Registry();
let defaultsCollected = false;

const testsFinished = new Counter({
  name: 'sentinel_bench_tests_finished_total',
  help: 'Burn-in tests that ended, by result: Passed, Failed (the unit measured out of bounds or did not answer), Stopped (by a person).',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/** Tests ended with this result (a stop ends every test of the unit at once). */
export function countFinishedTests(result: 'Passed' | 'Failed' | 'Stopped', tests = 1): void {
  if (tests > 0) testsFinished.inc({ result }, tests);
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** METRICS_PORT (1 to 65535) and METRICS_HOST, checked; undefined when the metrics are off. */
export function benchMetricsOptions(env: NodeJS.ProcessEnv = process.env): BenchMetricsOptions | undefined {
  const rawPort = text(env, 'METRICS_PORT');
  const host = text(env, 'METRICS_HOST');
  if (rawPort === undefined) {
    if (host !== undefined)
      throw new Error('METRICS_HOST needs METRICS_PORT: the port of the metrics listener it binds.');
    return undefined;
  }
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`METRICS_PORT must be a port number from 1 to 65535; it is '${rawPort}'.`);
  }
  return host === undefined ? { port } : { port, host };
}

/** The bench's metrics on their own port, from ready to close; nothing when options are undefined. */
export function serveBenchMetrics(
  app: FastifyInstance,
  db: BenchDb,
  options: BenchMetricsOptions | undefined,
): void {
  app.decorate('metricsPort', undefined);
  if (options === undefined) return;
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: processRegistry });
    defaultsCollected = true;
  }
  const own = new Registry();
  new Gauge({
    name: 'sentinel_bench_tests_running',
    help: 'Burn-in tests measuring now (InProgress), on every station of this bench.',
    registers: [own],
    async collect() {
      const row = await db
        .selectFrom('benchTests')
        .select((eb) => eb.fn.countAll<number>().as('tests'))
        .where('status', '=', 'InProgress')
        .executeTakeFirstOrThrow();
      this.set(Number(row.tests));
    },
  });
  const registry = Registry.merge([processRegistry, own]);

  let server: MetricsServer | undefined;
  app.addHook('onReady', async () => {
    server = await startMetricsServer(registry, {
      port: options.port,
      host: options.host,
      onScrapeError: (error) => app.log.error(error, 'metrics: scrape failed'),
    });
    app.metricsPort = server.port;
  });
  app.addHook('onClose', async () => {
    await server?.close();
  });
}
