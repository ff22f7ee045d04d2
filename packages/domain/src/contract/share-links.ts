/*
 * Live-location links: from an alarm, staff make a link for a responder (armed response, the
 * police) to a public page of the dashboard that shows the vehicle's live position and its last
 * 30 minutes of track, read-only, until the link expires or is revoked. The token is the key and is
 * shown once; the api keeps only its SHA-256.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { HISTORY_LOCALE, HISTORY_TIME_ZONE } from '../history-format';
import type { FieldErrors } from '../messages';
import { formatReplayDayTime } from '../trips/playback';
import { Literals, Nullable } from './common';
import { ReplayFixSchema } from './replay';

/** Who the link is for, in words ('Armed response', 'SAPS Sandton'): at most this many characters. */
export const SHARE_LINK_RECIPIENT_MAX_LENGTH = 100;
/** How long a link lives unless the request says (SHARE_LINK_DEFAULT_HOURS may change it). */
export const DEFAULT_SHARE_LINK_HOURS = 4;
/** The longest a link may live; SHARE_LINK_MAX_HOURS may only lower it. */
export const MAX_SHARE_LINK_HOURS = 24;
/** How far back the public page's track reaches. */
export const SHARED_TRACK_MINUTES = 30;

export const SHARE_LINK_STATES = ['Active', 'Expired', 'Revoked'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

export const SHARE_LINK_MESSAGES = {
  recipientRequired: 'Say who the link is for.',
  recipientTooLong: `At most ${SHARE_LINK_RECIPIENT_MAX_LENGTH} characters.`,
  hours: (maxHours: number) => `Choose a whole number of hours from 1 to ${maxHours}.`,
  /** The public page's one answer for any link it cannot show: unknown, expired or revoked. */
  expired: 'This link has expired',
} as const;

/** POST /Alarms/{id}/ShareLinks body. */
export const CreateShareLinkRequestSchema = Type.Object({
  recipient: Type.String({
    // Loose, so a long name is told in the product's words (shareLinkErrors) rather than Ajv's.
    maxLength: SHARE_LINK_RECIPIENT_MAX_LENGTH * 4,
    description: `Who the link is for, e.g. 'Armed response'; 1 to ${SHARE_LINK_RECIPIENT_MAX_LENGTH} characters.`,
  }),
  hours: Type.Optional(
    Type.Number({
      description: `How long the link lives, whole hours from 1 to SHARE_LINK_MAX_HOURS (at most ${MAX_SHARE_LINK_HOURS}); @default SHARE_LINK_DEFAULT_HOURS (${DEFAULT_SHARE_LINK_HOURS}).`,
    }),
  ),
});
export type CreateShareLinkRequest = Static<typeof CreateShareLinkRequestSchema>;

/** One live-location link as staff see it (never its token). */
export const ShareLinkSchema = Type.Object({
  id: Type.Integer(),
  alarmId: Type.Integer(),
  vehicleId: Type.Integer(),
  recipient: Type.String(),
  state: Literals(SHARE_LINK_STATES),
  createdDateTime: Type.String({ description: 'ISO 8601 (UTC).' }),
  createdBy: Nullable(Type.String({ description: "The staff member's name." })),
  expiresDateTime: Type.String({ description: 'ISO 8601 (UTC).' }),
  revokedDateTime: Nullable(Type.String()),
  revokedBy: Nullable(Type.String()),
  viewCount: Type.Integer({ minimum: 0, description: 'How many times the public page read it.' }),
  lastViewedDateTime: Nullable(Type.String()),
  lastViewedAddress: Nullable(Type.String({ description: "The last reader's IP address." })),
});
export type ShareLink = Static<typeof ShareLinkSchema>;

/** GET /Alarms/{id}/ShareLinks: the alarm's links, newest first. */
export const ShareLinkListSchema = Type.Array(ShareLinkSchema);

/** POST /Alarms/{id}/ShareLinks answer: the link and its URL, whose token is shown this once. */
export const CreatedShareLinkSchema = Type.Object({
  ...ShareLinkSchema.properties,
  url: Type.String({ description: 'The public page, `${DASHBOARD_URL}/shared/<token>`. Shown once.' }),
});
export type CreatedShareLink = Static<typeof CreatedShareLinkSchema>;

/** GET /Shared/{token}: what a responder sees. Nothing of the holder (no name, ID, phone or address). */
export const SharedLocationSchema = Type.Object({
  registrationNumber: Type.String(),
  make: Nullable(Type.String()),
  model: Nullable(Type.String()),
  colour: Nullable(Type.String()),
  position: Nullable(
    Type.Object({
      latitudeDegrees: Type.Number(),
      longitudeDegrees: Type.Number(),
      dateTime: Type.String({ description: 'When the device took the fix, ISO 8601 (UTC).' }),
      speedKmh: Nullable(
        Type.Number({ description: 'Average speed from the fix before; null without one in the track.' }),
      ),
    }),
    { description: 'The latest position; null when the device has reported none.' },
  ),
  track: Type.Array(ReplayFixSchema, {
    description: `The fixes of the last ${SHARED_TRACK_MINUTES} minutes, oldest first.`,
  }),
  sharedBy: Nullable(Type.String({ description: 'The staff member who made the link.' })),
  recipient: Type.String(),
  expiresDateTime: Type.String(),
});
export type SharedLocation = Static<typeof SharedLocationSchema>;

/** The field errors of a new link (Recipient, Hours); undefined when it may be made. */
export function shareLinkErrors(
  request: { recipient?: string | undefined; hours?: number | undefined },
  maxHours: number = MAX_SHARE_LINK_HOURS,
): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const recipient = request.recipient?.trim() ?? '';
  if (recipient === '') errors['Recipient'] = [SHARE_LINK_MESSAGES.recipientRequired];
  else if (recipient.length > SHARE_LINK_RECIPIENT_MAX_LENGTH)
    errors['Recipient'] = [SHARE_LINK_MESSAGES.recipientTooLong];
  const { hours } = request;
  if (hours !== undefined && (!Number.isInteger(hours) || hours < 1 || hours > maxHours))
    errors['Hours'] = [SHARE_LINK_MESSAGES.hours(maxHours)];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Where a link stands at `now`: revoked first (a person ended it), then expired. */
export function shareLinkState(
  link: { expiresDateTime: string; revokedDateTime: string | null },
  now: Date,
): ShareLinkState {
  if (link.revokedDateTime !== null) return 'Revoked';
  return Date.parse(link.expiresDateTime) <= now.getTime() ? 'Expired' : 'Active';
}

const clockFormat = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: HISTORY_TIME_ZONE,
});
const dayFormat = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: HISTORY_TIME_ZONE,
});

