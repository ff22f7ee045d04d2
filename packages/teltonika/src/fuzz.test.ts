/*
 * Random and mutated bytes, in random chunks, through the readers and the decoders: they refuse
 * with TeltonikaError and nothing else, never hand on a malformed value, and never hold more than
 * one packet's worth of bytes.
 */
import { TelemetryReportSchema } from '@sentinel/domain';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeAvlData, encodeAvlPacket } from './avl';
import type { AvlCodecId, AvlRecord, IoWidth } from './avl';
import { decodeCodec12, encodeCodec12Command, encodeCodec12Response } from './codec12';
import { TeltonikaError } from './errors';
import { TeltonikaDeviceReader, TeltonikaServerReader } from './frame-reader';
import type { DeviceFrame, ServerFrame } from './frame-reader';
import { encodeImeiAnswer, encodeImeiHandshake, encodeRecordCount, isImei } from './handshake';
import { MAX_PACKET_DATA_LENGTH, PACKET_OVERHEAD } from './limits';
import { reportFromRecord } from './report';

const RUNS = { numRuns: 300 };
// Shrinking kilobytes of random input takes minutes; a failure's seed and path replay it instead.
const HOSTILE_RUNS = { ...RUNS, endOnFailure: true };
const MOST_HELD = MAX_PACKET_DATA_LENGTH + PACKET_OVERHEAD;

beforeAll(() => {
  // The api's validator knows date-time; TypeBox's Value needs to be told.
  if (!FormatRegistry.Has('date-time'))
    FormatRegistry.Set('date-time', (text) => !Number.isNaN(Date.parse(text)));
});

// ---------------------------------------------------------------------------------------------
// Arbitraries

const widthArb = fc.constantFrom<IoWidth>(1, 2, 4, 8);

function recordArb(codecId: AvlCodecId): fc.Arbitrary<AvlRecord> {
  const idMax = codecId === 0x08 ? 0xff : 0xffff;
  const element = fc
    .tuple(fc.integer({ min: 0, max: idMax }), widthArb)
    .chain(([id, width]) =>
      fc.bigInt({ min: 0n, max: (1n << BigInt(8 * width)) - 1n }).map((value) => ({ id, width, value })),
    );
  const variable =
    codecId === 0x08
      ? fc.constant<[number, Uint8Array][]>([])
      : fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.uint8Array({ maxLength: 20 })), {
          selector: ([id]) => id,
          maxLength: 2,
        });
  return fc
    .record({
      timestamp: fc.integer({ min: 0, max: 2 ** 42 }).map((ms) => new Date(ms)),
      priority: fc.integer({ min: 0, max: 2 }),
      longitude: fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((e7) => e7 / 1e7),
      latitude: fc.integer({ min: -900_000_000, max: 900_000_000 }).map((e7) => e7 / 1e7),
      altitude: fc.integer({ min: -32_768, max: 32_767 }),
      angle: fc.integer({ min: 0, max: 359 }),
      satellites: fc.integer({ min: 0, max: 30 }),
      speedKmh: fc.integer({ min: 0, max: 300 }),
      eventIoId: fc.integer({ min: 0, max: idMax }),
      io: fc.uniqueArray(element, { selector: (e) => e.id, maxLength: 6 }),
      ioVariable: variable,
    })
    .map(({ io, ioVariable, ...gps }) => ({
      ...gps,
      io: new Map(io.map((e) => [e.id, e.value])),
      ioWidths: new Map(io.map((e) => [e.id, e.width])),
      ioVariable: new Map(ioVariable.map(([id, bytes]) => [id, Buffer.from(bytes)])),
    }));
}

const packetArb = fc
  .constantFrom<AvlCodecId>(0x08, 0x8e)
  .chain((codecId) =>
    fc.array(recordArb(codecId), { minLength: 0, maxLength: 5 }).map((records) => ({ codecId, records })),
  );

const imeiArb = fc.stringMatching(/^[0-9]{15,16}$/);

