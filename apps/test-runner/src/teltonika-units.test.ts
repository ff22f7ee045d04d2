import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startGateway } from '@sentinel/device-gateway';
import type { RunningGateway } from '@sentinel/device-gateway';
import { testSettings } from '@sentinel/device-gateway/test-device';
import type { BurnInUnitResult } from '@sentinel/domain';
import { demoSignIn, signIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { build } from './app';

/*
 * A unit known by IMEI on a bench with a device gateway: the real api (with a gateway key), the
 * real gateway in-process, and the bench speaking Teltonika to the gateway over TCP.
 */

const SECRET = 'a-burn-in-test-signing-key-of-32-chars!';
/** The IMEI of Teltonika's documentation, registered here as an installer would. */
const IMEI = '356307042441013';

let api: RunningApi;
let gateway: RunningGateway;
let app: FastifyInstance;
let agent: string;

beforeAll(async () => {
  const key = randomBytes(32).toString('base64url');
  api = await startApi({ jwtSecret: SECRET, gatewayKey: key });
  gateway = await startGateway(testSettings(api.url, key, { instanceId: 'burn-in-test' }));
  agent = `Bearer ${(await signIn(api.url, 'Technical-Agent')).accessToken}`;
  const registered = await fetch(`${api.url}/Devices`, {
    method: 'POST',
    headers: { authorization: agent, 'content-type': 'application/json' },
    body: JSON.stringify({ serialNumber: IMEI }),
  });
  expect(registered.status).toBe(201);
  app = await build({
    jwtSecret: SECRET,
    apiUrl: api.url,
    durationScale: 0.01,
    tickMs: 20,
    commandFailureRate: 0,
    pinnedFaults: new Map([[IMEI, []]]),
    gateway: { host: '127.0.0.1', port: gateway.teltonikaPort },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await gateway?.close();
  await api?.close();
});

async function put(url: string) {
  const response = await app.inject({ method: 'PUT', url, headers: { authorization: agent } });
  return { status: response.statusCode, message: (response.json() as { message: string }).message };
}

/** The unit's results once every test has ended. */
async function ended(): Promise<BurnInUnitResult> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [unit] = (
      await app.inject({ method: 'GET', url: '/TestRunner/Results', headers: { authorization: agent } })
    ).json<BurnInUnitResult[]>();
    const done =
      unit !== undefined &&
      unit.results.length > 0 &&
      unit.results.every((test) => !['Pending', 'InProgress'].includes(test.status));
    if (done) return unit;
    if (Date.now() > deadline) throw new Error(`The tests did not end; last results ${JSON.stringify(unit)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a unit known by IMEI, on a bench with a device gateway', () => {
  it('speaks Teltonika: its readings arrive as records and its relay obeys setdigout, so every test passes', async () => {
    const before = gateway.stats();

    expect(await put(`/TestRunner/AddUnit?unitSerialNumber=${IMEI}&stationId=burn1`)).toEqual({
      status: 200,
      message: `Unit ${IMEI} added to station burn1`,
    });
    expect(await put(`/TestRunner/StartUnitTest?unitSerialNumber=${IMEI}`)).toMatchObject({ status: 200 });
    const unit = await ended();

    for (const test of unit.results) expect(test).toMatchObject({ status: 'Passed', failureReason: null });
    const data = (type: string) => unit.results.find((test) => test.testType === type)!.testData;

    // The lock and unlock went out as Codec 12 and the unit's answers confirmed them on the api.
    const relay = data('LockRelay') as {
      channel: { lock: { commandId: number; resultIsLocked: boolean }; unlock: { commandId: number } };
    };
    expect(relay.channel).toMatchObject({
      lock: { status: 'Confirmed', resultIsLocked: true, reason: null },
      unlock: { status: 'Confirmed', resultIsLocked: false, reason: null },
    });
    expect(await api.testCommand(relay.channel.lock.commandId)).toMatchObject({
      type: 'Lock',
      status: 'Confirmed',
      requestedBy: demoSignIn('Technical-Agent').name,
    });
    expect((await api.testCommand(relay.channel.unlock.commandId)).status).toBe('Confirmed');
    const after = gateway.stats();
    expect(after.commandsSent - before.commandsSent).toBe(2);
    expect(after.commandAnswers - before.commandAnswers).toBe(2);

    // Each test's readings went as a record the gateway acknowledged once the api stored it.
    expect(data('GsmRegistration')['telemetry']).toMatchObject({
      accepted: true,
      status: null,
      gateway: `127.0.0.1:${gateway.teltonikaPort}`,
    });
    expect(after.records - before.records).toBe(unit.results.length);
    const battery = data('DeviceBattery') as { battery: { percent: number } };
    const carBattery = data('CarBatterySense') as { carBattery: { measuredVolts: number } };
    const stored = await api.device(IMEI);
    expect(stored.deviceBatteryPercent).toBe(battery.battery.percent);
    expect(stored.carBatteryVolts).toBeCloseTo(carBattery.carBattery.measuredVolts, 2);
    // No FMB AVL id carries a firmware version, so none reached the api: nothing went by the key path.
    expect(stored.applicationVersion).toBeNull();
  });
});
