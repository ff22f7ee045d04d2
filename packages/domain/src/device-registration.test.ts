import { describe, expect, it } from 'vitest';
import {
  DEVICE_MESSAGES,
  isValidImei,
  luhnCheckDigit,
  mayRegisterDevice,
  normaliseSerialNumber,
  validateNewDevice,
  validateSerialNumber,
} from './device-registration';
import { MESSAGES } from './messages';

describe('an IMEI', () => {
  it("passes with its Luhn check digit, as the one in Teltonika's documentation does", () => {
    expect(isValidImei('356307042441013')).toBe(true);
    expect(luhnCheckDigit('35630704244101')).toBe(3);
  });

  it.each(['356307042441014', '356307042441031', '35630704244101', '3563070424410130', '35630704244101a'])(
    'fails for %s',
    (value) => {
      expect(isValidImei(value)).toBe(false);
    },
  );
});

describe('a serial number', () => {
  it.each(['356307042441013', 'SNT-000105', 'abc', 'a'.repeat(50), '  SNT-1  ', '3563070424410130'])(
    'may be registered: %s',
    (serial) => {
      expect(validateSerialNumber(serial)).toBeUndefined();
    },
  );

  it('is required', () => {
    expect(validateSerialNumber('  ')).toBe(MESSAGES.required);
  });

  it('has 3 to 50 characters once trimmed', () => {
    expect(validateSerialNumber(' ab ')).toBe(DEVICE_MESSAGES.serialLength);
    expect(validateSerialNumber('a'.repeat(51))).toBe(DEVICE_MESSAGES.serialLength);
    expect(DEVICE_MESSAGES.serialLength).toBe('Serial number must be 3 to 50 characters');
  });

  it.each(['SNT 1', 'SNT_1', 'snt/1', 'SNT.1', 'ßnt-1'])(
    'holds only letters, digits and hyphens: %s',
    (serial) => {
      expect(validateSerialNumber(serial)).toBe(DEVICE_MESSAGES.serialCharacters);
    },
  );

  it('of 15 digits must be a valid IMEI', () => {
    expect(validateSerialNumber('356307042441014')).toBe('Enter a valid IMEI (15 digits)');
    expect(validateNewDevice({ serialNumber: ' 356307042441014 ' })).toEqual({
      SerialNumber: ['Enter a valid IMEI (15 digits)'],
    });
    expect(validateNewDevice({ serialNumber: '356307042441013' })).toEqual({});
  });

  it('is stored trimmed, its case kept', () => {
    expect(normaliseSerialNumber('  Snt-000105 ')).toBe('Snt-000105');
  });
});

describe('who registers devices', () => {
  it('is Admin and Technical-Agent, not a Company-Admin or an account holder', () => {
    expect(mayRegisterDevice('Admin')).toBe(true);
    expect(mayRegisterDevice('Technical-Agent')).toBe(true);
    expect(mayRegisterDevice('Company-Admin')).toBe(false);
    expect(mayRegisterDevice('Account-Holder')).toBe(false);
  });
});
