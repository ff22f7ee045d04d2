import { describe, expect, it } from 'vitest';
import {
  canSubmitNewPassword,
  passwordChecklist,
  validatePassword,
  validatePasswordConfirmation,
} from './password-rules';

describe('the password checklist', () => {
  it('lists the five rules with their exact labels', () => {
    expect(passwordChecklist('').map((item) => item.label)).toEqual([
      'One lowercase character',
      'One uppercase character',
      'One number',
      'One special character',
      '8 character minimum',
    ]);
  });

  it('ticks each rule as the password meets it', () => {
    expect(passwordChecklist('aB3!').map((item) => item.met)).toEqual([true, true, true, true, false]);
    expect(passwordChecklist('abcdefgh').map((item) => item.met)).toEqual([true, false, false, false, true]);
  });
});

describe('validatePassword', () => {
  it('requires a value', () => {
    expect(validatePassword('')).toBe('This field is required');
  });

  it('refuses a password missing any rule', () => {
    for (const weak of ['abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1', 'Ab1!xyz']) {
      expect(validatePassword(weak)).toMatch(/^Password needs/);
    }
  });

  it('accepts one meeting every rule', () => {
    expect(validatePassword('Str0ng!pw')).toBeUndefined();
  });

  it('refuses more than 128 characters', () => {
    expect(validatePassword(`Aa1!${'x'.repeat(125)}`)).toBe('Password may have at most 128 characters');
  });
});

describe('the confirmation', () => {
  it("says 'Passwords do not match' when it differs", () => {
    expect(validatePasswordConfirmation('Str0ng!pw', 'Str0ng!pW')).toBe('Passwords do not match');
    expect(validatePasswordConfirmation('Str0ng!pw', 'Str0ng!pw')).toBeUndefined();
  });

  it('enables submit only when both hold', () => {
    expect(canSubmitNewPassword('Str0ng!pw', 'Str0ng!pw')).toBe(true);
    expect(canSubmitNewPassword('Str0ng!pw', 'other')).toBe(false);
    expect(canSubmitNewPassword('weak', 'weak')).toBe(false);
  });
});
