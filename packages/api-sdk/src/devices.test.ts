import type { DeviceListFields } from '@sentinel/domain';
import { signIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { eq } from './odata';

let api: RunningApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startApi();
  client = await signedInClient(api.url, 'Technical-Agent');
});

afterAll(async () => {
  await api.close();
});

describe('devices.sendTestCommand and devices.testCommand', () => {
  it('sends a test lock to a free device and reads what the device answered', async () => {
    const [free] = (await client.devices.list({ filter: eq<DeviceListFields>('vehicleId', 0) })).items;
    if (!free) throw new Error('no free demo device');
    const { key } = (await (
      await fetch(`${api.url}/Devices/${free.serialNumber}/IngestKey`, {
        method: 'POST',
        headers: { authorization: `Bearer ${(await signIn(api.url, 'Technical-Agent')).accessToken}` },
      })
    ).json()) as { key: string };

    const sent = await client.devices.sendTestCommand(free.serialNumber, 'Lock');
    expect(sent).toMatchObject({ serialNumber: free.serialNumber, type: 'Lock', status: 'Pending' });

    // The device's side, with its own key, as the bench unit does it.
    const device = { authorization: `Device ${key}`, 'content-type': 'application/json' };
    await fetch(`${api.url}/Devices/${free.serialNumber}/Commands?waitSeconds=0`, { headers: device });
    await fetch(`${api.url}/Devices/${free.serialNumber}/Commands/${sent.id}/Ack`, {
      method: 'POST',
      headers: device,
      body: JSON.stringify({ status: 'Confirmed', locked: true }),
    });

    expect(await client.devices.testCommand(free.serialNumber, sent.id)).toMatchObject({
      id: sent.id,
      status: 'Confirmed',
      resultIsLocked: true,
    });
  });

  it("throws the api's 404 for an unknown device", async () => {
    const error = await client.devices
      .sendTestCommand('NOPE-0001', 'Lock')
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(404);
  });
});

describe('devices.register', () => {
  it('registers a tracker by its IMEI, free to link, and throws the field error for it again', async () => {
    const device = await client.devices.register('356307049000010');

    expect(device).toMatchObject({ serialNumber: '356307049000010', active: true, vehicleId: 0 });
    const again = await client.devices.register('356307049000010').catch((caught: unknown) => caught);
    expect(isApiError(again) && again.errors).toEqual({
      SerialNumber: ['A device with this serial number already exists.'],
    });
  });
});
