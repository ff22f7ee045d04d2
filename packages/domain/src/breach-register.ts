/*
 * The breach register (POPIA section 22): what an incident record holds, the kinds of personal
 * data it can touch, and the rules of its fields. One place for the dashboard's form and the api,
 * so the form shows the very message the server would answer with.
 *
 * Times are instants (ISO 8601 with a zone, stored as UTC). The form's fields are South African wall
 * time (SAST, UTC+2 all year), converted here both ways.
 */
import type { FieldErrors } from './messages';
import { MESSAGES } from './messages';

/**
 * The kinds of personal data an incident can touch, as the register and its CSV name them. Each
 * maps onto what the product holds (BREACH_DATA_CLASS_HINTS), so whoever records an incident can
 * tell which apply; the list is the contract's, so the CSV's column reads the same every year.
 */
export const BREACH_DATA_CLASSES = [
  'Identity numbers',
  'Contact details',
  'Location history',
  'Vehicle details',
  'Payment records',
  'Credentials',
] as const;
export type BreachDataClass = (typeof BREACH_DATA_CLASSES)[number];

/** What each data class covers in this product, shown under its checkbox. */
export const BREACH_DATA_CLASS_HINTS: Record<BreachDataClass, string> = {
  'Identity numbers': 'South African ID and passport numbers of account holders and drivers',
  'Contact details': 'Names, e-mail addresses and phone numbers, escalation contacts included',
  'Location history': 'Position fixes, vehicle history, trips and live-location links',
  'Vehicle details': 'Registration, VIN and engine numbers, make, model and colour',
  'Payment records': 'Subscriptions, deposits and payment references',
  Credentials: 'Password hashes, sign-in tokens, one-time codes and second factors',
};

export const BREACH_DESCRIPTION_MIN_LENGTH = 10;
export const BREACH_DESCRIPTION_MAX_LENGTH = 4000;
/** More than South Africa's population would be a typing slip; the largest count the register takes. */
export const BREACH_MAX_PEOPLE_AFFECTED = 10_000_000;
/**
 * How far past the server's clock a time may lie and still count as "not in the future": a form
 * filled in with 'now' on a computer whose clock runs a little ahead is not refused.
 */
export const BREACH_CLOCK_SKEW_MS = 5 * 60_000;

export const BREACH_MESSAGES = {
  dateTimeInvalid: 'Please provide a valid date and time',
  inFuture: 'This date and time cannot be in the future',
  occurredAfterDiscovered: 'The incident cannot have happened after it was discovered',
  notifiedBeforeDiscovered: 'This cannot be before the incident was discovered',
  descriptionTooShort: `Please describe what happened in at least ${BREACH_DESCRIPTION_MIN_LENGTH} characters`,
  descriptionTooLong: `The description may have at most ${BREACH_DESCRIPTION_MAX_LENGTH} characters`,
  dataClassesRequired: 'Please choose at least one kind of data',
  dataClassUnknown: 'Please choose only the kinds of data listed',
  dataClassRepeated: 'Please choose each kind of data once',
  peopleAffected: 'Please provide a whole number from 0 to 10,000,000',
  noIncidents: 'No incidents have been recorded',
} as const;

/** The fields of an incident as a form or a request holds them; anything may be missing or wrong. */
export interface BreachIncidentDraft {
  occurredAt?: string | undefined;
  discoveredAt?: string | undefined;
  description?: string | undefined;
  dataClasses?: readonly string[] | undefined;
  /** Undefined when nothing was given; NaN when what was given is no number. */
  peopleAffected?: number | undefined;
  /** Null, undefined or '' while they have not been told. */
  regulatorNotifiedAt?: string | null | undefined;
  peopleNotifiedAt?: string | null | undefined;
}

/** A valid incident as stored: UTC instants, the trimmed description, the classes in list order. */
export interface BreachIncidentFields {
  occurredAt: string;
  discoveredAt: string;
  description: string;
  dataClasses: BreachDataClass[];
  peopleAffected: number;
  regulatorNotifiedAt: string | null;
  peopleNotifiedAt: string | null;
}

// A date, a time to the minute (seconds and fractions optional) and a zone: what toISOString and
// every client send. Date.parse alone takes 'March 5' or '2026-02-31' (as 3 March).
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** The instant an ISO 8601 date-time names, or undefined when it is not one (or no real date). */
export function parseBreachInstant(value: string): Date | undefined {
  const match = ISO_INSTANT.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  const at = new Date(value.trim());
  return Number.isNaN(at.getTime()) ? undefined : at;
}

const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/**
 * Why the incident cannot be recorded as it is, by field (OccurredAt, DiscoveredAt, Description,
 * DataClasses, PeopleAffected, RegulatorNotifiedAt, PeopleNotifiedAt), or undefined when it can:
 * it happened no later than it was discovered, and that no later than now; the Regulator and the
 * people were told, when they were, after the discovery and not in the future.
 */
