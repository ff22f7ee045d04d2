import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEC_8, CODEC_8_EXTENDED, FMB_IO, encodeAvlPacket } from '@sentinel/teltonika';
import type { RunningGateway } from './gateway';
import { eventually, health, newImei, startGatewayBench } from './testing/gateway-bench';
import type { GatewayBench } from './testing/gateway-bench';
import { TestDevice, avlRecord } from './testing/test-device';

let bench: GatewayBench;
let gateway: RunningGateway;
const devices: TestDevice[] = [];

/** A device connected and accepted; closed after the file. */
async function online(imei: string): Promise<TestDevice> {
  const device = await TestDevice.online(gateway.teltonikaPort, imei);
  devices.push(device);
  return device;
}

beforeAll(async () => {
  bench = await startGatewayBench();
  gateway = await bench.startGateway();
});

afterAll(async () => {
  for (const device of devices) device.close();
  await bench?.close();
});

describe('the Teltonika handshake', () => {
  it('accepts a registered IMEI with 0x01 and holds its connection', async () => {
    const { imei } = await bench.registerDevice();

    const device = await online(imei);

    expect(device.isClosed).toBe(false);
    await eventually(async () => expect((await health(gateway)).devicesOnline).toBeGreaterThanOrEqual(1));
  });

  it('refuses an unknown IMEI with 0x00, closes the connection, counts the attempt and stores nothing', async () => {
    const before = gateway.stats();
    const imei = newImei();
    const device = await TestDevice.connect(gateway.teltonikaPort);

    expect(await device.handshake(imei)).toBe(false);
    await device.closed;

    const after = await health(gateway);
    expect(after.unknownDeviceAttempts).toBe(before.unknownDeviceAttempts + 1);
    expect(after.closes['unknown-device']).toBe(before.closes['unknown-device'] + 1);
    await expect(bench.api.device(imei)).rejects.toThrow(/404/);
  });

  it('keeps the newest connection of an IMEI, closes the older one, and sends the newer what the older left unanswered', async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const before = gateway.stats();
    const older = await online(imei);
    await bench.lock(vehicleId!);
    expect(await older.command()).toBe('setdigout 1');

    const newer = await online(imei);

    await older.closed;
    expect(newer.isClosed).toBe(false);
    expect(gateway.stats().closes.replaced).toBe(before.closes.replaced + 1);
    expect(await newer.command()).toBe('setdigout 1');
    newer.answer('DOUT1:1 DOUT2:0');
    await eventually(async () => expect((await bench.vehicle(vehicleId!)).isLocked).toBe(true));
  });

  it('refuses a deactivated device the same way, counted apart', async () => {
    const before = gateway.stats();
    const { imei } = await bench.registerDevice({ free: true, active: false });
    const device = await TestDevice.connect(gateway.teltonikaPort);

    expect(await device.handshake(imei)).toBe(false);
    await device.closed;

    const after = gateway.stats();
    expect(after.deactivatedDeviceAttempts).toBe(before.deactivatedDeviceAttempts + 1);
    expect(after.closes['deactivated-device']).toBe(before.closes['deactivated-device'] + 1);
  });
});

