import { describe, expect, it } from 'vitest';
import { customReplayPeriod, johannesburgDate, replayPeriod, replayPeriodError } from './period';

describe('replay periods in Johannesburg time (UTC+2)', () => {
  // 23:30 UTC on the 9th is already 01:30 on the 10th in Johannesburg.
  const now = new Date('2026-03-09T23:30:00.000Z');

  it('takes the date of an instant in Johannesburg', () => {
    expect(johannesburgDate(now)).toBe('2026-03-10');
  });

  it('starts today at midnight in Johannesburg', () => {
    expect(replayPeriod('today', now)).toEqual({
      from: '2026-03-09T22:00:00.000Z',
      to: '2026-03-10T22:00:00.000Z',
    });
  });

  it('gives yesterday as the whole day before', () => {
    expect(replayPeriod('yesterday', now)).toEqual({
      from: '2026-03-08T22:00:00.000Z',
      to: '2026-03-09T22:00:00.000Z',
    });
  });

  it('gives the last 7 days as today and the six before', () => {
    expect(replayPeriod('last7Days', now)).toEqual({
      from: '2026-03-03T22:00:00.000Z',
      to: '2026-03-10T22:00:00.000Z',
    });
  });

  it('gives a custom range as whole days, both included', () => {
    expect(customReplayPeriod('2026-02-27', '2026-03-01')).toEqual({
      from: '2026-02-26T22:00:00.000Z',
      to: '2026-03-01T22:00:00.000Z',
    });
  });
});

describe('replayPeriodError', () => {
  it('accepts up to 31 days', () => {
    expect(replayPeriodError(customReplayPeriod('2026-01-01', '2026-01-31'))).toBeUndefined();
  });

  it('refuses longer, reversed and unreadable periods', () => {
    expect(replayPeriodError(customReplayPeriod('2026-01-01', '2026-02-01'))).toBe(
      'A replay covers at most 31 days',
    );
    expect(replayPeriodError({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toBe(
      'To must be after from',
    );
    expect(replayPeriodError({ from: 'yesterday', to: '2026-01-01T00:00:00Z' })).toBe(
      'From and to must be ISO 8601 dates and times',
    );
  });
});
