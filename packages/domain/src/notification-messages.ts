/*
 * What the people who must act are told when an alarm opens: the account holder's SMS and e-mail,
 * an escalation contact's variant that names the holder, and the staff browsers' push; when a
 * message is tried again; when quiet hours hold one back; and how each message's state reads on
 * the alarm's timeline. The api's outbox worker and the SMS delivery reports word their timeline
 * lines only through messageTimelineText, so the timeline reads the same whoever wrote the line.
 */
import { ALARM_KIND_DEFAULTS, ALARM_KIND_LABELS, ALARM_KINDS, ALARM_PRIORITY_LABELS } from './alarms';
import type { AlarmKind } from './alarms';
import { WEEKDAYS, scheduleWindowAt } from './arming';
import { HISTORY_LOCALE, HISTORY_TIME_ZONE } from './history-format';
import { PRODUCT_NAME } from './product';

/** How a message travels: SMS and e-mail to people, push to staff browsers. */
export type MessageChannel = 'sms' | 'email' | 'push';

/** How a channel reads on the timeline. */
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  sms: 'SMS',
  email: 'E-mail',
  push: 'Push',
};

/** Who a message is for: the vehicle's holder, or one of their escalation contacts (who must be told whose vehicle it is). */
export type MessageAudience = 'Holder' | 'Contact';

/** What a message says about its alarm. */
export interface AlarmMessageFacts {
  kind: AlarmKind;
  /** The vehicle's registration number. */
  registration: string;
  /** When the alarm opened. */
  openedAt: Date;
  /** The account holder's name: the person greeted in their own e-mail, the person named in a contact's. */
  holderName: string;
}

// ---------------------------------------------------------------------------------------------
// Time, as the product's people read it: Johannesburg wall-clock time.

const timeParts = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  timeZone: HISTORY_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function johannesburgParts(at: Date) {
  const parts = timeParts.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return {
    time: `${part('hour')}:${part('minute')}`,
    day: `${part('day')} ${part('month')}`,
    weekday: part('weekday'),
    year: part('year'),
  };
}

/** HH:MM in Johannesburg time. */
export function johannesburgTime(at: Date): string {
  return johannesburgParts(at).time;
}

// ---------------------------------------------------------------------------------------------
// SMS: one GSM-7 segment (160 characters) where it can.

/** The GSM 03.38 default alphabet; the characters of its extension table count twice. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

/** The length of a text in GSM-7 septets, or undefined when it needs UCS-2 (an emoji, a curly quote). */
export function gsm7Length(text: string): number | undefined {
  let length = 0;
  for (const character of text) {
    if (GSM7_BASIC.includes(character)) length += 1;
    else if (GSM7_EXTENSION.includes(character)) length += 2;
    else return undefined;
  }
  return length;
}

/** True when a text goes as one SMS segment: 160 GSM-7 septets, or 70 UCS-2 characters. */
export function fitsOneSmsSegment(text: string): boolean {
  const septets = gsm7Length(text);
  return septets === undefined ? [...text].length <= 70 : septets <= 160;
}

/** A name or registration cut to at most `length` characters (a person's name can be long). */
const clip = (text: string, length: number) => {
  const trimmed = text.trim();
  return trimmed.length <= length ? trimmed : trimmed.slice(0, length).trimEnd();
};

/**
 * The alarm's SMS: the kind, the vehicle's registration and the time. A contact's names the
 * holder and asks them to check on the holder. The longer wording gives way to a shorter one, and
 * a long name is cut, so that an ASCII name and registration always fit one segment.
 */
export function alarmSmsText(facts: AlarmMessageFacts, audience: MessageAudience): string {
  const { time, day } = johannesburgParts(facts.openedAt);
  const label = ALARM_KIND_LABELS[facts.kind];
  const registration = clip(facts.registration, 20);
  const candidates =
    audience === 'Holder'
      ? [
          `${PRODUCT_NAME} alert: ${label} on your vehicle ${registration} at ${time} on ${day}. Our control room is responding.`,
          `${PRODUCT_NAME} alert: ${label} on your vehicle ${registration} at ${time} on ${day}.`,
        ]
      : [40, 24].flatMap((nameLength) => {
          const holder = clip(facts.holderName, nameLength);
          return [
            `${PRODUCT_NAME} alert: ${label} on ${holder}'s vehicle ${registration} at ${time} on ${day}. You are an emergency contact: please check on ${holder}.`,
            `${PRODUCT_NAME} alert: ${label} on ${holder}'s vehicle ${registration} at ${time} on ${day}. You are an emergency contact.`,
          ];
        });
  return candidates.find(fitsOneSmsSegment) ?? candidates[candidates.length - 1]!;
}

// ---------------------------------------------------------------------------------------------
// E-mail: a subject and a plain body.

