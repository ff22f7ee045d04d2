import { describe, expect, it } from 'vitest';
import {
  BREACH_MESSAGES,
  breachIncidentErrors,
  breachIncidentFields,
  formatBreachTime,
  instantFromSastInput,
  parseBreachInstant,
  parsePeopleAffected,
  sastDateTimeInput,
} from './breach-register';
import type { BreachIncidentDraft } from './breach-register';

const now = new Date('2026-11-20T12:00:00.000Z');
const valid: BreachIncidentDraft = {
  occurredAt: '2026-11-18T21:15:00Z',
  discoveredAt: '2026-11-19T08:00:00+02:00',
  description: '  A laptop holding an export of the client list was stolen from a car.  ',
  dataClasses: ['Contact details', 'Identity numbers'],
  peopleAffected: 1200,
  regulatorNotifiedAt: null,
  peopleNotifiedAt: '',
};
const errorsOf = (change: Partial<BreachIncidentDraft>) => breachIncidentErrors({ ...valid, ...change }, now);

describe('breachIncidentErrors', () => {
  it('accepts an incident that happened before it was discovered, nobody told yet', () => {
    expect(breachIncidentErrors(valid, now)).toBeUndefined();
  });

  it('asks for every required field of an empty form, and no more', () => {
    expect(breachIncidentErrors({}, now)).toEqual({
      OccurredAt: ['This field is required'],
      DiscoveredAt: ['This field is required'],
      Description: ['This field is required'],
      DataClasses: [BREACH_MESSAGES.dataClassesRequired],
      PeopleAffected: ['This field is required'],
    });
  });

  it('refuses an incident that happened after it was discovered', () => {
    expect(errorsOf({ occurredAt: '2026-11-19T08:00:00Z' })).toEqual({
      OccurredAt: [BREACH_MESSAGES.occurredAfterDiscovered],
    });
  });

  it('takes the same instant for both, and a time a few minutes ahead of the server’s clock', () => {
    expect(
      errorsOf({ occurredAt: '2026-11-19T06:00:00Z', discoveredAt: '2026-11-19T06:00:00Z' }),
    ).toBeUndefined();
    expect(errorsOf({ discoveredAt: '2026-11-20T12:04:00Z' })).toBeUndefined();
  });

  it('refuses a discovery in the future', () => {
    expect(errorsOf({ discoveredAt: '2026-11-20T12:06:00Z' })).toEqual({
      DiscoveredAt: [BREACH_MESSAGES.inFuture],
    });
  });

  it.each(['yesterday', '2026-11-19', '2026-02-31T10:00:00Z', '2026-11-19T24:00Z', 'March 5 2026 10:00'])(
    'refuses %s as a date and time',
    (value) => {
      expect(errorsOf({ occurredAt: value })).toEqual({ OccurredAt: [BREACH_MESSAGES.dateTimeInvalid] });
    },
  );

  it('refuses telling the Regulator or the people before the discovery, or in the future', () => {
    expect(
      errorsOf({ regulatorNotifiedAt: '2026-11-18T23:00:00Z', peopleNotifiedAt: '2026-11-21T09:00:00Z' }),
    ).toEqual({
      RegulatorNotifiedAt: [BREACH_MESSAGES.notifiedBeforeDiscovered],
      PeopleNotifiedAt: [BREACH_MESSAGES.inFuture],
    });
    expect(
      errorsOf({ regulatorNotifiedAt: '2026-11-19T10:00:00Z', peopleNotifiedAt: '2026-11-20T09:00:00Z' }),
    ).toBeUndefined();
  });

  it('wants 10 to 4000 characters of description, counted without the spaces around them', () => {
    expect(errorsOf({ description: '   Ten chars.   ' })).toBeUndefined();
    expect(errorsOf({ description: ' Too short ' })).toEqual({
      Description: [BREACH_MESSAGES.descriptionTooShort],
    });
    expect(errorsOf({ description: 'x'.repeat(4000) })).toBeUndefined();
    expect(errorsOf({ description: 'x'.repeat(4001) })).toEqual({
      Description: [BREACH_MESSAGES.descriptionTooLong],
    });
  });

  it('takes only the listed data classes, each once', () => {
    expect(errorsOf({ dataClasses: ['Contact details', 'Shoe sizes'] })).toEqual({
      DataClasses: [BREACH_MESSAGES.dataClassUnknown],
    });
    expect(errorsOf({ dataClasses: ['Credentials', 'Credentials'] })).toEqual({
      DataClasses: [BREACH_MESSAGES.dataClassRepeated],
    });
  });

  it.each([-1, 1.5, 10_000_001, Number.POSITIVE_INFINITY, Number.NaN])(
    'refuses %s people affected',
    (people) => {
      expect(errorsOf({ peopleAffected: people })).toEqual({
        PeopleAffected: [BREACH_MESSAGES.peopleAffected],
      });
    },
  );

  it('takes 0 and 10,000,000 people affected', () => {
    expect(errorsOf({ peopleAffected: 0 })).toBeUndefined();
    expect(errorsOf({ peopleAffected: 10_000_000 })).toBeUndefined();
    expect(errorsOf({ peopleAffected: undefined })).toEqual({ PeopleAffected: ['This field is required'] });
  });
});

describe('breachIncidentFields', () => {
  it('stores UTC instants, the trimmed description, the classes in the register’s order and blanks as null', () => {
    expect(breachIncidentFields(valid)).toEqual({
      occurredAt: '2026-11-18T21:15:00.000Z',
      discoveredAt: '2026-11-19T06:00:00.000Z',
      description: 'A laptop holding an export of the client list was stolen from a car.',
      dataClasses: ['Identity numbers', 'Contact details'],
      peopleAffected: 1200,
      regulatorNotifiedAt: null,
      peopleNotifiedAt: null,
    });
  });
});

describe('the form’s values', () => {
  it('reads People affected with spaces or thousands commas, NaN for anything else', () => {
    expect(parsePeopleAffected(' 12 000 ')).toBe(12000);
    expect(parsePeopleAffected('12,000')).toBe(12000);
    expect(parsePeopleAffected('')).toBeUndefined();
    expect(parsePeopleAffected('1e3')).toBeNaN();
    expect(parsePeopleAffected('-4')).toBeNaN();
  });

  it('turns SAST wall time into an instant and back', () => {
    expect(instantFromSastInput('2026-11-19T08:00')).toBe('2026-11-19T06:00:00.000Z');
    expect(sastDateTimeInput('2026-11-19T06:00:00.000Z')).toBe('2026-11-19T08:00');
    expect(sastDateTimeInput(null)).toBe('');
    expect(instantFromSastInput('')).toBe('');
    expect(instantFromSastInput('not a date')).toBe('not a date');
  });

  it('shows an instant with its year, in SAST', () => {
    expect(formatBreachTime('2026-11-19T06:00:00.000Z')).toMatch(/19 Nov 2026.*08:00/);
  });

  it('parses only whole ISO 8601 instants with a zone', () => {
    expect(parseBreachInstant('2026-11-19T08:00+02:00')?.toISOString()).toBe('2026-11-19T06:00:00.000Z');
    expect(parseBreachInstant('2026-11-19T08:00')).toBeUndefined();
  });
});
