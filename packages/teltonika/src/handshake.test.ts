import { describe, expect, it } from 'vitest';
import { encodeImeiAnswer, encodeImeiHandshake, encodeRecordCount, isImei } from './handshake';
import { IMEI_HANDSHAKE } from './test/documented-packets';

describe('the handshake', () => {
  it("is the documentation's example for IMEI 356307042441013", () => {
    expect(encodeImeiHandshake('356307042441013').toString('hex').toUpperCase()).toBe(IMEI_HANDSHAKE);
  });

  it('carries 15 or 16 digits and nothing else', () => {
    expect(isImei('356307042441013')).toBe(true);
    expect(isImei('3563070424410131')).toBe(true);
    expect(isImei('35630704244101')).toBe(false);
    expect(isImei('35630704244101312')).toBe(false);
    expect(isImei('35630704244101a')).toBe(false);
    expect(() => encodeImeiHandshake('12345')).toThrow(RangeError);
  });

  it('is answered 01 to accept the device and 00 to refuse it', () => {
    expect(encodeImeiAnswer(true)).toEqual(Buffer.from([1]));
    expect(encodeImeiAnswer(false)).toEqual(Buffer.from([0]));
  });
});

describe('the acknowledgement of a packet', () => {
  it('is the number of records accepted, in four bytes big-endian', () => {
    expect(encodeRecordCount(2).toString('hex')).toBe('00000002');
    expect(encodeRecordCount(0x01020304).toString('hex')).toBe('01020304');
    expect(() => encodeRecordCount(-1)).toThrow(RangeError);
    expect(() => encodeRecordCount(2 ** 32)).toThrow(RangeError);
  });
});