/** A device's session: its handshake, AVL packets and Codec 12 answers. */
const deviceBytesArb = fc
  .tuple(
    imeiArb,
    fc.array(
      fc.oneof(
        packetArb.map(({ codecId, records }) => encodeAvlPacket(codecId, records)),
        fc.stringMatching(/^[ -~]{0,60}$/).map(encodeCodec12Response),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([imei, packets]) => Buffer.concat([encodeImeiHandshake(imei), ...packets]));

/** A server's side of a session: its answer, acknowledgements and commands. */
const serverBytesArb = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 0xffffffff }).map(encodeRecordCount),
        fc.stringMatching(/^[ -~]{0,60}$/).map(encodeCodec12Command),
      ),
      { maxLength: 6 },
    ),
  )
  .map(([accepted, frames]) => Buffer.concat([encodeImeiAnswer(accepted), ...frames]));

type Mutation =
  | { op: 'flip'; at: number; bit: number }
  | { op: 'set'; at: number; value: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'delete'; at: number; length: number }
  | { op: 'truncate'; at: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(bytes: Buffer, mutations: readonly Mutation[]): Buffer {
  let result = Buffer.from(bytes);
  for (const mutation of mutations) {
    const at = result.length === 0 ? 0 : mutation.at % result.length;
    switch (mutation.op) {
      case 'flip':
        if (result.length > 0) result[at]! ^= 1 << mutation.bit;
        break;
      case 'set':
        if (result.length > 0) result[at] = mutation.value;
        break;
      case 'insert':
        result = Buffer.concat([result.subarray(0, at), mutation.bytes, result.subarray(at)]);
        break;
      case 'delete':
        result = Buffer.concat([result.subarray(0, at), result.subarray(at + mutation.length)]);
        break;
      case 'truncate':
        result = result.subarray(0, at);
        break;
    }
  }
  return result;
}

/** Bytes, mutated or not, then cut into chunks at random places. */
function hostileArb(valid: fc.Arbitrary<Buffer>): fc.Arbitrary<Buffer[]> {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 1600, size: 'max' }).map((random) => Buffer.from(random)),
    fc
      .tuple(valid, fc.uint8Array({ maxLength: 600, size: 'max' }))
      .map(([prefix, random]) => Buffer.concat([prefix, random])),
    fc.tuple(valid, fc.array(mutationArb, { minLength: 1, maxLength: 4 })).map(([b, m]) => mutate(b, m)),
    // A packet header with any length, then more bytes than a packet may hold.
    fc
      .tuple(valid, fc.integer({ min: 0, max: 0xffffffff }), fc.uint8Array({ maxLength: 1600, size: 'max' }))
      .map(([prefix, length, random]) => {
        const header = Buffer.alloc(8);
        header.writeUInt32BE(length, 4);
        return Buffer.concat([prefix, header, random]);
      }),
  );
  return fc.tuple(bytes, fc.array(fc.nat(), { maxLength: 12 })).map(([b, cuts]) => chunks(b, cuts));
}

function chunks(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const result: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    result.push(bytes.subarray(start, point));
    start = point;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// What "well-formed" means

function expectInteger(value: number, min: number, max: number): void {
  expect(Number.isInteger(value) && value >= min && value <= max).toBe(true);
}

function expectWellFormedRecord(record: AvlRecord, codecId: AvlCodecId): void {
  expect(Number.isNaN(record.timestamp.getTime())).toBe(false);
  expectInteger(record.priority, 0, 0xff);
  expect(Number.isFinite(record.latitude) && Number.isFinite(record.longitude)).toBe(true);
  expectInteger(record.altitude, -0x8000, 0x7fff);
  expectInteger(record.angle, 0, 0xffff);
  expectInteger(record.satellites, 0, 0xff);
  expectInteger(record.speedKmh, 0, 0xffff);
  const idMax = codecId === 0x08 ? 0xff : 0xffff;
  expectInteger(record.eventIoId, 0, idMax);
  for (const [id, value] of record.io) {
    expectInteger(id, 0, idMax);
    expect(value >= 0n && value < 1n << BigInt(8 * record.ioWidths!.get(id)!)).toBe(true);
  }
  for (const [id, value] of record.ioVariable) {
    expectInteger(id, 0, 0xffff);
    expect(Buffer.isBuffer(value)).toBe(true);
  }
  // Whatever a device sends, its report is one the api's schema accepts.
  expect(Value.Errors(TelemetryReportSchema, reportFromRecord(record)).First()).toBeUndefined();
}

function expectTeltonikaError(run: () => void): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TeltonikaError);
  }
}

