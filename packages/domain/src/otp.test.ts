import { describe, expect, it } from 'vitest';
import { isOtpCode, isOtpComplete, otpDigit, otpFromPaste } from './otp';

describe('OTP boxes', () => {
  it('keep one digit and ignore anything else typed', () => {
    expect(otpDigit('7')).toBe('7');
    expect(otpDigit('a')).toBeUndefined();
    expect(otpDigit(' ')).toBeUndefined();
    expect(otpDigit('37')).toBe('7');
  });

  it('take a pasted six-digit code, spaces aside', () => {
    expect(otpFromPaste('123 456')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(otpFromPaste('12345')).toBeUndefined();
    expect(otpFromPaste('12345a')).toBeUndefined();
  });

  it('are complete only with six digits and no space', () => {
    expect(isOtpComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isOtpComplete(['1', '2', '3', ' ', '5', '6'])).toBe(false);
    expect(isOtpComplete(['1', '2', '3', '4', '5'])).toBe(false);
  });
});

describe('isOtpCode', () => {
  it('is exactly six characters 0-9', () => {
    expect(isOtpCode('012345')).toBe(true);
    expect(isOtpCode('01234')).toBe(false);
    expect(isOtpCode('01234x')).toBe(false);
    expect(isOtpCode('٠١٢٣٤٥')).toBe(false);
  });
});
