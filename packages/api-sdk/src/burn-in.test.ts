import type { AuthorisedUser, DeviceListFields } from '@sentinel/domain';
import { demoSignIn, startApi, startTestRunner } from '@sentinel/testing';
import type { RunningApi, RunningTestRunner } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBurnInClient } from './burn-in';
import type { BurnInApi } from './burn-in';
import { createApiClient } from './client';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { eq } from './odata';

const SECRET = 'a-shared-signing-key-for-the-sdk-tests!';

let api: RunningApi;
let runner: RunningTestRunner;
let client: ApiClient;
let burnIn: BurnInApi;
let serials: string[];

beforeAll(async () => {
  api = await startApi({ jwtSecret: SECRET });
  runner = await startTestRunner({
    jwtSecret: SECRET,
    apiUrl: api.url,
    // Slow enough that a stop right after a start finds the first test still measuring.
    durationScale: 0.2,
  });
  const runnerUrl = runner.url;
  let user: AuthorisedUser | null = await createApiClient({
    baseUrl: api.url,
    session: { get: () => null, set() {}, clear() {} },
  }).auth.signInByEmail(demoSignIn('Technical-Agent'));
  client = createApiClient({
    baseUrl: api.url,
    session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
    validateAnswers: true,
  });
  // Every answer is checked against the contract: a drift between service and SDK fails here.
  burnIn = createBurnInClient({
    baseUrl: runnerUrl,
    accessToken: () => client.auth.freshAccessToken(),
    validateAnswers: true,
  });
  const free = await client.devices.list({ filter: eq<DeviceListFields>('vehicleId', 0), pageSize: 2 });
  serials = free.items.map((device) => device.serialNumber);
}, 60_000);

afterAll(async () => {
  await runner?.close();
  await api?.close();
});

async function until(holds: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error('condition not met in 15 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the burn-in calls against a real test-runner', () => {
  it('adds a unit, runs, stops and retries its tests, and removes it', async () => {
    const [serial] = serials as [string];
    expect(await burnIn.stations()).toEqual(['burn1', 'burn2', 'burn3', 'burn4']);

    expect(await burnIn.addUnit(serial, 'burn3')).toEqual({
      message: `Unit ${serial} added to station burn3`,
    });
    expect(await burnIn.stations()).toEqual(['burn1', 'burn2', 'burn4']);

    expect(await burnIn.startUnitTest(serial)).toEqual({ message: `All tests started for unit ${serial}` });
    expect(await burnIn.stopUnitTest(serial)).toEqual({ message: `All tests stopped for unit ${serial}` });
    expect(await burnIn.startAllTests()).toEqual({ message: 'All tests started on 1 unit' });
    expect(await burnIn.stopAllTests()).toEqual({ message: 'All tests stopped on 1 unit' });

    expect(await burnIn.retryUnitTest(serial, 'TamperSensor')).toEqual({
      message: `Retrying TamperSensor test on unit ${serial}`,
    });
    await until(async () =>
      (await burnIn.results())[0]!.results.some(
        (test) => test.testType === 'TamperSensor' && test.status === 'Passed',
      ),
    );

    const [unit] = await burnIn.results();
    expect(unit).toMatchObject({ unitSerialNumber: serial, testStation: 'burn3' });
    expect(unit!.results.find((test) => test.testType === 'FirmwareVersion')!.status).toBe('Stopped');
    expect(await burnIn.removeUnit(serial)).toEqual({
      message: `Unit ${serial} removed; station burn3 is free`,
    });
    expect(await burnIn.stations()).toContain('burn3');
  });

  it("turns a refusal into an ApiError carrying the service's message", async () => {
    const error: unknown = await burnIn.retryFailedTests('NOT-ON-BENCH').catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, message: 'Unit NOT-ON-BENCH is not on the bench' });
  });
});
