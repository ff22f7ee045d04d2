import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScaleStack } from './test/scale-stack';
import type { ScaleStack } from './test/scale-stack';

// Two api instances on PostgreSQL and Redis behind nginx as the renderer writes it: what nginx
// does with an instance that answers 503 because it is not ready. A ready api answers these two
// calls without a token 401; a call nginx passed to an instance that is not ready would be 503.
const CALLS = [
  { method: 'GET', path: '/Roles' },
  // A POST, which nginx never repeats on its own.
  { method: 'POST', path: '/Devices/SNT-000101/Telemetry' },
] as const;

/** Resolves once `condition` holds, checking every 50 ms; rejects after `timeoutMs`. */
async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function status(url: string, method = 'GET'): Promise<number> {
  const response = await fetch(url, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
  await response.arrayBuffer();
  return response.status;
}

describe('nginx in front of api instances that are not ready', () => {
  let stack: ScaleStack | undefined;

  beforeAll(async () => {
    // The second instance logs its requests (to count those nginx still sends it) and drains for
    // longer than the test takes; the stack's stop() ends it with a second signal.
    stack = await startScaleStack({
      instances: 2,
      instanceEnv: [{}, { LOG_LEVEL: 'info', SHUTDOWN_DRAIN_SECONDS: '60' }],
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  function running(): ScaleStack {
    if (!stack) throw new Error('The stack did not start.');
    return stack;
  }

  it('stops sending calls while Redis is away, and sends them again once it is back', async () => {
    const { url, instances, redis } = running();

    await redis.stop();
    // No instance takes the call (each refuses after two failed checks): nginx answers it, 503 or,
    // once it has counted both out, 502.
    await waitUntil(
      async () => [502, 503].includes(await status(`${url}/Roles`)),
      10_000,
      'nginx has no ready instance',
    );
    for (const instance of instances) {
      const ready = await fetch(`${instance.url}/health/ready`);
      expect([ready.status, await ready.json()]).toEqual([
        503,
        { status: 'not ready', checks: { database: 'ok', migrations: 'ok', redis: 'failed' } },
      ]);
      expect((await fetch(`${instance.url}/health/live`)).status).toBe(200);
    }

    await redis.start();
    // Back within nginx's fail_timeout (5 s) of the instances being ready.
    await waitUntil(async () => (await status(`${url}/Roles`)) === 401, 10_000, 'nginx sends calls again');
    for (const instance of instances) expect(await status(`${instance.url}/health/ready`)).toBe(200);
  });

  it('sends every call to the other instance while one drains at shutdown, a POST too', async () => {
    const { url, instances } = running();
    const [, draining] = instances;
    if (!draining) throw new Error('Two instances are needed.');
    draining.process.child.kill('SIGTERM');
    await waitUntil(
      async () => (await status(`${draining.url}/health/ready`)) === 503,
      5_000,
      'the draining instance is not ready',
    );
    expect((await fetch(`${draining.url}/health/live`)).status).toBe(200);

    const before = draining.process.output().length;
    const answers: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      for (const { method, path } of CALLS) answers.push(await status(`${url}${path}`, method));
    }

    expect(answers).toEqual(Array.from({ length: 20 }, () => 401));
    // nginx tried the draining instance a few times at most, then counted it out for fail_timeout.
    const reached = draining.process
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('incoming request') && /\/Roles|\/Telemetry/.test(line));
    expect(reached.length).toBeLessThanOrEqual(4);
  });
});
