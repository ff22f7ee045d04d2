import { connect } from 'node:net';
import type { Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODEC_8_EXTENDED,
  FMB_IO,
  MAX_PACKET_DATA_LENGTH,
  crc16Ibm,
  encodeAvlPacket,
  encodeImeiHandshake,
} from '@sentinel/teltonika';
import type { RunningGateway } from './gateway';
import { eventually, health, startGatewayBench } from './testing/gateway-bench';
import type { GatewayBench } from './testing/gateway-bench';
import { TestDevice, avlRecord } from './testing/test-device';

/*
 * What a hostile or broken peer may send, over real sockets against a running gateway with short
 * timeouts: each is closed and counted, nothing is acknowledged that was not stored, and the
 * gateway goes on serving real devices.
 */

const HANDSHAKE_TIMEOUT_SECONDS = 0.5;
const IDLE_TIMEOUT_SECONDS = 1;

let bench: GatewayBench;
let gateway: RunningGateway;
/** A registered device (free: its records change no vehicle). */
let imei: string;

beforeAll(async () => {
  bench = await startGatewayBench();
  gateway = await bench.startGateway({
    handshakeTimeoutSeconds: HANDSHAKE_TIMEOUT_SECONDS,
    idleTimeoutSeconds: IDLE_TIMEOUT_SECONDS,
  });
  ({ imei } = await bench.registerDevice({ free: true }));
});

afterAll(async () => {
  await bench?.close();
});

/** When each socket connected: the gateway's timers start no earlier. */
const connectedAt = new WeakMap<Socket, number>();

function rawConnection(port = gateway.teltonikaPort): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      connectedAt.set(socket, performance.now());
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Resolves with how long the socket lived until the gateway closed it, and whatever it sent. */
function closing(socket: Socket): Promise<{ afterMs: number; received: Buffer }> {
  const since = connectedAt.get(socket) ?? performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  return new Promise((resolve) =>
    socket.once('close', () =>
      resolve({ afterMs: performance.now() - since, received: Buffer.concat(chunks) }),
    ),
  );
}

/** A whole packet around `data`, with a right CRC. */
function packetOf(data: Buffer): Buffer {
  const packet = Buffer.alloc(data.length + 12);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
}

const validPacket = () =>
  encodeAvlPacket(CODEC_8_EXTENDED, [
    avlRecord({ latitude: -29.8587, longitude: 31.0218 }, { [FMB_IO.batteryLevel]: 50 }),
  ]);

/** A device that connects and reports as it should, and is answered. */
async function realDeviceIsServed(on: RunningGateway = gateway): Promise<void> {
  const device = await TestDevice.online(on.teltonikaPort, imei);
  try {
    expect(
      await device.report(CODEC_8_EXTENDED, [avlRecord({ latitude: -29.8587, longitude: 31.0218 })]),
    ).toBe(1);
  } finally {
    device.close();
  }
}

describe('a packet that breaks the protocol', () => {
  it('with a wrong CRC: closed, nothing acknowledged', async () => {
    const before = gateway.stats();
    const device = await TestDevice.online(gateway.teltonikaPort, imei);
    const packet = validPacket();
    packet.writeUInt8(packet.readUInt8(packet.length - 1) ^ 0x01, packet.length - 1);

    device.send(packet);
    await device.closed;

    expect(device.pending()).toEqual([]);
    const after = gateway.stats();
    expect(after.acknowledgements).toBe(before.acknowledgements);
    expect(after.protocolErrors['bad-crc']).toBe((before.protocolErrors['bad-crc'] ?? 0) + 1);
  });

  it('truncated, then silence: closed by the idle timeout', async () => {
    const before = gateway.stats();
    const device = await TestDevice.online(gateway.teltonikaPort, imei);
    const since = performance.now();

    device.send(validPacket().subarray(0, 20));
    await device.closed;

    expect(performance.now() - since).toBeGreaterThanOrEqual(IDLE_TIMEOUT_SECONDS * 1000 - 100);
    expect(device.pending()).toEqual([]);
    expect(gateway.stats().closes['idle-timeout']).toBe(before.closes['idle-timeout'] + 1);
  });

  it('with a length field of 0xFFFFFFFF: closed at once, before any more is read', async () => {
    const before = gateway.stats();
    const device = await TestDevice.online(gateway.teltonikaPort, imei);
    const header = Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]);

    device.send(header);
    await device.closed;

    // At once: for the length, not by a timeout.
    const after = gateway.stats();
    expect(after.protocolErrors['too-long']).toBe((before.protocolErrors['too-long'] ?? 0) + 1);
    expect(after.closes['idle-timeout']).toBe(before.closes['idle-timeout']);
  });

  it('garbage instead of a handshake, or instead of a packet: closed', async () => {
    const before = gateway.stats();
    const socket = await rawConnection();
    const closed = closing(socket);
    socket.write('GET / HTTP/1.1\r\nHost: gateway\r\n\r\n');
    expect((await closed).received.length).toBe(0);

    const device = await TestDevice.online(gateway.teltonikaPort, imei);
    device.send(Buffer.from('this is not a packet at all'));
    await device.closed;

    const after = gateway.stats();
    expect(after.protocolErrors['bad-imei']).toBe((before.protocolErrors['bad-imei'] ?? 0) + 1);
    expect(after.protocolErrors['bad-preamble']).toBe((before.protocolErrors['bad-preamble'] ?? 0) + 1);
    expect(after.closes['protocol-error']).toBe(before.closes['protocol-error'] + 2);
  });

  it('a connection that never sends its IMEI: closed after the handshake timeout', async () => {
    const before = gateway.stats();
    const socket = await rawConnection();

    const { afterMs } = await closing(socket);

    expect(afterMs).toBeGreaterThanOrEqual(HANDSHAKE_TIMEOUT_SECONDS * 1000 - 100);
    expect(gateway.stats().closes['handshake-timeout']).toBe(before.closes['handshake-timeout'] + 1);
  });
});

