/*
 * The simulator's Teltonika trackers through the real device gateway (apps/device-gateway, run as
 * the process `npm start` runs, from its bundle) into this api: what they report moves their
 * vehicles, and a lock pressed by staff reaches the tracker as Codec 12 and comes back confirmed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@sentinel/domain';
import type { DeviceCommand, LockResult, Page } from '@sentinel/domain';
import { isDemoImei } from '../../db/seed';
import { signIn, startApi, stopApi } from '../../live/test-support';
import type { RunningApi } from '../../live/test-support';
import { startGatewayProcess } from './gateway-process';
import type { GatewayProcess } from './gateway-process';
import { createSimulator } from './simulator';
import type { Simulator } from './simulator';

const GATEWAY_KEY = 'a-gateway-key-for-the-simulator-journey';

let api: RunningApi;
let gateway: GatewayProcess;
let simulator: Simulator;
const errors: unknown[] = [];

beforeAll(async () => {
  // Locks go out at once, however fast the simulated drive looks between two quick rounds.
  api = await startApi({ gatewayKey: GATEWAY_KEY, commands: { lockMaxSpeedKmh: 100_000 } });
  gateway = await startGatewayProcess(api.url, GATEWAY_KEY);
  const port = gateway.teltonikaPort;
  simulator = createSimulator(
    {
      db: api.app.db,
      telemetry: api.app.telemetry,
      commands: api.app.commands,
      onError: (error) => errors.push(error),
    },
    { seed: 1, tickMs: 60_000, gateway: { host: '127.0.0.1', port } },
  );
});

afterAll(async () => {
  await simulator?.stop();
  await gateway?.stop();
  if (api) await stopApi(api);
});

function vehicleRow(vehicleId: number) {
  return api.app.db
    .selectFrom('vehicles')
    .select(['gpsDateTime', 'isLocked'])
    .where('id', '=', vehicleId)
    .executeTakeFirstOrThrow();
}

describe("the simulator's Teltonika trackers through the device gateway", () => {
  it('move their vehicles, and a lock by staff reaches the tracker as setdigout 1 and shows the vehicle locked', async () => {
    const devices = await api.app.db
      .selectFrom('devices')
      .select(['serialNumber', 'vehicleId'])
      .where('active', '=', 1)
      .where('vehicleId', 'is not', null)
      .orderBy('id')
      .execute();
    const tracker = devices.find((device) => isDemoImei(device.serialNumber))!;
    const vehicleId = tracker.vehicleId!;
    const seeded = await vehicleRow(vehicleId);
    const round = new Date().toISOString();

    await simulator.tick();

    // Stored by the api from the gateway's call: the gateway acknowledged nothing it had not.
    await vi.waitFor(async () => expect((await vehicleRow(vehicleId)).gpsDateTime! >= round).toBe(true), {
      timeout: 5_000,
      interval: 50,
    });
    expect((await vehicleRow(vehicleId)).gpsDateTime).not.toBe(seeded.gpsDateTime);
    expect((await vehicleRow(vehicleId)).isLocked).toBe(0);

    const { accessToken } = await signIn(api.url, ROLE.technicalAgent);
    const locking = await fetch(`${api.url}/Vehicles/${vehicleId}/Lock`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Test' }),
    });
    expect(locking.status).toBe(202);
    const { command } = (await locking.json()) as LockResult;

    await vi.waitFor(async () => expect((await vehicleRow(vehicleId)).isLocked).toBe(1), {
      timeout: 5_000,
      interval: 50,
    });
    const listed = await fetch(`${api.url}/Vehicles/${vehicleId}/Commands`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(((await listed.json()) as Page<DeviceCommand>).items[0]).toMatchObject({
      id: command.id,
      status: 'Confirmed',
      resultIsLocked: true,
    });

    // The tracker's next record says its output is on: the vehicle stays locked.
    const next = new Date().toISOString();
    await simulator.tick();
    await vi.waitFor(async () => expect((await vehicleRow(vehicleId)).gpsDateTime! >= next).toBe(true), {
      timeout: 5_000,
      interval: 50,
    });
    expect((await vehicleRow(vehicleId)).isLocked).toBe(1);
    expect(errors).toEqual([]);
  });
});
