import { describe, expect, it } from 'vitest';
import { decodeAvlData, encodeAvlPacket } from './avl';
import type { AvlRecord } from './avl';
import {
  CODEC_16,
  CODEC_8_EXTENDED,
  CODEC_8_FIRST,
  CODEC_8_SECOND,
  CODEC_8_THIRD,
  dataOf,
  hex,
} from './test/documented-packets';
import { reasonOf } from './test/reason-of';

const noPosition = {
  priority: 1,
  longitude: 0,
  latitude: 0,
  altitude: 0,
  angle: 0,
  satellites: 0,
  speedKmh: 0,
};

describe("given the documentation's Codec 8 examples", () => {
  it('reads the first: one record at 2019-06-10 10:04:46 with IO 21, 1, 66, 241 and 78', () => {
    const { codecId, records } = decodeAvlData(dataOf(CODEC_8_FIRST));
    expect(codecId).toBe(0x08);
    expect(records).toHaveLength(1);
    const [record] = records as [AvlRecord];
    expect(record).toMatchObject({
      timestamp: new Date('2019-06-10T10:04:46.000Z'),
      ...noPosition,
      eventIoId: 1,
    });
    expect([...record.io]).toEqual([
      [21, 3n],
      [1, 1n],
      [66, 0x5e0fn],
      [241, 0x601an],
      [78, 0n],
    ]);
    expect([...record.ioWidths!]).toEqual([
      [21, 1],
      [1, 1],
      [66, 2],
      [241, 4],
      [78, 8],
    ]);
    expect(record.ioVariable.size).toBe(0);
  });

  it('reads the second: one record at 10:05:36 with IO 21, 1 and 66', () => {
    const { records } = decodeAvlData(dataOf(CODEC_8_SECOND));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      timestamp: new Date('2019-06-10T10:05:36.000Z'),
      ...noPosition,
      eventIoId: 1,
    });
    expect([...records[0]!.io]).toEqual([
      [21, 3n],
      [1, 1n],
      [66, 0x5e10n],
    ]);
  });

  it('reads the third: two records, IO 1 off at 10:01:01 and on at 10:01:19', () => {
    const { records } = decodeAvlData(dataOf(CODEC_8_THIRD));
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      timestamp: new Date('2019-06-10T10:01:01.000Z'),
      ...noPosition,
      eventIoId: 1,
    });
    expect([...records[0]!.io]).toEqual([[1, 0n]]);
    expect(records[1]).toMatchObject({
      timestamp: new Date('2019-06-10T10:01:19.000Z'),
      ...noPosition,
      eventIoId: 1,
    });
    expect([...records[1]!.io]).toEqual([[1, 1n]]);
  });

  it.each([
    ['first', CODEC_8_FIRST],
    ['second', CODEC_8_SECOND],
    ['third', CODEC_8_THIRD],
  ])('encodes the %s again byte for byte', (_name, packet) => {
    expect(
      encodeAvlPacket(0x08, decodeAvlData(dataOf(packet)).records)
        .toString('hex')
        .toUpperCase(),
    ).toBe(packet);
  });
});

describe("given the documentation's Codec 8 Extended example", () => {
  it('reads one record at 2019-06-10 11:36:32 with 2-byte ids: IO 1, 17, 16, 11 and 14', () => {
    const { codecId, records } = decodeAvlData(dataOf(CODEC_8_EXTENDED));
    expect(codecId).toBe(0x8e);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      timestamp: new Date('2019-06-10T11:36:32.000Z'),
      ...noPosition,
      eventIoId: 1,
    });
    expect([...records[0]!.io]).toEqual([
      [1, 1n],
      [17, 0x1dn],
      [16, 0x15e2c88n],
      [11, 0x3544c87an],
      [14, 0x1dd7e06an],
    ]);
    expect(records[0]!.ioVariable.size).toBe(0);
  });

  it('encodes it again byte for byte', () => {
    const { records } = decodeAvlData(dataOf(CODEC_8_EXTENDED));
    expect(encodeAvlPacket(0x8e, records).toString('hex').toUpperCase()).toBe(CODEC_8_EXTENDED);
  });
});

