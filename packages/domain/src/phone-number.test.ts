import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  isSmsCountry,
  normalisePhone,
  smsCountryMessage,
  validatePhone,
  validatePhoneCode,
} from './phone-number';

describe('validatePhoneCode', () => {
  it('takes a country calling code of the ITU list, digits alone', () => {
    expect(validatePhoneCode('27')).toBeUndefined();
    expect(validatePhoneCode(' 44 ')).toBeUndefined();
    expect(validatePhoneCode('1')).toBeUndefined();
  });

  it.each(['027', '+27', 'ab', '882', '999', '2 7', '0'])("refuses '%s'", (code) => {
    expect(validatePhoneCode(code)).toBe(MESSAGES.phoneCode);
  });
});

describe('normalisePhone', () => {
  it('gives one form for a number written with or without its trunk 0, spaces or the +27', () => {
    const forms = [
      normalisePhone('27', '0821234567'),
      normalisePhone('27', '821234567'),
      normalisePhone('27', '+27 82 123 4567'),
      normalisePhone(undefined, '082 123-4567'),
    ];
    for (const form of forms) {
      expect(form).toEqual({
        phoneCode: '27',
        phoneNumber: '821234567',
        country: 'ZA',
        e164: '+27821234567',
      });
    }
  });

  it('keeps a number of another country with its own code and country', () => {
    expect(normalisePhone('44', '07400 123456')).toMatchObject({ e164: '+447400123456', country: 'GB' });
  });

  it('refuses a number that is not whole, carries letters, or names another code than the one chosen', () => {
    expect(normalisePhone('27', '12')).toBeUndefined();
    expect(normalisePhone('27', '08212345678901')).toBeUndefined();
    expect(normalisePhone('27', '08a1234567')).toBeUndefined();
    expect(normalisePhone('27', '+44 7400 123456')).toBeUndefined();
    expect(normalisePhone('882', '123456789')).toBeUndefined();
  });
});

describe('validatePhone', () => {
  it('names the field at fault', () => {
    expect(validatePhone('27', '0821234567')).toEqual({});
    expect(validatePhone('', '0821234567')).toEqual({});
    expect(validatePhone('+27', '0821234567')).toEqual({ PhoneCode: [MESSAGES.phoneCode] });
    expect(validatePhone('27', ' ')).toEqual({ PhoneNumber: [MESSAGES.required] });
    expect(validatePhone('1', '0821234567')).toEqual({ PhoneNumber: [MESSAGES.phoneNumber] });
  });
});

describe('isSmsCountry', () => {
  it('texts only the countries listed', () => {
    const za = normalisePhone('27', '0821234567')!;
    const us = normalisePhone('1', '201 555 0123')!;
    expect(isSmsCountry(za, ['ZA'])).toBe(true);
    expect(isSmsCountry(us, ['ZA'])).toBe(false);
    expect(isSmsCountry(us, ['ZA', 'US'])).toBe(true);
  });

  it('names the countries in its refusal', () => {
    expect(smsCountryMessage(['ZA'])).toBe('We can only send an OTP to numbers in South Africa');
    expect(smsCountryMessage(['ZA', 'NA', 'BW'])).toBe(
      'We can only send an OTP to numbers in South Africa, Namibia or Botswana',
    );
  });
});
