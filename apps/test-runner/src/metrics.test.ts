import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parsePrometheusText, sumSamples } from '@sentinel/observability/prometheus-text';
import { build } from './app';
import { benchMetricsOptions } from './metrics';

let app: FastifyInstance;
let metricsUrl: string;

beforeAll(async () => {
  // The bench alone: its units report to an address where nothing listens. Its first test
  // measures for 0.75 s, the next for 1.5 s.
  app = await build({
    apiUrl: 'http://127.0.0.1:9',
    durationScale: 0.5,
    tickMs: 20,
    commandWaitSeconds: 1,
    metrics: { port: 0 },
  });
  metricsUrl = `http://127.0.0.1:${app.metricsPort}/metrics`;
});

afterAll(async () => {
  await app.close();
});

/** A sample's value, summed over the series whose labels include these (0 when there is none). */
async function figure(name: string, labels: Record<string, string> = {}): Promise<number> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  return sumSamples(parsePrometheusText(await response.text()), name, labels);
}

describe('the metrics listener', () => {
  it("answers the process's default figures", async () => {
    const text = await (await fetch(metricsUrl)).text();

    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
  });

  it('answers nothing but GET /metrics, and not on the bench port', async () => {
    const other = await fetch(metricsUrl.replace('/metrics', '/TestRunner/Stations'));
    const post = await fetch(metricsUrl, { method: 'POST' });
    const onBenchPort = await app.inject({ method: 'GET', url: '/metrics' });

    expect([other.status, post.status, onBenchPort.statusCode]).toEqual([404, 404, 404]);
  });
});

describe('the tests on the bench', () => {
  it('counts the tests measuring, and those that ended by result', async () => {
    const stoppedBefore = await figure('sentinel_bench_tests_finished_total', { result: 'Stopped' });
    const endedBefore =
      (await figure('sentinel_bench_tests_finished_total', { result: 'Passed' })) +
      (await figure('sentinel_bench_tests_finished_total', { result: 'Failed' }));
    expect(await figure('sentinel_bench_tests_running')).toBe(0);

    await app.runner.addUnit('SNT-METRICS-1', 'burn1');
    await app.runner.startUnit('SNT-METRICS-1');
    expect(await figure('sentinel_bench_tests_running')).toBe(1);

    // The runner finishes the first test on its own timer and starts the next.
    const deadline = Date.now() + 10_000;
    let ended = endedBefore;
    while (ended === endedBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ended =
        (await figure('sentinel_bench_tests_finished_total', { result: 'Passed' })) +
        (await figure('sentinel_bench_tests_finished_total', { result: 'Failed' }));
    }
    expect(ended).toBeGreaterThan(endedBefore);

    await app.runner.stopUnit('SNT-METRICS-1');
    // A runner tick already under way when the unit stopped ends its step first.
    await expect.poll(() => figure('sentinel_bench_tests_running'), { timeout: 5_000, interval: 20 }).toBe(0);
    expect(await figure('sentinel_bench_tests_finished_total', { result: 'Stopped' })).toBeGreaterThan(
      stoppedBefore,
    );
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('leave the metrics off unless a port is set', () => {
    expect(benchMetricsOptions({})).toBeUndefined();
    expect(benchMetricsOptions({ METRICS_PORT: '9465', METRICS_HOST: '10.0.0.5' })).toEqual({
      port: 9465,
      host: '10.0.0.5',
    });
  });

  it('refuse a port that is not one and an interface without a port', () => {
    expect(() => benchMetricsOptions({ METRICS_PORT: '70000' })).toThrow(
      /METRICS_PORT must be a port number/,
    );
    expect(() => benchMetricsOptions({ METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST needs METRICS_PORT/);
  });
});