describe('given a record built by a simulator', () => {
  const record: AvlRecord = {
    timestamp: new Date('2026-03-01T08:30:00.000Z'),
    priority: 0,
    longitude: 28.0473051,
    latitude: -26.2041028,
    altitude: -12,
    angle: 359,
    satellites: 11,
    speedKmh: 87,
    eventIoId: 239,
    io: new Map([
      [239, 1n],
      [66, 12_650n],
      [241, 65_501n],
      [78, 0xfedcba9876543210n],
    ]),
    ioVariable: new Map([[10_500, Buffer.from('beacon')]]),
  };

  it('round-trips through Codec 8 Extended, signed coordinates and altitude included', () => {
    const { records } = decodeAvlData(dataOf(encodeAvlPacket(0x8e, [record]).toString('hex')));
    const { ioWidths, ...decoded } = records[0]!;
    expect(decoded).toEqual(record);
    // Documented FMB widths where the id is known (241 is 4 bytes though its value fits 3), else the fewest bytes.
    expect([...ioWidths!]).toEqual([
      [239, 1],
      [66, 2],
      [241, 4],
      [78, 8],
    ]);
  });

  it('refuses what Codec 8 cannot carry', () => {
    expect(() => encodeAvlPacket(0x08, [record])).toThrow(RangeError);
    expect(() =>
      encodeAvlPacket(0x08, [{ ...record, ioVariable: new Map(), io: new Map([[300, 1n]]) }]),
    ).toThrow(RangeError);
  });

  it('refuses a value wider than its documented field, and a packet longer than a device sends', () => {
    expect(() => encodeAvlPacket(0x8e, [{ ...record, io: new Map([[239, 256n]]) }])).toThrow(RangeError);
    expect(() =>
      encodeAvlPacket(
        0x8e,
        Array.from({ length: 40 }, () => record),
      ),
    ).toThrow(RangeError);
  });
});

describe('given malformed data', () => {
  const valid = dataOf(CODEC_8_FIRST);

  it('refuses a codec it does not read, such as Codec 16', () => {
    expect(reasonOf(() => decodeAvlData(dataOf(CODEC_16)))).toBe('unknown-codec');
  });

  it('refuses counts that disagree', () => {
    const data = Buffer.from(valid);
    data[data.length - 1] = 2;
    expect(reasonOf(() => decodeAvlData(data))).toBe('count-mismatch');
  });

  it('refuses data cut anywhere', () => {
    for (let length = 0; length < valid.length; length++) {
      expect(reasonOf(() => decodeAvlData(valid.subarray(0, length)))).toMatch(
        /^(truncated|count-mismatch)$/,
      );
    }
  });

  it('refuses bytes after the second count', () => {
    expect(reasonOf(() => decodeAvlData(Buffer.concat([valid, Buffer.from([0])])))).toBe('trailing-bytes');
  });

  it('refuses an element count larger than the bytes left, before reading them', () => {
    // Codec 8 Extended, one record whose 8-byte group claims 65,535 elements.
    const data = Buffer.from(dataOf(CODEC_8_EXTENDED));
    // Codec and count, timestamp to speed, event id and total, then the 1-, 2- and 4-byte groups.
    const n8 = 2 + 24 + 4 + (2 + 3) + (2 + 4) + (2 + 6);
    expect(data.readUInt16BE(n8)).toBe(2);
    data.writeUInt16BE(0xffff, n8);
    expect(reasonOf(() => decodeAvlData(data))).toBe('truncated');
  });

  it('refuses a timestamp past any date', () => {
    const data = Buffer.from(valid);
    data.writeBigUInt64BE(0xffffffffffffffffn, 2);
    expect(reasonOf(() => decodeAvlData(data))).toBe('bad-timestamp');
  });

  it('reads an empty packet as no records', () => {
    expect(decodeAvlData(hex('080000')).records).toEqual([]);
  });
});