describe('AVL packets', () => {
  it('acknowledges a Codec 8 Extended packet of 2 records once stored, and the vehicle shows the last one', async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const device = await online(imei);
    const now = Date.now();
    const first = avlRecord(
      { latitude: -33.9249, longitude: 18.4241 },
      { [FMB_IO.batteryLevel]: 64 },
      new Date(now - 20_000),
    );
    const last = avlRecord(
      { latitude: -33.9251, longitude: 18.4243 },
      { [FMB_IO.batteryLevel]: 63, [FMB_IO.externalVoltage]: 12_650 },
      new Date(now - 10_000),
    );

    expect(await device.report(CODEC_8_EXTENDED, [first, last])).toBe(2);

    const vehicle = await bench.vehicle(vehicleId!);
    expect(vehicle.gpsLatitudeDegrees).toBeCloseTo(-33.9251, 6);
    expect(vehicle.gpsLongitudeDegrees).toBeCloseTo(18.4243, 6);
    expect(vehicle.deviceBatteryPercent).toBe(63);
    expect(vehicle.carBatteryVolts).toBeCloseTo(12.65, 2);
  });

  it('acknowledges Codec 8 too, and a record the api refuses (a clock far ahead) is acknowledged and counted', async () => {
    const { imei } = await bench.registerDevice();
    const device = await online(imei);
    const before = gateway.stats();
    const good = avlRecord({ latitude: -26.2041, longitude: 28.0473 }, { [FMB_IO.batteryLevel]: 80 });
    const ahead = avlRecord(
      { latitude: -26.2042, longitude: 28.0474 },
      {},
      new Date(Date.now() + 86_400_000),
    );

    expect(await device.report(CODEC_8, [good, ahead])).toBe(2);

    const after = gateway.stats();
    expect(after.records - before.records).toBe(1);
    expect(after.recordsRefused - before.recordsRefused).toBe(1);
    expect((await bench.api.device(imei)).deviceBatteryPercent).toBe(80);
  });
});

describe('lock and unlock through Codec 12', () => {
  it('writes setdigout 1 to the connected device and the vehicle shows locked once it answers', async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const device = await online(imei);

    const command = await bench.lock(vehicleId!);
    expect(await device.command()).toBe('setdigout 1');
    device.answer('DOUT1:1 DOUT2:0 Timeout:0');

    await eventually(async () => expect((await bench.vehicle(vehicleId!)).isLocked).toBe(true));
    const commands = await bench.asAdmin<{
      items: { id: number; status: string; resultIsLocked: boolean | null }[];
    }>(`/Vehicles/${vehicleId}/Commands`);
    expect(commands.items.find((item) => item.id === command.id)).toMatchObject({
      status: 'Confirmed',
      resultIsLocked: true,
    });
  });

  it("reports the command Failed, with the device's answer, when its answer leaves the output off", async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const device = await online(imei);

    const command = await bench.lock(vehicleId!);
    expect(await device.command()).toBe('setdigout 1');
    device.answer('DOUT1:0 DOUT2:0 Timeout:0');

    await eventually(async () => {
      const commands = await bench.asAdmin<{
        items: {
          id: number;
          status: string;
          resultIsLocked: boolean | null;
          failureReason?: string | null;
        }[];
      }>(`/Vehicles/${vehicleId}/Commands`);
      expect(commands.items.find((item) => item.id === command.id)).toMatchObject({
        status: 'Failed',
        resultIsLocked: false,
      });
    });
    expect((await bench.vehicle(vehicleId!)).isLocked).not.toBe(true);
  });

  it('hands a lock made while the device was offline over on its handshake', async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const command = await bench.lock(vehicleId!);
    expect(command.deviceOnline).toBe(false);

    const device = await online(imei);

    expect(await device.command()).toBe('setdigout 1');
    device.answer('DOUT1:1 DOUT2:0');
    await eventually(async () => expect((await bench.vehicle(vehicleId!)).isLocked).toBe(true));
  });
});

