import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Page } from '@sentinel/domain';
import { deadUrl, signIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { createDeviceClient } from './device-client';

let api: RunningApi;
let staff: Record<string, string>;
let serialNumber: string;
let key: string;

/** A Technical-Agent's call, as the burn-in bench makes it for the unit. */
async function asStaff<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = { ...staff, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${api.url}${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  api = await startApi();
  const { accessToken } = await signIn(api.url, 'Technical-Agent');
  staff = { authorization: `Bearer ${accessToken}` };
  const free = await asStaff<Page<Device>>(`/Devices?$filter=${encodeURIComponent('vehicleId eq 0')}`);
  const device = free.items[0];
  if (!device) throw new Error('No free demo device');
  serialNumber = device.serialNumber;
  ({ key } = await asStaff<{ key: string }>(`/Devices/${serialNumber}/IngestKey`, { method: 'POST' }));
});

afterAll(async () => {
  await api.close();
});

describe('a device with its key', () => {
  it('reports telemetry and reads which parts were stored', async () => {
    const device = createDeviceClient({ apiUrl: api.url, serialNumber, key });

    const answer = await device.report({
      timestamp: new Date().toISOString(),
      carBatteryVolts: 12.6,
      deviceBatteryPercent: 88,
    });

    expect(answer).toEqual({
      ok: true,
      status: 200,
      body: { vehicleId: null, stored: { device: true, position: false, lock: false, tamper: false } },
    });
  });

  it('fetches the command waiting for it and confirms it', async () => {
    const device = createDeviceClient({ apiUrl: api.url, serialNumber, key });
    const sent = await asStaff<{ id: number }>(`/Devices/${serialNumber}/TestCommands`, {
      method: 'POST',
      body: JSON.stringify({ type: 'Lock' }),
    });

    const polled = await device.commands({ waitSeconds: 5 });
    expect(polled).toMatchObject({ ok: true, body: { items: [{ id: sent.id, type: 'Lock' }] } });

    expect(await device.acknowledge(sent.id, { status: 'Confirmed', locked: true })).toEqual({
      ok: true,
      status: 200,
      body: { id: sent.id, status: 'Confirmed' },
    });
    // Another outcome for a finished command is refused, with the api's reason.
    const again = await device.acknowledge(sent.id, { status: 'Failed', locked: false });
    expect(again).toMatchObject({ ok: false, status: 409 });
  });

  it('waits out a long poll with no command and answers none', async () => {
    const device = createDeviceClient({ apiUrl: api.url, serialNumber, key });

    expect(await device.commands({ waitSeconds: 1 })).toEqual({ ok: true, status: 200, body: { items: [] } });
  });

  it('stops a long poll when its signal aborts', async () => {
    const device = createDeviceClient({ apiUrl: api.url, serialNumber, key });
    const stop = new AbortController();
    const polling = device.commands({ waitSeconds: 20, signal: stop.signal });
    stop.abort();

    expect(await polling).toMatchObject({ ok: false, status: null });
  });
});

describe('a call the api refuses or never answers', () => {
  it("answers the api's 401 for a wrong key and its 400 for a report from the future, with the reason", async () => {
    const wrong = createDeviceClient({ apiUrl: api.url, serialNumber, key: 'bm90LXRoZS1rZXk' });
    const refused = await wrong.report({ timestamp: new Date().toISOString() });
    expect(refused).toMatchObject({ ok: false, status: 401 });
    expect(!refused.ok && refused.detail).toContain('A valid device key is required.');

    const device = createDeviceClient({ apiUrl: api.url, serialNumber, key });
    const future = await device.report({ timestamp: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future).toMatchObject({ ok: false, status: 400 });
  });

  it('reports readings kept out of coverage in one batch, each answered in order', async () => {
    const device = createDeviceClient({ apiUrl: api.url, serialNumber, key });
    const answer = await device.reportBatch([
      { timestamp: new Date(Date.now() - 20_000).toISOString(), deviceBatteryPercent: 80 },
      { timestamp: new Date(Date.now() - 10_000).toISOString(), carBatteryVolts: 12.4 },
    ]);
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(answer.ok && answer.body.results.map((result) => result.stored.device)).toEqual([true, true]);
  });

  it('answers status null when nothing listens at the address', async () => {
    const device = createDeviceClient({ apiUrl: await deadUrl(), serialNumber, key });

    expect(await device.report({ timestamp: new Date().toISOString() })).toMatchObject({
      ok: false,
      status: null,
    });
  });
});