function expectWellFormedServerFrame(frame: ServerFrame): void {
  if (frame.kind === 'imei') {
    expect(isImei(frame.imei)).toBe(true);
    return;
  }
  expectInteger(frame.data.length, 3, MAX_PACKET_DATA_LENGTH);
  expect(frame.codecId).toBe(frame.data[0]);
  expectTeltonikaError(() => {
    if (frame.codecId === 0x0c) {
      const message = decodeCodec12(frame.data);
      expect([0x05, 0x06]).toContain(message.type);
    } else {
      const { codecId, records } = decodeAvlData(frame.data);
      for (const record of records) expectWellFormedRecord(record, codecId);
    }
  });
}

function expectWellFormedDeviceFrame(frame: DeviceFrame): void {
  if (frame.kind === 'record-count') expectInteger(frame.count, 0, 0xffffffff);
  if (frame.kind === 'command') expect(typeof frame.text).toBe('string');
}

/** Feeds the chunks until the reader refuses one; answers the frames read. */
function feed<Frame>(
  reader: { push(chunk: Buffer): Frame[]; buffered(): number },
  pieces: readonly Buffer[],
): Frame[] {
  const frames: Frame[] = [];
  for (const piece of pieces) {
    try {
      frames.push(...reader.push(piece));
    } catch (error) {
      expect(error).toBeInstanceOf(TeltonikaError);
      break;
    } finally {
      expect(reader.buffered()).toBeLessThanOrEqual(MOST_HELD);
    }
  }
  return frames;
}

// ---------------------------------------------------------------------------------------------

describe('given valid sessions in random chunks', () => {
  it('reads the records a simulator encoded, whatever the chunking', () => {
    fc.assert(
      fc.property(
        imeiArb,
        packetArb,
        fc.array(fc.nat(), { maxLength: 12 }),
        (imei, { codecId, records }, cuts) => {
          const session = Buffer.concat([encodeImeiHandshake(imei), encodeAvlPacket(codecId, records)]);
          const reader = new TeltonikaServerReader();
          const frames = chunks(session, cuts).flatMap((piece) => reader.push(piece));
          expect(frames).toHaveLength(2);
          expect(frames[0]).toEqual({ kind: 'imei', imei });
          const packet = frames[1]!;
          if (packet.kind !== 'packet') throw new Error('expected a packet');
          expect(decodeAvlData(packet.data)).toEqual({ codecId, records });
          expect(reader.buffered()).toBe(0);
        },
      ),
      RUNS,
    );
  });
});

describe('given hostile bytes', () => {
  it('the server reader throws only TeltonikaError, hands on only well-formed frames, holds at most one packet', () => {
    fc.assert(
      fc.property(hostileArb(deviceBytesArb), (pieces) => {
        for (const frame of feed<ServerFrame>(new TeltonikaServerReader(), pieces))
          expectWellFormedServerFrame(frame);
      }),
      HOSTILE_RUNS,
    );
  });

  it('the device reader throws only TeltonikaError, hands on only well-formed frames, holds at most one packet', () => {
    fc.assert(
      fc.property(hostileArb(serverBytesArb), (pieces) => {
        for (const frame of feed<DeviceFrame>(new TeltonikaDeviceReader(), pieces))
          expectWellFormedDeviceFrame(frame);
      }),
      HOSTILE_RUNS,
    );
  });

  it('the decoders, given mutated data fields past any CRC, throw only TeltonikaError and return well-formed records', () => {
    const dataArb = fc.oneof(
      packetArb.map(({ codecId, records }) => encodeAvlPacket(codecId, records)),
      fc.stringMatching(/^[ -~]{0,60}$/).map(encodeCodec12Command),
    );
    fc.assert(
      fc.property(dataArb, fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (packet, mutations) => {
        const data = mutate(packet.subarray(8, packet.length - 4), mutations);
        expectTeltonikaError(() => {
          const { codecId, records } = decodeAvlData(data);
          for (const record of records) expectWellFormedRecord(record, codecId);
        });
        expectTeltonikaError(() => decodeCodec12(data));
      }),
      HOSTILE_RUNS,
    );
  });
});