/**
 * A link's end as Johannesburg reads it: '18:30' on the day it was made, else with its day
 * ('Sat, 28 Nov, 02:00'), since a link may live into the next day.
 */
export function shareLinkUntil(expiresDateTime: string, madeAt: Date): string {
  const expires = new Date(expiresDateTime);
  return dayFormat.format(expires) === dayFormat.format(madeAt)
    ? clockFormat.format(expires)
    : formatReplayDayTime(expires.getTime());
}

/** The alarm timeline's line for a link made: 'Live location shared with Armed response until 18:30 by Thandi Mokoena'. */
export function shareLinkSharedText(
  link: { recipient: string; expiresDateTime: string },
  by: string | null,
  madeAt: Date,
): string {
  const until = shareLinkUntil(link.expiresDateTime, madeAt);
  return `Live location shared with ${link.recipient} until ${until}${by === null ? '' : ` by ${by}`}`;
}

/** The alarm timeline's line for a link revoked: 'Live location link for Armed response revoked by Thandi Mokoena'. */
export function shareLinkRevokedText(link: { recipient: string }, by: string | null): string {
  return `Live location link for ${link.recipient} revoked${by === null ? '' : ` by ${by}`}`;
}

/** The timeline's line for a link that resolving its alarm ended. */
export function shareLinkEndedByResolveText(link: { recipient: string }): string {
  return `Live location link for ${link.recipient} ended: the alarm was resolved`;
}
