import { describe, expect, it } from 'vitest';
import { crc16Ibm } from './crc16';
import {
  CODEC_12_GETINFO,
  CODEC_12_GETINFO_RESPONSE,
  CODEC_16,
  CODEC_8_EXTENDED,
  CODEC_8_FIRST,
  CODEC_8_SECOND,
  CODEC_8_THIRD,
  dataOf,
  hex,
} from './test/documented-packets';

describe('crc16Ibm', () => {
  it('gives the check value of CRC-16/IBM (ARC) for "123456789"', () => {
    expect(crc16Ibm(Buffer.from('123456789', 'ascii'))).toBe(0xbb3d);
  });

  it.each([
    ['Codec 8 (first)', CODEC_8_FIRST, 0xc7cf],
    ['Codec 8 (second)', CODEC_8_SECOND, 0xf22a],
    ['Codec 8 (third)', CODEC_8_THIRD, 0x252c],
    ['Codec 8 Extended', CODEC_8_EXTENDED, 0x2994],
    ['Codec 16', CODEC_16, 0x5fb3],
    ['Codec 12 getinfo', CODEC_12_GETINFO, 0x4312],
    ['Codec 12 getinfo response', CODEC_12_GETINFO_RESPONSE, 0xc78f],
  ])("gives the documented %s packet's CRC over its data", (_name, packet, crc) => {
    expect(crc16Ibm(dataOf(packet))).toBe(crc);
    expect(hex(packet).readUInt32BE(hex(packet).length - 4)).toBe(crc);
  });

  it('changes when any single bit of the data flips', () => {
    const data = dataOf(CODEC_8_EXTENDED);
    const crc = crc16Ibm(data);
    for (let bit = 0; bit < data.length * 8; bit++) {
      const flipped = Buffer.from(data);
      flipped[bit >> 3]! ^= 1 << (bit & 7);
      expect(crc16Ibm(flipped)).not.toBe(crc);
    }
  });
});
