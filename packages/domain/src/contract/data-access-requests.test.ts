import { describe, expect, it } from 'vitest';
import { DATA_ACCESS_MESSAGES, dataAccessInstant, dataAccessRequestErrors } from './data-access-requests';

describe('the period of an access request', () => {
  it('takes no period at all: every fix', () => {
    expect(dataAccessRequestErrors({})).toBeUndefined();
    expect(dataAccessRequestErrors({ fixesFrom: null, fixesTo: '' })).toBeUndefined();
  });

  it('takes ISO 8601 instants, one bound alone, and an empty period of one instant', () => {
    expect(dataAccessRequestErrors({ fixesFrom: '2026-03-01T00:00:00Z' })).toBeUndefined();
    expect(dataAccessRequestErrors({ fixesTo: '2026-03-01T10:00:00+02:00' })).toBeUndefined();
    expect(
      dataAccessRequestErrors({ fixesFrom: '2026-03-01T08:00:00Z', fixesTo: '2026-03-01T10:00:00+02:00' }),
    ).toBeUndefined();
  });

  it('refuses what is not an instant, at the field that holds it', () => {
    expect(dataAccessRequestErrors({ fixesFrom: 'yesterday', fixesTo: '1 March 2026' })).toEqual({
      FixesFrom: [DATA_ACCESS_MESSAGES.instant],
      FixesTo: [DATA_ACCESS_MESSAGES.instant],
    });
    expect(dataAccessRequestErrors({ fixesFrom: '2026-02-30T00:00:00Z' })).toEqual({
      FixesFrom: [DATA_ACCESS_MESSAGES.instant],
    });
  });

  it('refuses a start after the end', () => {
    expect(
      dataAccessRequestErrors({ fixesFrom: '2026-03-02T00:00:00Z', fixesTo: '2026-03-01T00:00:00Z' }),
    ).toEqual({ FixesTo: [DATA_ACCESS_MESSAGES.order] });
  });

  it('stores each bound as UTC with milliseconds; a time without a zone is UTC', () => {
    expect(dataAccessInstant('2026-03-01T10:00:00+02:00')).toBe('2026-03-01T08:00:00.000Z');
    expect(dataAccessInstant('2026-03-01T10:00')).toBe('2026-03-01T10:00:00.000Z');
    expect(dataAccessInstant('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(dataAccessInstant(' ')).toBeUndefined();
  });
});