describe('many connections', () => {
  it('holds 1,000 idle connections, serves a real device meanwhile, then closes them all by timeout', async () => {
    const roomy = await bench.startGateway({ handshakeTimeoutSeconds: 1.5 });
    const sockets = await Promise.all(
      Array.from({ length: 1_000 }, () => rawConnection(roomy.teltonikaPort)),
    );
    const closed = Promise.all(sockets.map(closing));

    await realDeviceIsServed(roomy);

    // Held: each was closed by its timeout, counted from its own connection, none before it.
    const lifetimes = (await closed).map(({ afterMs }) => afterMs);
    expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(1_500 - 100);
    expect(roomy.stats()).toMatchObject({
      connectionsAccepted: 1_001,
      closes: { 'handshake-timeout': 1_000 },
    });
    await eventually(() => expect(roomy.stats().connectionsOpen).toBe(0));
  });

  it('closes connections over GATEWAY_MAX_CONNECTIONS as they arrive, and those from outside GATEWAY_ALLOW_NETWORKS', async () => {
    const capped = await bench.startGateway({ maxConnections: 3 });
    const held = await Promise.all(Array.from({ length: 3 }, () => rawConnection(capped.teltonikaPort)));
    await eventually(() => expect(capped.stats().connectionsOpen).toBe(3));
    const extra = await rawConnection(capped.teltonikaPort);
    await closing(extra);
    expect(capped.stats().closes['over-capacity']).toBe(1);
    for (const socket of held) socket.destroy();

    // The OsmAnd listener has the same bound: with three idle HTTP connections open, a fourth is closed.
    const idleHttp = await Promise.all(Array.from({ length: 3 }, () => rawConnection(capped.osmandPort)));
    await expect(fetch(`http://127.0.0.1:${capped.osmandPort}/health`)).rejects.toThrow();
    for (const socket of idleHttp) socket.destroy();
    await eventually(async () =>
      expect((await fetch(`http://127.0.0.1:${capped.osmandPort}/health`)).status).toBe(200),
    );

    const fenced = await bench.startGateway({ allowNetworks: ['10.0.0.0/8', '2001:db8::/32'] });
    await closing(await rawConnection(fenced.teltonikaPort));
    expect(fenced.stats().closes['not-allowed']).toBe(1);
    expect(fenced.stats().connectionsAccepted).toBe(0);
  });
});

describe('fuzzing over real sockets', () => {
  /** Sends the bytes (after a handshake when asked), hangs up, and waits for the gateway's close. */
  async function feed(bytes: Buffer, handshake: boolean): Promise<void> {
    const socket = await rawConnection();
    const closed = closing(socket);
    if (handshake) socket.write(encodeImeiHandshake(imei));
    socket.end(bytes);
    await closed;
  }

  it('random bytes and mutated packets never bring it down, and a real device is served after them', async () => {
    const valid = validPacket();
    const data = valid.subarray(8, valid.length - 4);
    const mutated = fc
      .array(fc.record({ at: fc.nat({ max: data.length - 1 }), value: fc.integer({ min: 0, max: 255 }) }), {
        minLength: 1,
        maxLength: 6,
      })
      .map((changes) => {
        const copy = Buffer.from(data);
        for (const { at, value } of changes) copy[at] = value;
        // A right CRC, so the mutated bytes reach the decoder.
        return packetOf(copy);
      });
    const lengths = fc.integer({ min: 0, max: 0xffffffff }).map((length) => {
      const packet = Buffer.from(valid);
      packet.writeUInt32BE(length, 4);
      return packet;
    });
    const random = fc
      .uint8Array({ maxLength: MAX_PACKET_DATA_LENGTH + 100 })
      .map((bytes) => Buffer.from(bytes));

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          random.map((bytes) => ({ bytes, handshake: false })),
          random.map((bytes) => ({ bytes, handshake: true })),
          mutated.map((bytes) => ({ bytes, handshake: true })),
          lengths.map((bytes) => ({ bytes, handshake: true })),
        ),
        async ({ bytes, handshake }) => {
          await feed(bytes, handshake);
        },
      ),
      { numRuns: 150 },
    );

    await realDeviceIsServed();
    const stats = await health(gateway);
    expect(stats.closes['protocol-error']).toBeGreaterThan(0);
    await eventually(() => expect(gateway.stats().connectionsOpen).toBe(0));
  });
});
