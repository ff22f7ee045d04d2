import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  required,
  validateEmail,
  validateIdNumber,
  validatePassport,
  validatePhoneNumber,
  validateSouthAfricanId,
} from './validate-field';

describe('required', () => {
  it('refuses an empty or blank value', () => {
    expect(required('')).toBe('This field is required');
    expect(required('   ')).toBe('This field is required');
  });
  it('accepts any text', () => expect(required('Thandi')).toBeUndefined());
});

describe('validateEmail', () => {
  it.each(['thandi@example.co.za', 'a.b+c@mail.example.com'])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeUndefined();
  });
  it.each(['thandi', 'thandi@', '@example.com', 'thandi@example', 'tha ndi@example.com'])(
    'refuses %s',
    (email) => {
      expect(validateEmail(email)).toBe('Please provide a valid email address');
    },
  );
  it('gives the required message for an empty value', () => {
    expect(validateEmail('')).toBe('This field is required');
  });
});

describe('validatePhoneNumber', () => {
  it.each(['0821234567', '821234567'])('accepts %s', (phone) =>
    expect(validatePhoneNumber(phone)).toBeUndefined(),
  );
  it.each(['0021234567', '082123456', '08212345678', '082-123-4567'])('refuses %s', (phone) => {
    expect(validatePhoneNumber(phone)).toBe('Please provide a valid phone number');
  });
  it('keeps only digits while typing', () => expect(digitsOnly('08a2 1-2')).toBe('08212'));
});

describe('validateSouthAfricanId', () => {
  it('accepts a well-formed 13-digit ID', () =>
    expect(validateSouthAfricanId('8001015009087')).toBeUndefined());
  it.each([
    ['month 13', '8013015009087'],
    ['day 32', '8001325009087'],
    ['citizenship digit 2', '8001015009287'],
    ['12 digits', '800101500908'],
    ['letters', '80010150090AB'],
  ])('refuses %s', (_, id) => expect(validateSouthAfricanId(id)).toBe('Please provide a valid ID number'));
});

describe('validatePassport', () => {
  it('accepts 1 to 50 letters or digits', () => {
    expect(validatePassport('A1')).toBeUndefined();
    expect(validatePassport('A'.repeat(50))).toBeUndefined();
  });
  it('refuses 51 characters or symbols', () => {
    expect(validatePassport('A'.repeat(51))).toBe('Please provide a valid passport number');
    expect(validatePassport('A-1')).toBe('Please provide a valid passport number');
  });
});

describe('validateIdNumber', () => {
  it('follows the South African ID switch', () => {
    expect(validateIdNumber('A12345', true)).toBe('Please provide a valid ID number');
    expect(validateIdNumber('A12345', false)).toBeUndefined();
  });
});
