import { describe, expect, it } from 'vitest';
import { formatResponseSeconds, johannesburgDay } from './figures-format';

describe('formatResponseSeconds', () => {
  it('reads as seconds, minutes and seconds, or hours and minutes', () => {
    expect(formatResponseSeconds(null)).toBe('—');
    expect(formatResponseSeconds(45)).toBe('45 s');
    expect(formatResponseSeconds(65)).toBe('1 min 05 s');
    expect(formatResponseSeconds(59.6)).toBe('1 min 00 s');
    expect(formatResponseSeconds(7_380)).toBe('2 h 03 min');
  });
});

describe('johannesburgDay', () => {
  it('is the day in South Africa, two hours ahead of UTC', () => {
    expect(johannesburgDay(new Date('2026-03-01T22:30:00Z'))).toBe('2026-03-02');
    expect(johannesburgDay(new Date('2026-03-01T21:30:00Z'), -6)).toBe('2026-02-23');
  });
});
