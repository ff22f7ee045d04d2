import { describe, expect, it } from 'vitest';
import { encodeCodec12Command, encodeCodec12Response } from './codec12';
import { TeltonikaDeviceReader, TeltonikaServerReader } from './frame-reader';
import type { DeviceFrame, ServerFrame } from './frame-reader';
import { encodeImeiAnswer, encodeRecordCount } from './handshake';
import { MAX_PACKET_DATA_LENGTH, PACKET_OVERHEAD } from './limits';
import {
  CODEC_12_GETINFO_RESPONSE,
  CODEC_8_EXTENDED,
  CODEC_8_FIRST,
  CODEC_8_THIRD,
  IMEI_HANDSHAKE,
  dataOf,
  hex,
} from './test/documented-packets';
import { reasonOf } from './test/reason-of';

const session = Buffer.concat([
  hex(IMEI_HANDSHAKE),
  hex(CODEC_8_FIRST),
  hex(CODEC_8_EXTENDED),
  hex(CODEC_12_GETINFO_RESPONSE),
  hex(CODEC_8_THIRD),
]);
const sessionFrames: ServerFrame[] = [
  { kind: 'imei', imei: '356307042441013' },
  { kind: 'packet', codecId: 0x08, data: dataOf(CODEC_8_FIRST) },
  { kind: 'packet', codecId: 0x8e, data: dataOf(CODEC_8_EXTENDED) },
  { kind: 'packet', codecId: 0x0c, data: dataOf(CODEC_12_GETINFO_RESPONSE) },
  { kind: 'packet', codecId: 0x08, data: dataOf(CODEC_8_THIRD) },
];

describe('TeltonikaServerReader', () => {
  describe("given a device's session in one chunk", () => {
    it('reads the IMEI, then each packet with its codec', () => {
      const reader = new TeltonikaServerReader();
      expect(reader.push(session)).toEqual(sessionFrames);
      expect(reader.buffered()).toBe(0);
    });
  });

  describe('given the same session split anywhere', () => {
    it('reads the same frames from two pieces, at every byte boundary', () => {
      for (let at = 0; at <= session.length; at++) {
        const reader = new TeltonikaServerReader();
        const frames = [...reader.push(session.subarray(0, at)), ...reader.push(session.subarray(at))];
        expect(frames).toEqual(sessionFrames);
      }
    });

    it('reads the same frames one byte at a time, holding only the unfinished frame', () => {
      const reader = new TeltonikaServerReader();
      const frames: ServerFrame[] = [];
      for (let i = 0; i < session.length; i++) {
        frames.push(...reader.push(session.subarray(i, i + 1)));
        expect(reader.buffered()).toBeLessThanOrEqual(MAX_PACKET_DATA_LENGTH + PACKET_OVERHEAD);
      }
      expect(frames).toEqual(sessionFrames);
      expect(reader.buffered()).toBe(0);
    });

    it('keeps the bytes of a packet begun in one chunk until the rest arrives', () => {
      const reader = new TeltonikaServerReader();
      const packet = hex(CODEC_8_FIRST);
      expect(reader.push(Buffer.concat([hex(IMEI_HANDSHAKE), packet.subarray(0, 20)]))).toHaveLength(1);
      expect(reader.buffered()).toBe(20);
      expect(reader.push(packet.subarray(20))).toEqual([sessionFrames[1]]);
      expect(reader.buffered()).toBe(0);
    });
  });

  describe('given hostile bytes', () => {
    const afterHandshake = (): TeltonikaServerReader => {
      const reader = new TeltonikaServerReader();
      reader.push(hex(IMEI_HANDSHAKE));
      return reader;
    };

    it('refuses a length field of 0xFFFFFFFF as soon as it arrives, holding no more than a header', () => {
      const reader = afterHandshake();
      expect(reasonOf(() => reader.push(hex('00000000FFFFFFFF')))).toBe('too-long');
      expect(reader.buffered()).toBe(0);
      // The reader stays refused: the caller closes the connection.
      expect(reasonOf(() => reader.push(Buffer.alloc(100_000)))).toBe('too-long');
    });

    it('refuses a length one past the cap and accepts the cap itself', () => {
      const header = Buffer.alloc(8);
      header.writeUInt32BE(MAX_PACKET_DATA_LENGTH + 1, 4);
      expect(reasonOf(() => afterHandshake().push(header))).toBe('too-long');
      header.writeUInt32BE(MAX_PACKET_DATA_LENGTH, 4);
      const reader = afterHandshake();
      expect(reader.push(Buffer.concat([header, Buffer.alloc(MAX_PACKET_DATA_LENGTH)]))).toEqual([]);
      expect(reader.buffered()).toBe(MAX_PACKET_DATA_LENGTH + 8);
    });

    it('refuses a packet that does not start with four zero bytes, at its first byte', () => {
      expect(reasonOf(() => afterHandshake().push(hex('01')))).toBe('bad-preamble');
      expect(reasonOf(() => afterHandshake().push(hex('000000FF')))).toBe('bad-preamble');
    });

    it('refuses a data length too short for a codec id and its counts', () => {
      expect(reasonOf(() => afterHandshake().push(hex('0000000000000002')))).toBe('too-short');
    });

    it('refuses a packet whose CRC does not match', () => {
      const packet = hex(CODEC_8_FIRST);
      packet[packet.length - 1]! ^= 0x01;
      expect(reasonOf(() => afterHandshake().push(packet))).toBe('bad-crc');
      const data = hex(CODEC_8_FIRST);
      data[20]! ^= 0x80;
      expect(reasonOf(() => afterHandshake().push(data))).toBe('bad-crc');
    });

    it('refuses a handshake whose length is not that of an IMEI', () => {
      expect(reasonOf(() => new TeltonikaServerReader().push(hex('000E')))).toBe('bad-imei');
      expect(reasonOf(() => new TeltonikaServerReader().push(hex('0011')))).toBe('bad-imei');
      expect(reasonOf(() => new TeltonikaServerReader().push(hex('FFFF')))).toBe('bad-imei');
      // A client that speaks HTTP to the port.
      expect(reasonOf(() => new TeltonikaServerReader().push(Buffer.from('GET / HTTP/1.1\r\n')))).toBe(
        'bad-imei',
      );
    });

    it('refuses a handshake with a character that is not a digit, as soon as it arrives', () => {
      expect(reasonOf(() => new TeltonikaServerReader().push(hex('000F3335363330373034A1')))).toBe(
        'bad-imei',
      );
    });
  });
});