export function breachIncidentErrors(
  input: BreachIncidentDraft,
  now: Date = new Date(),
): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const latest = now.getTime() + BREACH_CLOCK_SKEW_MS;

  const instant = (field: string, value: string | null | undefined, required: boolean) => {
    if (blank(value)) {
      if (required) errors[field] = [MESSAGES.required];
      return undefined;
    }
    const at = parseBreachInstant(value!);
    if (at === undefined) errors[field] = [BREACH_MESSAGES.dateTimeInvalid];
    else if (at.getTime() > latest) errors[field] = [BREACH_MESSAGES.inFuture];
    return errors[field] === undefined ? at : undefined;
  };

  const occurred = instant('OccurredAt', input.occurredAt, true);
  const discovered = instant('DiscoveredAt', input.discoveredAt, true);
  if (occurred && discovered && occurred.getTime() > discovered.getTime()) {
    errors['OccurredAt'] = [BREACH_MESSAGES.occurredAfterDiscovered];
  }
  for (const field of ['RegulatorNotifiedAt', 'PeopleNotifiedAt'] as const) {
    const told = instant(
      field,
      field === 'RegulatorNotifiedAt' ? input.regulatorNotifiedAt : input.peopleNotifiedAt,
      false,
    );
    if (told && discovered && told.getTime() < discovered.getTime()) {
      errors[field] = [BREACH_MESSAGES.notifiedBeforeDiscovered];
    }
  }

  const description = input.description?.trim() ?? '';
  if (description === '') errors['Description'] = [MESSAGES.required];
  else if (description.length < BREACH_DESCRIPTION_MIN_LENGTH) {
    errors['Description'] = [BREACH_MESSAGES.descriptionTooShort];
  } else if (description.length > BREACH_DESCRIPTION_MAX_LENGTH) {
    errors['Description'] = [BREACH_MESSAGES.descriptionTooLong];
  }

  const classes = input.dataClasses ?? [];
  if (classes.length === 0) errors['DataClasses'] = [BREACH_MESSAGES.dataClassesRequired];
  else if (classes.some((name) => !(BREACH_DATA_CLASSES as readonly string[]).includes(name))) {
    errors['DataClasses'] = [BREACH_MESSAGES.dataClassUnknown];
  } else if (new Set(classes).size < classes.length) {
    errors['DataClasses'] = [BREACH_MESSAGES.dataClassRepeated];
  }

  const people = input.peopleAffected;
  if (people === undefined) errors['PeopleAffected'] = [MESSAGES.required];
  else if (!Number.isSafeInteger(people) || people < 0 || people > BREACH_MAX_PEOPLE_AFFECTED) {
    errors['PeopleAffected'] = [BREACH_MESSAGES.peopleAffected];
  }

  return Object.keys(errors).length === 0 ? undefined : errors;
}

/** An instant as stored: ISO 8601 UTC with milliseconds; null for a blank optional time. */
const stored = (value: string | null | undefined): string | null =>
  blank(value) ? null : parseBreachInstant(value!)!.toISOString();

/**
 * The incident as stored, from a draft breachIncidentErrors accepted: the same instants in UTC, the
 * description trimmed, the data classes in the register's order.
 */
export function breachIncidentFields(input: BreachIncidentDraft): BreachIncidentFields {
  const chosen = new Set(input.dataClasses ?? []);
  return {
    occurredAt: stored(input.occurredAt)!,
    discoveredAt: stored(input.discoveredAt)!,
    description: (input.description ?? '').trim(),
    dataClasses: BREACH_DATA_CLASSES.filter((name) => chosen.has(name)),
    peopleAffected: input.peopleAffected ?? 0,
    regulatorNotifiedAt: stored(input.regulatorNotifiedAt),
    peopleNotifiedAt: stored(input.peopleNotifiedAt),
  };
}

/**
 * The number typed in the form's People affected field: digits, spaces and thousands commas
 * ('12 000', '12,000'); NaN for anything else, undefined when blank.
 */
export function parsePeopleAffected(text: string): number | undefined {
  const digits = text.trim().replace(/[\s,]/g, '');
  if (digits === '') return undefined;
  return /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
}

/** South Africa keeps SAST (UTC+2) all year. */
const SAST_OFFSET_MS = 2 * 60 * 60_000;

/** A datetime-local field's value ('YYYY-MM-DDTHH:MM', SAST) for an instant; '' for none. */
export function sastDateTimeInput(instant: string | null): string {
  if (instant === null) return '';
  const at = Date.parse(instant);
  return Number.isNaN(at) ? '' : new Date(at + SAST_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * The instant a datetime-local value in SAST names, as ISO 8601 UTC; '' stays '' (not given), and
 * a value that is no date and time is passed on as it is, for breachIncidentErrors to refuse.
 */
export function instantFromSastInput(value: string): string {
  if (value.trim() === '') return '';
  const at = parseBreachInstant(`${value.trim()}+02:00`);
  return at === undefined ? value : at.toISOString();
}

const readable = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'Africa/Johannesburg',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the register shows it, with its year: '05 Nov 2026, 14:30' (SAST). */
export function formatBreachTime(instant: string): string {
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? '' : readable.format(at);
}
