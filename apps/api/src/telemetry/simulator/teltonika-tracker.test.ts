import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  CODEC_12,
  CODEC_12_RESPONSE,
  CODEC_8_EXTENDED,
  FMB_IO,
  TeltonikaServerReader,
  decodeAvlData,
  decodeCodec12,
  encodeCodec12Command,
  encodeImeiAnswer,
  encodeRecordCount,
  lockStateFromResponse,
  reportFromRecord,
} from '@sentinel/teltonika';
import type { AvlRecord } from '@sentinel/teltonika';
import { build } from '../../app';
import { isDemoImei } from '../../db/seed';

/** One TCP connection a tracker opened to the test's gateway. */
interface Link {
  imei: string;
  socket: Socket;
}

interface Packet {
  link: Link;
  codecId: number;
  records: AvlRecord[];
}

/**
 * The gateway's side of the protocol, written here from Teltonika's packets (not the product's
 * gateway): it accepts every IMEI, decodes every packet, and acknowledges each packet's record
 * count unless told to withhold the next acknowledgement of an IMEI.
 */
interface TestGateway {
  port: number;
  links: Link[];
  packets: Packet[];
  answers: { imei: string; text: string; type: number }[];
  withholdNextAck: Set<string>;
  server: Server;
}

const gateways: TestGateway[] = [];
const apps: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  for (const gateway of gateways.splice(0)) {
    for (const link of gateway.links) link.socket.destroy();
    await new Promise((resolve) => gateway.server.close(resolve));
  }
});

async function startTestGateway(port = 0): Promise<TestGateway> {
  const gateway: TestGateway = {
    port,
    links: [],
    packets: [],
    answers: [],
    withholdNextAck: new Set(),
    server: createServer((socket) => {
      const link: Link = { imei: '', socket };
      gateway.links.push(link);
      const reader = new TeltonikaServerReader();
      socket.on('error', () => {});
      socket.on('data', (chunk: Buffer) => {
        for (const frame of reader.push(chunk)) {
          if (frame.kind === 'imei') {
            link.imei = frame.imei;
            socket.write(encodeImeiAnswer(true));
          } else if (frame.codecId === CODEC_12) {
            gateway.answers.push({ imei: link.imei, ...decodeCodec12(frame.data) });
          } else {
            const { codecId, records } = decodeAvlData(frame.data);
            gateway.packets.push({ link, codecId, records });
            if (gateway.withholdNextAck.delete(link.imei)) continue;
            socket.write(encodeRecordCount(records.length));
          }
        }
      });
    }),
  };
  await new Promise<void>((resolve) => gateway.server.listen(port, '127.0.0.1', resolve));
  gateway.port = (gateway.server.address() as AddressInfo).port;
  gateways.push(gateway);
  return gateway;
}

/** A seeded api whose simulator reports its Teltonika trackers to `port`; the test calls tick(). */
async function simulatorWithGateway(
  port: number,
  trackers: 'mixed' | 'teltonika' = 'mixed',
): Promise<FastifyInstance> {
  const app = await build({
    seed: true,
    simulator: {
      seed: 1,
      tickMs: 60_000,
      gateway: { host: '127.0.0.1', port },
      trackers,
      teltonika: { ackTimeoutMs: 300, reconnectMs: 50, maxReconnectMs: 200 },
    },
  });
  apps.push(app);
  return app;
}

/** The seeded vehicles whose active devices are demo Teltonika trackers, by IMEI. */
async function trackedVehicles(app: FastifyInstance) {
  const rows = await app.db
    .selectFrom('devices')
    .innerJoin('vehicles', 'vehicles.id', 'devices.vehicleId')
    .select([
      'devices.serialNumber',
      'vehicles.id as vehicleId',
      'vehicles.gpsDateTime',
      'vehicles.lastKnownGpsLatitudeDegrees as latitude',
      'vehicles.lastKnownGpsLongitudeDegrees as longitude',
    ])
    .where('devices.active', '=', 1)
    .orderBy('vehicles.id')
    .execute();
  return rows.filter((row) => isDemoImei(row.serialNumber));
}

const packetsOf = (gateway: TestGateway, imei: string) =>
  gateway.packets.filter((packet) => packet.link.imei === imei);