/** The alarm's e-mail to the holder, or to a contact (naming the holder). */
export function alarmEmail(
  facts: AlarmMessageFacts,
  audience: MessageAudience,
  recipientName: string,
): { subject: string; body: string } {
  const { time, day, weekday, year } = johannesburgParts(facts.openedAt);
  const label = ALARM_KIND_LABELS[facts.kind];
  const whose = audience === 'Holder' ? 'your vehicle' : `${facts.holderName}'s vehicle`;
  const when = `${time} on ${weekday} ${day} ${year} (Johannesburg time)`;
  const lines =
    audience === 'Holder'
      ? [
          `Hello ${recipientName},`,
          '',
          `${PRODUCT_NAME} raised an alarm on ${whose} ${facts.registration}: ${label}, at ${when}.`,
          '',
          'Our control room has been told and is responding. If this was you, please let us know.',
        ]
      : [
          `Hello ${recipientName},`,
          '',
          `${PRODUCT_NAME} raised an alarm on ${whose} ${facts.registration}: ${label}, at ${when}.`,
          '',
          `You are one of ${facts.holderName}'s emergency contacts, and nobody has answered the alarm yet. Please try to reach ${facts.holderName}.`,
        ];
  return {
    subject: `${PRODUCT_NAME} alert: ${label} on ${whose} ${facts.registration}`,
    body: [...lines, '', PRODUCT_NAME, ''].join('\n'),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff push: what a staff browser shows, even with no tab open.

/** The push message's JSON: the service worker shows title and body and opens url on a click. */
export interface StaffPushPayload {
  title: string;
  body: string;
  alarmId: number;
  /** The alarm's page on the dashboard. */
  url: string;
}

/** The staff push for an opened alarm; `url` is the alarm's dashboard page (from the api's settings). */
export function staffPushPayload(
  facts: AlarmMessageFacts & { alarmId: number; url: string },
): StaffPushPayload {
  const priority = ALARM_PRIORITY_LABELS[ALARM_KIND_DEFAULTS[facts.kind].priority];
  return {
    title: `${ALARM_KIND_LABELS[facts.kind]}: ${facts.registration}`,
    body: `${priority} priority, ${facts.holderName}'s vehicle, opened at ${johannesburgTime(facts.openedAt)}.`,
    alarmId: facts.alarmId,
    url: facts.url,
  };
}

// ---------------------------------------------------------------------------------------------
// Retries and quiet hours.

/** Attempt n (1 = the first retry's wait) waits base × 2^(n-1) seconds, never more than max. */
export function messageRetryDelayMs(
  attempt: number,
  retry: { baseSeconds: number; maxSeconds: number },
): number {
  const seconds = retry.baseSeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(seconds, retry.maxSeconds) * 1000;
}

/**
 * The kinds told even in quiet hours: the security kinds, those of the top priority (a tamper, a
 * cut battery, a vehicle moving while armed, panic). A low device battery can wait till morning.
 */
export const QUIET_HOURS_EXEMPT_KINDS: readonly AlarmKind[] = ALARM_KINDS.filter(
  (kind) => ALARM_KIND_DEFAULTS[kind].priority === 1,
);

/**
 * The kinds that reach the holder's escalation contacts while nobody acknowledges them: the ones
 * that may mean the vehicle is being taken (the security kinds, a geofence rule broken, the GPS
 * lost). A low device battery or a silent device is the control room's to follow up, not a reason
 * to call someone's emergency contacts.
 */
export const CONTACT_ESCALATION_KINDS: readonly AlarmKind[] = ALARM_KINDS.filter(
  (kind) => ALARM_KIND_DEFAULTS[kind].priority === 1 || kind === 'GeofenceBreach' || kind === 'GpsLost',
);

/** True when the kind is told at once whatever the holder's quiet hours. */
export const ignoresQuietHours = (kind: AlarmKind) => QUIET_HOURS_EXEMPT_KINDS.includes(kind);

/**
 * When the quiet hours holding `at` end, or undefined when `at` is outside them. The window is
 * HH:MM to HH:MM Johannesburg time, every day; one whose end is at or before its start runs past
 * midnight (22:00 to 06:00). The arming schedule's window rule, with every day chosen.
 */
export function quietHoursEnd(quiet: { from: string; to: string }, at: Date): Date | undefined {
  return scheduleWindowAt({ days: [...WEEKDAYS], from: quiet.from, to: quiet.to }, at)?.end;
}

/** When a holder's message of this kind may first be sent: now, or the end of their quiet hours. */
export function firstAttemptAt(kind: AlarmKind, quiet: { from: string; to: string } | null, now: Date): Date {
  if (quiet === null || ignoresQuietHours(kind)) return now;
  return quietHoursEnd(quiet, now) ?? now;
}

// ---------------------------------------------------------------------------------------------
// The timeline.

/** A message's state as its timeline line tells it. */
export type MessageTimelineState =
  | { state: 'queued'; until?: Date | undefined }
  | { state: 'sent' }
  | { state: 'delivered' }
  | { state: 'retrying'; attempt: number; reason: string }
  | { state: 'failed'; reason: string };

/**
 * The one wording of a 'Message' timeline line: `SMS to Thandiwe Nkosi: sent`,
 * `E-mail to Thandiwe Nkosi: queued until 06:00 (quiet hours)`, `SMS to Sipho (contact 1): retrying
 * (attempt 2): provider answered 503`, `Push to …: failed: subscription gone`. In retrying, `attempt` is the attempt that just failed.
 */
export function messageTimelineText(
  message: { channel: MessageChannel; recipientName: string },
  state: MessageTimelineState,
): string {
  const head = `${MESSAGE_CHANNEL_LABELS[message.channel]} to ${message.recipientName}`;
  switch (state.state) {
    case 'queued':
      return state.until === undefined
        ? `${head}: queued`
        : `${head}: queued until ${johannesburgTime(state.until)} (quiet hours)`;
    case 'sent':
      return `${head}: sent`;
    case 'delivered':
      return `${head}: delivered`;
    case 'retrying':
      return `${head}: retrying (attempt ${state.attempt}): ${state.reason}`;
    case 'failed':
      return `${head}: failed: ${state.reason}`;
  }
}
