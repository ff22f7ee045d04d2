import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createApiClient, ne } from '@sentinel/api-sdk';
import type { Page, Vehicle } from '@sentinel/api-sdk';
import { vehicleKeys } from '../../../lib/server-cache';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { startArmingClock } from './arming-clock';

// A vehicle as the api lists it; the cases below hold it under other ids with their own arming.
let listed: Vehicle;
const schedule = { days: ['Fri' as const], from: '22:00', to: '05:00' };
// Friday 14 November 2025, 21:59:30 in Johannesburg (UTC+2).
const beforeWindow = new Date('2025-11-14T19:59:30Z');

beforeAll(async () => {
  let user = await storeSignedInUser('Admin');
  const api = createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => user, set: (next) => (user = next), clear() {} },
  });
  const [first] = (await api.vehicles.list({ filter: ne('deviceId', null), pageSize: 1 })).items;
  if (!first) throw new Error('no vehicle with a device');
  listed = first;
});

let stop: () => void = () => undefined;

afterEach(() => {
  stop();
  vi.useRealTimers();
});

afterAll(() => {
  vi.useRealTimers();
});

/** The cache with these vehicles in a page and each on its own, and the arming clock looking at it. */
function cacheWith(vehicles: Partial<Vehicle>[]): QueryClient {
  vi.useFakeTimers({ now: beforeWindow, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // Kept however far the clock moves, as a screen that shows them keeps them.
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const cached = vehicles.map((vehicle) => ({ ...listed, ...vehicle }));
  queryClient.setQueryData<Page<Vehicle>>(vehicleKeys.list('all', {}), {
    items: cached,
    totalCount: cached.length,
    pageIndex: 0,
    pageSize: cached.length,
  } as Page<Vehicle>);
  for (const vehicle of cached) queryClient.setQueryData(vehicleKeys.detail(vehicle.id), vehicle);
  stop = startArmingClock(queryClient);
  return queryClient;
}

function armed(queryClient: QueryClient, vehicleId: number): { listed?: boolean; detail?: boolean } {
  return {
    listed: queryClient
      .getQueryData<Page<Vehicle>>(vehicleKeys.list('all', {}))
      ?.items.find((vehicle) => vehicle.id === vehicleId)?.armed,
    detail: queryClient.getQueryData<Vehicle>(vehicleKeys.detail(vehicleId))?.armed,
  };
}

describe('given a vehicle scheduled to arm from 22:00 to 05:00 on Fridays', () => {
  it('reads armed in every cached copy within a second of 22:00, and not armed after 05:00', async () => {
    const queryClient = cacheWith([{ id: 1, armed: false, armedSince: null, armingSchedule: schedule }]);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(armed(queryClient, 1)).toEqual({ listed: false, detail: false });
    // 22:00:01.
    await vi.advanceTimersByTimeAsync(1_001);
    expect(armed(queryClient, 1)).toEqual({ listed: true, detail: true });

    // Saturday 05:00:01 in Johannesburg.
    await vi.advanceTimersByTimeAsync(7 * 60 * 60_000);
    expect(armed(queryClient, 1)).toEqual({ listed: false, detail: false });
  });

  it('keeps one disarmed inside the window disarmed until the window ends, and one armed by hand armed after it', async () => {
    const queryClient = cacheWith([
      { id: 2, armed: false, armedSince: null, armingSchedule: schedule },
      { id: 3, armed: false, armedSince: null, armingSchedule: null },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(armed(queryClient, 2)).toEqual({ listed: true, detail: true });

    // Disarmed at 23:00 (the answer, or another screen's live message, written into the cache),
    // and vehicle 3 armed by hand.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    queryClient.setQueryData<Vehicle>(vehicleKeys.detail(2), (vehicle) => ({ ...vehicle!, armed: false }));
    queryClient.setQueryData<Vehicle>(vehicleKeys.detail(3), (vehicle) => ({
      ...vehicle!,
      armed: true,
      armedSince: new Date().toISOString(),
      armingSchedule: schedule,
    }));
    await vi.advanceTimersByTimeAsync(5 * 60 * 60_000);
    expect(armed(queryClient, 2).detail).toBe(false);
    expect(armed(queryClient, 3).detail).toBe(true);

    // 05:00: the window ends; the hand arming stands.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(armed(queryClient, 2).detail).toBe(false);
    expect(armed(queryClient, 3).detail).toBe(true);
  });
});
