import { describe, expect, it } from 'vitest';
import { isMaskedIdNumber, maskIdNumber, seesFullIdNumbers } from './mask-id-number';

describe('maskIdNumber', () => {
  it('keeps only the last four characters of a South African ID', () => {
    expect(maskIdNumber('8505055009081')).toBe('•••••••••9081');
  });

  it('keeps only the last four characters of a passport number', () => {
    expect(maskIdNumber('P12345678')).toBe('•••••5678');
  });

  it('hides a value of four characters or fewer whole', () => {
    expect(maskIdNumber('A12')).toBe('•••');
    expect(maskIdNumber('')).toBe('');
  });

  it('recognises what it produced, and not a real number', () => {
    expect(isMaskedIdNumber(maskIdNumber('8505055009081'))).toBe(true);
    expect(isMaskedIdNumber('8505055009081')).toBe(false);
  });
});

describe('seesFullIdNumbers', () => {
  it('lets the Admin see full numbers and no other role', () => {
    expect(seesFullIdNumbers('Admin')).toBe(true);
    expect(seesFullIdNumbers('Technical-Agent')).toBe(false);
    expect(seesFullIdNumbers('Company-Admin')).toBe(false);
    expect(seesFullIdNumbers('Account-Holder')).toBe(false);
  });
});
