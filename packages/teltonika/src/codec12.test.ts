import { describe, expect, it } from 'vitest';
import { decodeCodec12, encodeCodec12Command, encodeCodec12Response } from './codec12';
import {
  CODEC_12_GETINFO,
  CODEC_12_GETINFO_RESPONSE,
  CODEC_8_FIRST,
  GETINFO_RESPONSE_TEXT,
  dataOf,
} from './test/documented-packets';
import { reasonOf } from './test/reason-of';

describe("given the documentation's Codec 12 getinfo exchange", () => {
  it('encodes the command as documented', () => {
    expect(encodeCodec12Command('getinfo').toString('hex').toUpperCase()).toBe(CODEC_12_GETINFO);
  });

  it('reads the command', () => {
    expect(decodeCodec12(dataOf(CODEC_12_GETINFO))).toEqual({ type: 0x05, text: 'getinfo' });
  });

  it("reads the device's response", () => {
    expect(decodeCodec12(dataOf(CODEC_12_GETINFO_RESPONSE))).toEqual({
      type: 0x06,
      text: GETINFO_RESPONSE_TEXT,
    });
  });

  it('encodes the response as documented', () => {
    expect(encodeCodec12Response(GETINFO_RESPONSE_TEXT).toString('hex').toUpperCase()).toBe(
      CODEC_12_GETINFO_RESPONSE,
    );
  });
});

describe('given malformed Codec 12 data', () => {
  const valid = dataOf(CODEC_12_GETINFO);

  it('refuses another codec', () => {
    expect(reasonOf(() => decodeCodec12(dataOf(CODEC_8_FIRST)))).toBe('unknown-codec');
  });

  it('refuses a type that is neither command nor response', () => {
    const data = Buffer.from(valid);
    data[2] = 0x0e;
    expect(reasonOf(() => decodeCodec12(data))).toBe('bad-type');
  });

  it('refuses a text length past the data', () => {
    const data = Buffer.from(valid);
    data.writeUInt32BE(0xffffffff, 3);
    expect(reasonOf(() => decodeCodec12(data))).toBe('truncated');
  });

  it('reads past quantities other than one, which the documentation says a receiver ignores', () => {
    const data = Buffer.from(valid);
    data[1] = 3;
    data[data.length - 1] = 0;
    expect(decodeCodec12(data)).toEqual({ type: 0x05, text: 'getinfo' });
  });

  it('refuses bytes after the second quantity', () => {
    expect(reasonOf(() => decodeCodec12(Buffer.concat([valid, Buffer.from([1])])))).toBe('trailing-bytes');
  });

  it('encodes printable ASCII only', () => {
    expect(() => encodeCodec12Command('setdigout 1\u0000')).toThrow(RangeError);
    expect(() => encodeCodec12Command('réglage')).toThrow(RangeError);
  });
});
