/*
 * Finding an erased holder's personal details in free text (a message, a timeline line, a note, an
 * audit entry's JSON detail) and putting ERASED_TEXT in their place.
 *
 * Two kinds of needle. Strong ones identify the holder wherever they appear: an e-mail address, a
 * phone number, an ID number, a registration or VIN, a full name; they may be searched for in any
 * row. Weak ones (a first name or a surname alone) would also match other people's words ('Ann' in
 * 'Annual'), so they are replaced only in rows already known to be about the holder.
 */
import { ERASED_TEXT, normalisePhone } from '@sentinel/domain';

/** Shorter than this, a single name is not looked for at all: 'Al' would eat every 'Alarm'. */
const WEAK_MIN_LENGTH = 3;
/** A strong needle shorter than this (an empty phone, a two-letter VIN) would match too much. */
const STRONG_MIN_LENGTH = 5;

export interface PersonalNeedles {
  strong: string[];
  weak: string[];
}

export interface Person {
  firstName: string;
  lastName: string;
  emails: readonly string[];
  phones: readonly { phoneCode: string; phoneNumber: string }[];
  idNumbers?: readonly (string | null)[];
}

/** Every way a stored phone is written in messages and logs: 821234567, 0821234567, +27821234567, 27821234567. */
export function phoneForms(phoneCode: string, phoneNumber: string): string[] {
  const digits = phoneNumber.replace(/\D/g, '');
  if (digits === '') return [];
  const code = phoneCode.replace(/\D/g, '') || '27';
  const e164 = normalisePhone(code, phoneNumber)?.e164 ?? `+${code}${digits}`;
  return [digits, `0${digits}`, e164, e164.slice(1), phoneNumber.trim()];
}

/** The needles of one person (the holder, a driver, an escalation contact). */
export function needlesOf(person: Person): PersonalNeedles {
  const first = person.firstName.trim();
  const last = person.lastName.trim();
  return {
    strong: [
      `${first} ${last}`,
      ...person.emails,
      ...person.phones.flatMap((phone) => phoneForms(phone.phoneCode, phone.phoneNumber)),
      ...(person.idNumbers ?? []).filter((id): id is string => id !== null),
    ],
    weak: [first, last],
  };
}

/** Needles of several people and things in one set, cleaned: trimmed, long enough, each once, longest first. */
export function combineNeedles(...sets: PersonalNeedles[]): PersonalNeedles {
  const clean = (values: string[], min: number) =>
    [...new Set(values.map((value) => value.trim()).filter((value) => value.length >= min))].sort(
      (a, b) => b.length - a.length,
    );
  const strong = clean(
    sets.flatMap((set) => set.strong),
    STRONG_MIN_LENGTH,
  );
  const strongLower = new Set(strong.map((value) => value.toLowerCase()));
  const weak = clean(
    sets.flatMap((set) => set.weak),
    WEAK_MIN_LENGTH,
  ).filter((value) => !strongLower.has(value.toLowerCase()));
  return { strong, weak };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A needle as it reads inside a JSON string (an audit entry's detail is JSON text). */
const asJson = (needle: string) => JSON.stringify(needle).slice(1, -1);

/**
 * Replaces every needle (any case) in `text` with ERASED_TEXT. With `weak` the single names go too:
 * only for text already known to be about the person. JSON text stays valid JSON: the replacement
 * needs no escaping, and a needle is also looked for in its JSON-escaped form.
 */
export function createScrubber(needles: PersonalNeedles) {
  const pattern = (values: string[]) => {
    const forms = [...new Set(values.flatMap((value) => [value, asJson(value)]))].sort(
      (a, b) => b.length - a.length,
    );
    return forms.length === 0 ? undefined : new RegExp(forms.map(escapeRegExp).join('|'), 'gi');
  };
  const strong = pattern(needles.strong);
  const all = pattern([...needles.strong, ...needles.weak]);
  return {
    needles,
    /** The text with the person's details replaced (weak needles too unless `strongOnly`). */
    scrub(text: string, options: { strongOnly?: boolean } = {}): string {
      const regex = options.strongOnly ? strong : all;
      return regex === undefined ? text : text.replace(regex, ERASED_TEXT);
    },
    /** scrub() of a nullable column's value. */
    scrubNullable(text: string | null): string | null {
      return text === null ? null : this.scrub(text);
    },
  };
}

export type Scrubber = ReturnType<typeof createScrubber>;

/** A LIKE pattern matching `needle` anywhere, its % and _ taken literally (ESCAPE '\'). */
export function containsPattern(needle: string): string {
  return `%${needle.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