describe("the simulator's Teltonika trackers", () => {
  it('send each round as a Codec 8 Extended packet of where the vehicle drove, and report nothing in-process', async () => {
    const gateway = await startTestGateway();
    const app = await simulatorWithGateway(gateway.port);
    // The same drive reported in-process: its positions are where the trackers must say they are.
    const inProcess = await build({ seed: true, simulator: { seed: 1, tickMs: 60_000 } });
    apps.push(inProcess);
    const before = await trackedVehicles(app);
    expect(before.length).toBeGreaterThanOrEqual(5);

    await Promise.all([app.simulator?.tick(), inProcess.simulator?.tick()]);

    await expect
      .poll(() => new Set(gateway.packets.map((packet) => packet.link.imei)).size)
      .toBe(before.length);
    const driven = await trackedVehicles(inProcess);
    let driving = 0;
    for (const vehicle of driven) {
      const [packet, ...more] = packetsOf(gateway, vehicle.serialNumber);
      expect(more).toEqual([]);
      expect(packet!.codecId).toBe(CODEC_8_EXTENDED);
      expect(packet!.records).toHaveLength(1);
      const record = packet!.records[0]!;
      expect(record.latitude).toBeCloseTo(vehicle.latitude!, 6);
      expect(record.longitude).toBeCloseTo(vehicle.longitude!, 6);
      expect(record.satellites).toBeGreaterThan(0);
      const report = reportFromRecord(record);
      expect(report).toMatchObject({
        ignition: expect.any(Boolean),
        deviceBatteryPercent: expect.any(Number),
        deviceBatteryVolts: expect.any(Number),
        carBatteryVolts: expect.any(Number),
        gsmSignalBars: expect.any(Number),
      });
      // A vehicle on the road: moving, unlocked, at speed; a parked one: still and locked.
      expect(report.moving).toBe(report.ignition);
      expect(report.locked).toBe(!report.ignition);
      expect(record.speedKmh > 50).toBe(report.ignition);
      if (report.ignition) driving += 1;
    }
    expect(driving).toBeGreaterThanOrEqual(5);
    // The trackers' vehicles moved only through the gateway, which here stores nothing.
    expect(await trackedVehicles(app)).toEqual(before);
  });

  it('send again what the gateway did not acknowledge in time, over a new connection', async () => {
    const gateway = await startTestGateway();
    const app = await simulatorWithGateway(gateway.port);
    const [vehicle] = await trackedVehicles(app);
    const imei = vehicle!.serialNumber;
    gateway.withholdNextAck.add(imei);

    await app.simulator?.tick();

    await expect.poll(() => packetsOf(gateway, imei).length).toBe(2);
    const [unacknowledged, again] = packetsOf(gateway, imei);
    expect(again!.link).not.toBe(unacknowledged!.link);
    expect(again!.records).toEqual(unacknowledged!.records);

    await app.simulator?.tick();

    // Acknowledged records are not sent a third time: the next packet holds the new round alone.
    await expect.poll(() => packetsOf(gateway, imei).length).toBe(3);
    const next = packetsOf(gateway, imei)[2]!;
    expect(next.records).toHaveLength(1);
    expect(next.records[0]!.timestamp.getTime()).toBeGreaterThan(again!.records[0]!.timestamp.getTime());
  });

  it('reconnect once the gateway is back, and send what they kept meanwhile', async () => {
    const away = await startTestGateway();
    const { port } = away;
    await new Promise((resolve) => away.server.close(resolve));
    gateways.splice(gateways.indexOf(away), 1);
    const app = await simulatorWithGateway(port);
    const [vehicle] = await trackedVehicles(app);

    await app.simulator?.tick();
    await app.simulator?.tick();
    const gateway = await startTestGateway(port);

    await expect.poll(() => packetsOf(gateway, vehicle!.serialNumber).length, { timeout: 3_000 }).toBe(1);
    expect(packetsOf(gateway, vehicle!.serialNumber)[0]!.records).toHaveLength(2);
  });

  it('obey setdigout on digital output 1, answer in Codec 12 as FMB firmware does, and report the new state', async () => {
    const gateway = await startTestGateway();
    const app = await simulatorWithGateway(gateway.port);
    const [vehicle] = await trackedVehicles(app);
    const imei = vehicle!.serialNumber;
    await app.simulator?.tick();
    await expect.poll(() => packetsOf(gateway, imei).length).toBe(1);
    expect(packetsOf(gateway, imei)[0]!.records[0]!.io.get(FMB_IO.digitalOutput1)).toBe(0n);
    const link = gateway.links.find((held) => held.imei === imei)!;

    link.socket.write(encodeCodec12Command('setdigout 1'));

    await expect.poll(() => gateway.answers.length).toBe(1);
    expect(gateway.answers[0]).toEqual({ imei, type: CODEC_12_RESPONSE, text: 'DOUT1:ON Timeout:INFINITY' });
    expect(lockStateFromResponse(gateway.answers[0]!.text)).toBe(true);
    await app.simulator?.tick();
    await expect.poll(() => packetsOf(gateway, imei).length).toBe(2);
    expect(packetsOf(gateway, imei)[1]!.records[0]!.io.get(FMB_IO.digitalOutput1)).toBe(1n);

    link.socket.write(encodeCodec12Command('setdigout 0'));

    await expect.poll(() => gateway.answers.length).toBe(2);
    expect(lockStateFromResponse(gateway.answers[1]!.text)).toBe(false);
    await app.simulator?.tick();
    await expect.poll(() => packetsOf(gateway, imei).length).toBe(3);
    expect(packetsOf(gateway, imei)[2]!.records[0]!.io.get(FMB_IO.digitalOutput1)).toBe(0n);
  });

  it('leave a tracker someone registered by hand to report for itself, unless told to play every IMEI', async () => {
    const gateway = await startTestGateway();
    const [mixed, teltonika] = await Promise.all([
      simulatorWithGateway(gateway.port),
      simulatorWithGateway(gateway.port, 'teltonika'),
    ]);
    // Teltonika's documented IMEI, put on a fitted demo vehicle as a person trying the gateway does.
    const registerByHand = (app: FastifyInstance) =>
      app.db
        .updateTable('devices')
        .set({ serialNumber: '356307042441013' })
        .where('serialNumber', '=', 'SNT-000102')
        .returning('vehicleId')
        .executeTakeFirstOrThrow();
    const { vehicleId } = await registerByHand(mixed);
    await registerByHand(teltonika);
    const seeded = await mixed.db
      .selectFrom('vehicles')
      .select('gpsDateTime')
      .where('id', '=', vehicleId!)
      .executeTakeFirstOrThrow();

    await mixed.simulator?.tick();
    await expect.poll(() => gateway.packets.length).toBeGreaterThanOrEqual(6);

    // Neither through the gateway nor in-process.
    expect(packetsOf(gateway, '356307042441013')).toEqual([]);
    expect(
      await mixed.db
        .selectFrom('vehicles')
        .select('gpsDateTime')
        .where('id', '=', vehicleId!)
        .executeTakeFirstOrThrow(),
    ).toEqual(seeded);

    await teltonika.simulator?.tick();

    await expect.poll(() => packetsOf(gateway, '356307042441013').length).toBe(1);
  });
});
