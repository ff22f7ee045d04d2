import { describe, expect, it } from 'vitest';
import { formatHistoryDate, newestFirst } from './history-format';

describe('formatHistoryDate', () => {
  it('shows the day, short month and time in South African time', () => {
    // 08:05 UTC is 10:05 in Johannesburg.
    const text = formatHistoryDate('2026-03-07T08:05:00Z');
    expect(text).toContain('07');
    expect(text).toContain('Mar');
    expect(text).toContain('10:05');
  });
  it('gives an empty text for an unreadable date', () => expect(formatHistoryDate('soon')).toBe(''));
});

describe('newestFirst', () => {
  it('orders entries by dateTime, newest first', () => {
    const entries = [
      { dateTime: '2026-01-01T00:00:00Z' },
      { dateTime: '2026-03-01T00:00:00Z' },
      { dateTime: '2026-02-01T00:00:00Z' },
    ];
    expect(newestFirst(entries).map((e) => e.dateTime.slice(5, 7))).toEqual(['03', '02', '01']);
  });
});