describe('TeltonikaDeviceReader', () => {
  const server = Buffer.concat([
    encodeImeiAnswer(true),
    encodeRecordCount(1),
    encodeCodec12Command('setdigout 1'),
    encodeRecordCount(0),
    encodeCodec12Command('getinfo'),
    encodeRecordCount(2),
    encodeRecordCount(0),
  ]);
  const serverFrames: DeviceFrame[] = [
    { kind: 'imei-answer', accepted: true },
    { kind: 'record-count', count: 1 },
    { kind: 'command', text: 'setdigout 1' },
    { kind: 'record-count', count: 0 },
    { kind: 'command', text: 'getinfo' },
    { kind: 'record-count', count: 2 },
  ];

  it("reads the server's answer, acknowledgements and commands, split at every byte boundary", () => {
    for (let at = 0; at <= server.length; at++) {
      const reader = new TeltonikaDeviceReader();
      const frames = [...reader.push(server.subarray(0, at)), ...reader.push(server.subarray(at))];
      expect(frames).toEqual(serverFrames);
      // A last count of 0 is told from a packet's preamble by the four bytes after it.
      expect(reader.buffered()).toBe(4);
      expect(reader.push(encodeRecordCount(3))).toEqual([
        { kind: 'record-count', count: 0 },
        { kind: 'record-count', count: 3 },
      ]);
    }
  });

  it('reads a refusal', () => {
    expect(new TeltonikaDeviceReader().push(encodeImeiAnswer(false))).toEqual([
      { kind: 'imei-answer', accepted: false },
    ]);
  });

  it('refuses an answer that is neither 01 nor 00', () => {
    expect(reasonOf(() => new TeltonikaDeviceReader().push(hex('02')))).toBe('bad-answer');
  });

  it('reads four zero bytes as a count of 0 as soon as the bytes after them cannot begin a command', () => {
    const answered = (): TeltonikaDeviceReader => {
      const reader = new TeltonikaDeviceReader();
      reader.push(encodeImeiAnswer(true));
      return reader;
    };
    const zero = { kind: 'record-count', count: 0 };
    // A length outside a command's, then a response where a command would be.
    expect(answered().push(hex('00000000FFFFFFFF'))).toEqual([
      zero,
      { kind: 'record-count', count: 0xffffffff },
    ]);
    expect(answered().push(encodeCodec12Response('DOUT1:ON')).slice(0, 2)).toEqual([
      zero,
      { kind: 'record-count', count: 8 + 'DOUT1:ON'.length },
    ]);
    // Until then it waits, holding no more than a command's header.
    const reader = answered();
    expect(reader.push(encodeCodec12Command('getinfo').subarray(0, 10))).toEqual([]);
    expect(reader.buffered()).toBe(10);
  });

  it('refuses a command whose CRC does not match', () => {
    const reader = new TeltonikaDeviceReader();
    const command = encodeCodec12Command('setdigout 1');
    command[command.length - 1]! ^= 0x01;
    expect(reasonOf(() => reader.push(Buffer.concat([encodeImeiAnswer(true), command])))).toBe('bad-crc');
  });
});
