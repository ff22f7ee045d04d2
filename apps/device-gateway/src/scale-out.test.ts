import { startRedisServer } from '@sentinel/signalr-hub/testing';
import type { RedisServer } from '@sentinel/signalr-hub/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from './gateway';
import { eventually, startGatewayBench } from './testing/gateway-bench';
import type { GatewayBench } from './testing/gateway-bench';
import { TestDevice } from './testing/test-device';

/*
 * Two gateway instances sharing a real redis-server, as behind nginx's stream proxy: the newest
 * connection of a device wins across them, and its commands reach the instance that holds it.
 */

let redis: RedisServer;
let bench: GatewayBench;
let first: RunningGateway;
let second: RunningGateway;
const devices: TestDevice[] = [];

beforeAll(async () => {
  [redis, bench] = await Promise.all([startRedisServer(), startGatewayBench()]);
  [first, second] = await Promise.all([
    bench.startGateway({ redisUrl: redis.url, instanceId: 'first' }),
    bench.startGateway({ redisUrl: redis.url, instanceId: 'second' }),
  ]);
});

afterAll(async () => {
  for (const device of devices) device.close();
  await bench?.close();
  await redis?.dispose();
});

async function online(gateway: RunningGateway, imei: string): Promise<TestDevice> {
  const device = await TestDevice.online(gateway.teltonikaPort, imei);
  devices.push(device);
  return device;
}

describe('given a device that reconnects to another instance', () => {
  it('the first instance closes its older connection, and a lock reaches the device on the second', async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const stale = await online(first, imei);
    const live = await online(second, imei);

    await stale.closed;
    expect(first.stats().closes.replaced).toBe(1);
    expect(live.isClosed).toBe(false);

    await bench.lock(vehicleId!);
    expect(await live.command()).toBe('setdigout 1');
    live.answer('DOUT1:1 DOUT2:0');
    await eventually(async () => expect((await bench.vehicle(vehicleId!)).isLocked).toBe(true));
    expect(first.stats().commandsSent).toBe(0);
  });

  it('gets the command made while it was away when it connects to the other instance', async () => {
    const { imei, vehicleId } = await bench.registerDevice();
    const before = await online(first, imei);
    before.close();
    await eventually(() => expect(first.stats().devicesOnline).toBe(0));

    await bench.lock(vehicleId!);
    const after = await online(second, imei);

    expect(await after.command()).toBe('setdigout 1');
  });
});
