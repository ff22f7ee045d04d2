import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CODEC_8_EXTENDED, decodeAvlData } from '../avl';
import type { AvlRecord } from '../avl';
import { CODEC_12, CODEC_12_RESPONSE, decodeCodec12, encodeCodec12Command } from '../codec12';
import { TeltonikaServerReader } from '../frame-reader';
import { encodeImeiAnswer, encodeRecordCount } from '../handshake';
import { answerCommand } from './fmb-answer';
import { parseGatewayAddress } from './address';
import { startTeltonikaTracker } from './tracker';
import type { TeltonikaTracker, TeltonikaTrackerOptions } from './tracker';

/**
 * A gateway's side of the protocol, written here from the codec's readers: it answers the
 * handshake as told, records what arrives, and acknowledges each packet's record count unless told
 * to withhold the next acknowledgement.
 */
interface TestGateway {
  port: number;
  accept: boolean;
  withholdNextAck: boolean;
  links: Socket[];
  imeis: string[];
  packets: { codecId: number; records: AvlRecord[] }[];
  answers: { type: number; text: string }[];
  server: Server;
}

const gateways: TestGateway[] = [];
const trackers: TeltonikaTracker[] = [];

afterEach(async () => {
  for (const tracker of trackers.splice(0)) tracker.close();
  for (const gateway of gateways.splice(0)) {
    for (const link of gateway.links) link.destroy();
    await new Promise((resolve) => gateway.server.close(resolve));
  }
});

async function startTestGateway(): Promise<TestGateway> {
  const gateway: TestGateway = {
    port: 0,
    accept: true,
    withholdNextAck: false,
    links: [],
    imeis: [],
    packets: [],
    answers: [],
    server: createServer((socket) => {
      gateway.links.push(socket);
      const reader = new TeltonikaServerReader();
      socket.on('error', () => {});
      socket.on('data', (chunk: Buffer) => {
        for (const frame of reader.push(chunk)) {
          if (frame.kind === 'imei') {
            gateway.imeis.push(frame.imei);
            socket.write(encodeImeiAnswer(gateway.accept));
            if (!gateway.accept) socket.end();
          } else if (frame.codecId === CODEC_12) {
            gateway.answers.push(decodeCodec12(frame.data));
          } else {
            gateway.packets.push(decodeAvlData(frame.data));
            if (gateway.withholdNextAck) gateway.withholdNextAck = false;
            else socket.write(encodeRecordCount(decodeAvlData(frame.data).records.length));
          }
        }
      });
    }),
  };
  await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
  gateway.port = (gateway.server.address() as AddressInfo).port;
  gateways.push(gateway);
  return gateway;
}

function tracker(gateway: TestGateway, options: Partial<TeltonikaTrackerOptions> = {}): TeltonikaTracker {
  const started = startTeltonikaTracker({
    host: '127.0.0.1',
    port: gateway.port,
    imei: '356307042441013',
    ackTimeoutMs: 200,
    reconnectMs: 20,
    maxReconnectMs: 100,
    onCommand: () => 'DOUT1:ON Timeout:INFINITY',
    ...options,
  });
  trackers.push(started);
  return started;
}

const record = (latitude: number, at = new Date(Date.UTC(2025, 0, 1))): AvlRecord => ({
  timestamp: at,
  priority: 0,
  latitude,
  longitude: 18.4241,
  altitude: 0,
  angle: 0,
  satellites: 8,
  speedKmh: 0,
  eventIoId: 0,
  io: new Map([[113, 80n]]),
  ioVariable: new Map(),
});

describe('a tracker', () => {
  it('sends its IMEI, then its records in Codec 8 Extended, and hears when the gateway acknowledged them', async () => {
    const gateway = await startTestGateway();
    const device = tracker(gateway);

    expect(await device.record(record(-33.9249))).toBe(true);

    expect(gateway.imeis).toEqual(['356307042441013']);
    expect(gateway.packets).toHaveLength(1);
    expect(gateway.packets[0]!.codecId).toBe(CODEC_8_EXTENDED);
    expect(gateway.packets[0]!.records[0]!.latitude).toBeCloseTo(-33.9249, 6);
    expect(device.online).toBe(true);
    expect(device.pending).toBe(0);
  });

  it('sends a record again over a new link when its acknowledgement did not come in time', async () => {
    const gateway = await startTestGateway();
    gateway.withholdNextAck = true;
    const device = tracker(gateway);

    expect(await device.record(record(-26.2041))).toBe(true);

    expect(gateway.links).toHaveLength(2);
    expect(gateway.packets.map((packet) => packet.records[0]!.latitude)).toEqual([-26.2041, -26.2041]);
  });

  it('gives its Codec 12 commands to its owner and answers them in the order they came', async () => {
    const gateway = await startTestGateway();
    const device = tracker(gateway, {
      // The first command takes longer to carry out than the second.
      onCommand: async (text) => {
        await new Promise((resolve) => setTimeout(resolve, text === 'setdigout 1' ? 60 : 0));
        return `done: ${text}`;
      },
    });
    await device.record(record(-33.9));

    gateway.links[0]!.write(
      Buffer.concat([encodeCodec12Command('setdigout 1'), encodeCodec12Command('setdigout 0')]),
    );

    await expect.poll(() => gateway.answers).toHaveLength(2);
    expect(gateway.answers).toEqual([
      { type: CODEC_12_RESPONSE, text: 'done: setdigout 1' },
      { type: CODEC_12_RESPONSE, text: 'done: setdigout 0' },
    ]);
  });

  it('refused by the gateway, keeps its records, and gives them up unsent when closed', async () => {
    const gateway = await startTestGateway();
    gateway.accept = false;
    const device = tracker(gateway);

    const sent = device.record(record(-33.9));
    await expect.poll(() => gateway.imeis).toHaveLength(1);
    expect(device.online).toBe(false);
    expect(device.pending).toBe(1);
    device.close();

    expect(await sent).toBe(false);
    expect(gateway.packets).toEqual([]);
    expect(await device.record(record(-33.8))).toBe(false);
  });
});

describe("an FMB's answer", () => {
  it('to setdigout names each output with its new state and switches output 1, the immobiliser', () => {
    const immobiliser = { locked: false };
    expect(answerCommand('setdigout 1', immobiliser)).toBe('DOUT1:ON Timeout:INFINITY');
    expect(immobiliser.locked).toBe(true);
    expect(answerCommand('setdigout 0?', immobiliser)).toBe('DOUT1:OFF Timeout:INFINITY DOUT2:IGNORED');
    expect(immobiliser.locked).toBe(false);
  });

  it('to a command it does not know says so and switches nothing', () => {
    const immobiliser = { locked: true };
    expect(answerCommand('getinfo', immobiliser)).toBe('Unknown command: getinfo');
    expect(immobiliser.locked).toBe(true);
  });
});

describe("a gateway's address", () => {
  it('reads host:port and [v6]:port, and nothing else', () => {
    expect(parseGatewayAddress('127.0.0.1:5027')).toEqual({ host: '127.0.0.1', port: 5027 });
    expect(parseGatewayAddress('[::1]:5027')).toEqual({ host: '::1', port: 5027 });
    expect(parseGatewayAddress('gateway.local:5027')).toEqual({ host: 'gateway.local', port: 5027 });
    expect(parseGatewayAddress('127.0.0.1')).toBeUndefined();
    expect(parseGatewayAddress('127.0.0.1:0')).toBeUndefined();
    expect(parseGatewayAddress('127.0.0.1:70000')).toBeUndefined();
  });
});