describe('when the api cannot store the records', () => {
  it('acknowledges nothing and closes, so the device sends them again, and takes them once the api is back', async () => {
    // The network between gateway and api, which the test can break: it answers 503 while failing.
    let failing = false;
    const proxy = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (failing) {
          response.writeHead(503).end();
          return;
        }
        void fetch(`${bench.api.url}${request.url}`, {
          method: request.method ?? 'GET',
          headers: request.headers as Record<string, string>,
          ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
        }).then(async (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
          });
          response.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const behindProxy = await bench.startGateway({
        apiUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      });
      const { imei } = await bench.registerDevice({ free: true });
      const records = [avlRecord({ latitude: -25.7479, longitude: 28.2293 }, { [FMB_IO.batteryLevel]: 33 })];
      const device = await TestDevice.online(behindProxy.teltonikaPort, imei);

      failing = true;
      device.send(encodeAvlPacket(CODEC_8_EXTENDED, records));
      await device.closed;
      expect(device.pending()).toEqual([]);
      expect(behindProxy.stats()).toMatchObject({ acknowledgements: 0, closes: { 'api-unavailable': 1 } });

      failing = false;
      const again = await TestDevice.online(behindProxy.teltonikaPort, imei);
      expect(await again.report(CODEC_8_EXTENDED, records)).toBe(1);
      again.close();
      expect((await bench.api.device(imei)).deviceBatteryPercent).toBe(33);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe('OsmAnd over HTTP', () => {
  const osmand = (path: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${gateway.osmandPort}${path}`, init);
  const seconds = () => Math.floor(Date.now() / 1000) - 5;

  it("moves a vehicle by a query GET (the OsmAnd app's request)", async () => {
    const { imei, vehicleId } = await bench.registerDevice();

    const response = await osmand(
      `/?id=${imei}&timestamp=${seconds()}&lat=-33.9180&lon=18.4233&speed=0.0&bearing=0.0&altitude=12.0&accuracy=5.0&batt=71.0`,
    );

    expect(response.status).toBe(200);
    const vehicle = await bench.vehicle(vehicleId!);
    expect([vehicle.gpsLatitudeDegrees, vehicle.gpsLongitudeDegrees]).toEqual([-33.918, 18.4233]);
    expect(vehicle.deviceBatteryPercent).toBe(71);
  });

  it('moves a vehicle by a form POST', async () => {
    const { imei, vehicleId } = await bench.registerDevice();

    const response = await osmand('/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${imei}&timestamp=${seconds()}&lat=-29.8579&lon=31.0292&batt=55`,
    });

    expect(response.status).toBe(200);
    const vehicle = await bench.vehicle(vehicleId!);
    expect([vehicle.gpsLatitudeDegrees, vehicle.gpsLongitudeDegrees]).toEqual([-29.8579, 31.0292]);
  });

  it("moves a vehicle by Traccar Client 9's JSON POST", async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const body = {
      location: {
        timestamp: new Date(Date.now() - 5_000).toISOString(),
        coords: {
          latitude: -25.7461,
          longitude: 28.1881,
          accuracy: 4,
          speed: 0,
          heading: 90,
          altitude: 1339,
        },
        is_moving: false,
        odometer: 0,
        event: 'motionchange',
        battery: { level: 0.42, is_charging: false },
        activity: { type: 'still' },
        extras: {},
      },
      device_id: imei,
    };

    const response = await osmand('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    expect(response.status).toBe(200);
    const vehicle = await bench.vehicle(vehicleId!);
    expect([vehicle.gpsLatitudeDegrees, vehicle.gpsLongitudeDegrees]).toEqual([-25.7461, 28.1881]);
    expect(vehicle.deviceBatteryPercent).toBe(42);
  });

  it("refuses an unknown id and the product's own devices, counted; a malformed request with its reason", async () => {
    const before = gateway.stats();

    const unknown = await osmand(`/?id=${newImei()}&lat=-33.9&lon=18.4`);
    const own = await osmand('/?id=SNT-000101&lat=-33.9&lon=18.4');
    const malformed = await osmand('/?id=123456789&lat=-33.9');
    const tooLarge = await osmand('/', { method: 'POST', body: 'x'.repeat(17 * 1024) });
    const elsewhere = await osmand('/gps?id=123456789');

    expect([unknown.status, own.status, malformed.status, tooLarge.status, elsewhere.status]).toEqual([
      404, 404, 400, 413, 404,
    ]);
    expect(await malformed.text()).toBe('lat and lon come together.\n');
    const after = await health(gateway);
    expect(after.unknownDeviceAttempts - before.unknownDeviceAttempts).toBe(2);
    expect(after.osmandRejected - before.osmandRejected).toBe(2);
  });
});
