/*
 * Access requests (POPIA section 23): an Admin asks for everything held about one account holder
 * and gets a download link, a zip the api builds while it streams (JSON and CSV files, a README
 * inside). The link's token is shown once, in the answer to the request; the api keeps its SHA-256.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { FieldErrors } from '../messages';
import { Literals, Nullable } from './common';

/** How long a download link works after it was asked for: a day. */
export const DATA_ACCESS_REQUEST_HOURS = 24;

export const DATA_ACCESS_REQUEST_STATES = ['Active', 'Expired'] as const;
export type DataAccessRequestState = (typeof DATA_ACCESS_REQUEST_STATES)[number];

export const DATA_ACCESS_MESSAGES = {
  instant: 'Enter a date and time in ISO 8601, e.g. 2026-03-01T00:00:00Z.',
  order: 'The start of the period must not be after its end.',
  /** The dashboard's form, when 'A period' is chosen and a bound is left empty. */
  bound: 'Choose a date and time.',
  /** The download's one answer for any link it cannot serve: unknown, malformed or expired. */
  expired: 'This download link has expired.',
} as const;

// An instant as ISO 8601 writes it: a date, optionally a time, and (with a time) a zone or none (UTC).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const instant = (description: string) =>
  Nullable(
    Type.String({
      // Loose, so a wrong value is told in the product's words (dataAccessRequestErrors) rather than Ajv's.
      maxLength: 64,
      description: `${description} ISO 8601; a time without a zone is UTC.`,
    }),
  );

/** POST /Users/{id}/DataAccessRequests body (optional): the period of position fixes, or all of them. */
export const CreateDataAccessRequestSchema = Type.Object({
  fixesFrom: Type.Optional(
    instant('The first instant of position fixes to include, inclusive; @default the first fix.'),
  ),
  fixesTo: Type.Optional(
    instant('The last instant of position fixes to include, inclusive; @default the latest fix.'),
  ),
});
export type CreateDataAccessRequest = Static<typeof CreateDataAccessRequestSchema>;

/** POST /Users/{id}/DataAccessRequests answer: the link, whose token is shown this once. */
export const CreatedDataAccessRequestSchema = Type.Object({
  id: Type.Integer(),
  expiresAt: Type.String({ description: 'When the link stops working, ISO 8601 (UTC).' }),
  downloadUrl: Type.String({
    description:
      '`${PUBLIC_API_URL}/DataAccessRequests/<token>/Download`: no sign-in, the token is the key. Shown once.',
  }),
  fixesFrom: Nullable(
    Type.String({ description: 'The period asked for, ISO 8601 (UTC); null: from the first fix.' }),
  ),
  fixesTo: Nullable(Type.String({ description: 'ISO 8601 (UTC); null: up to the latest fix.' })),
});
export type CreatedDataAccessRequest = Static<typeof CreatedDataAccessRequestSchema>;

/** One access request as an Admin sees it later (never its token). */
export const DataAccessRequestSchema = Type.Object({
  id: Type.Integer(),
  subjectUserId: Type.Integer({ description: 'The account holder the download is about.' }),
  requestedAt: Type.String({ description: 'ISO 8601 (UTC).' }),
  requestedBy: Nullable(Type.String({ description: "The Admin's name; null once their account is gone." })),
  expiresAt: Type.String({ description: 'ISO 8601 (UTC).' }),
  state: Literals(DATA_ACCESS_REQUEST_STATES),
  fixesFrom: Nullable(Type.String()),
  fixesTo: Nullable(Type.String()),
  downloads: Type.Integer({ minimum: 0, description: 'How many times the zip was downloaded.' }),
  lastDownloadedAt: Nullable(Type.String()),
});
export type DataAccessRequest = Static<typeof DataAccessRequestSchema>;

/** GET /Users/{id}/DataAccessRequests: the holder's requests, newest first. */
export const DataAccessRequestListSchema = Type.Array(DataAccessRequestSchema);

/** The instant a period bound names, as stored (ISO with milliseconds, UTC); undefined when it names none. */
export function dataAccessInstant(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || !ISO_INSTANT.test(text)) return undefined;
  // Date.parse rolls 30 February over into March; a calendar date must exist as written.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  // A date and time without a zone is UTC, as the description says (Date reads it as local time).
  const zoned = /T.*(?:Z|[+-]\d{2}:?\d{2})$/.test(text) || !text.includes('T') ? text : `${text}Z`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The field errors of a request's period (FixesFrom, FixesTo); undefined when it may be made. */
export function dataAccessRequestErrors(request: {
  fixesFrom?: string | null | undefined;
  fixesTo?: string | null | undefined;
}): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const given = (value: string | null | undefined) =>
    value !== undefined && value !== null && value.trim() !== '';
  const from = dataAccessInstant(request.fixesFrom);
  const to = dataAccessInstant(request.fixesTo);
  if (given(request.fixesFrom) && from === undefined) errors['FixesFrom'] = [DATA_ACCESS_MESSAGES.instant];
  if (given(request.fixesTo) && to === undefined) errors['FixesTo'] = [DATA_ACCESS_MESSAGES.instant];
  if (from !== undefined && to !== undefined && from > to) errors['FixesTo'] = [DATA_ACCESS_MESSAGES.order];
  return Object.keys(errors).length > 0 ? errors : undefined;
}
