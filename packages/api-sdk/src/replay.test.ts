import { replayPeriod } from '@sentinel/domain';
import type { Vehicle, VehicleListFields } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { ne } from './odata';

let api: RunningApi;
let client: ApiClient;
let vehicle: Vehicle;

beforeAll(async () => {
  api = await startApi();
  client = await signedInClient(api.url, 'Technical-Agent');
  const page = await client.vehicles.list({ filter: ne<VehicleListFields>('deviceId', null), pageSize: 1 });
  vehicle = page.items[0]!;
});

afterAll(async () => {
  await api.close();
});

describe('replay', () => {
  it("reads yesterday's trips, stops and lock entries of a demo vehicle", async () => {
    const answer = await client.replay.trips(vehicle.id, replayPeriod('yesterday', new Date()));

    expect(answer.trips.length).toBeGreaterThan(0);
    expect(answer.stops.length).toBeGreaterThan(0);
    expect(answer.events.some((event) => event.type === 'LockState')).toBe(true);
  });

  it('reads every page of the fixes as one list, oldest first', async () => {
    const period = replayPeriod('yesterday', new Date());
    const first = await client.replay.fixes(vehicle.id, period, { pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.totalCount).toBeGreaterThan(20);

    const all = await client.replay.allFixes(vehicle.id, period);
    expect(all).toHaveLength(first.totalCount);
    expect(all.slice(0, 20)).toEqual(first.items);
    const times = all.map((fix) => fix.at);
    expect(times).toEqual([...times].sort());
  });

  it('throws an ApiError naming the period when it is too long', async () => {
    const error = await client.replay
      .trips(vehicle.id, { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' })
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(400);
  });
});
