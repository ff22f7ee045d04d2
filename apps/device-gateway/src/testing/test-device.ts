// Tests only: a Teltonika device over a real TCP socket, reading what the gateway sends with the
// codec's device-side reader.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import {
  TeltonikaDeviceReader,
  encodeAvlPacket,
  encodeCodec12Response,
  encodeImeiHandshake,
} from '@sentinel/teltonika';
import type { AvlRecord, DeviceFrame } from '@sentinel/teltonika';
import type { GatewaySettings } from '../config';

export class TestDevice {
  private readonly reader = new TeltonikaDeviceReader();
  private readonly frames: DeviceFrame[] = [];
  private waiting: (() => void) | undefined;
  /** Resolves when the gateway (or the test) closed the connection. */
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.frames.push(...this.reader.push(chunk));
      this.waiting?.();
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.waiting?.();
        resolve();
      }),
    );
  }

  static connect(port: number): Promise<TestDevice> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.off('error', reject);
        resolve(new TestDevice(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Connects and sends the IMEI; answers whether the gateway took it. */
  static async online(port: number, imei: string): Promise<TestDevice> {
    const device = await TestDevice.connect(port);
    const answer = await device.handshake(imei);
    if (!answer) throw new Error(`The gateway refused ${imei}.`);
    return device;
  }

  async handshake(imei: string): Promise<boolean> {
    this.send(encodeImeiHandshake(imei));
    const frame = await this.next();
    if (frame.kind !== 'imei-answer') throw new Error(`Expected the handshake's answer, got ${frame.kind}.`);
    return frame.accepted;
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Sends an AVL packet and answers the record count the gateway acknowledged. */
  async report(codecId: 0x08 | 0x8e, records: AvlRecord[]): Promise<number> {
    this.send(encodeAvlPacket(codecId, records));
    const frame = await this.next();
    if (frame.kind !== 'record-count') throw new Error(`Expected a record count, got ${frame.kind}.`);
    return frame.count;
  }

  /** The next Codec 12 command's text. */
  async command(timeoutMs?: number): Promise<string> {
    const frame = await this.next(timeoutMs);
    if (frame.kind !== 'command') throw new Error(`Expected a command, got ${frame.kind}.`);
    return frame.text;
  }

  answer(text: string): void {
    this.send(encodeCodec12Response(text));
  }

  /** The next frame from the gateway; throws when the connection closes or none comes in time. */
  async next(timeoutMs = 5_000): Promise<DeviceFrame> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const frame = this.frames.shift();
      if (frame) return frame;
      if (this.isClosed) throw new Error('The gateway closed the connection.');
      const left = until - Date.now();
      if (left <= 0) throw new Error(`Nothing from the gateway within ${timeoutMs} ms.`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = undefined;
    }
  }

  /** Whatever came since the last read, without waiting. */
  pending(): DeviceFrame[] {
    return this.frames.splice(0);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A record taken now (or `at`) at a position, with IO values by AVL id. */
export function avlRecord(
  position: { latitude: number; longitude: number },
  io: Record<number, number> = {},
  at: Date = new Date(),
): AvlRecord {
  return {
    timestamp: at,
    priority: 0,
    latitude: position.latitude,
    longitude: position.longitude,
    altitude: 120,
    angle: 90,
    satellites: 9,
    speedKmh: 0,
    eventIoId: 0,
    io: new Map(Object.entries(io).map(([id, value]) => [Number(id), BigInt(value)])),
    ioVariable: new Map(),
  };
}

/** Settings for a gateway on free local ports, against `apiUrl`. */
export function testSettings(
  apiUrl: string,
  key: string,
  settings: Partial<GatewaySettings> = {},
): GatewaySettings {
  return {
    apiUrl,
    key,
    host: '127.0.0.1',
    teltonikaPort: 0,
    osmandPort: 0,
    handshakeTimeoutSeconds: 10,
    idleTimeoutSeconds: 330,
    maxConnections: 20_000,
    allowNetworks: [],
    redisUrl: undefined,
    instanceId: `test-${randomBytes(3).toString('hex')}`,
    ...settings,
  };
}

/** Polls `check` until it passes or `timeoutMs` runs out (then throws its last failure). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
