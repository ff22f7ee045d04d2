/*
 * The alarm queue: a security event on a vehicle opens an alarm (one open alarm per vehicle and
 * kind; repeats join its timeline), staff acknowledge it (one owner), may escalate it to a partner
 * response service, add notes, and resolve it with a reason. The rules live in ../alarms.ts.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import {
  ALARM_KINDS,
  ALARM_NOTE_MAX_LENGTH,
  ALARM_PRIORITIES,
  ALARM_RESOLUTIONS,
  ALARM_STATES,
} from '../alarms';
import { Literals, Nullable, PageSchema, ref } from './common';

/** One alarm as the queue shows it (and as AlarmChangedMessage carries it). */
export const AlarmSchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleId: Type.Integer(),
    registrationNumber: Type.String(),
    holderId: Nullable(Type.Integer({ description: "The vehicle's account holder." })),
    holderFirstName: Nullable(Type.String()),
    holderLastName: Nullable(Type.String()),
    kind: Literals(ALARM_KINDS),
    priority: Type.Union(
      ALARM_PRIORITIES.map((value) => Type.Literal(value)),
      {
        description: '1 is the most urgent.',
      },
    ),
    state: Literals(ALARM_STATES),
    openedDateTime: Type.String({ description: 'ISO 8601 date-time (UTC) of the event that opened it.' }),
    lastEventDateTime: Type.String({ description: 'Of the latest event that joined it.' }),
    eventCount: Type.Integer({ minimum: 1, description: 'The events that opened it or joined it since.' }),
    acknowledgeWithinSeconds: Type.Integer({ description: "The kind's response target." }),
    acknowledgedDateTime: Nullable(Type.String()),
    acknowledgedByUserId: Nullable(Type.Integer()),
    acknowledgedByUserFirstName: Nullable(Type.String()),
    acknowledgedByUserLastName: Nullable(Type.String()),
    resolvedDateTime: Nullable(Type.String()),
    resolvedByUserFirstName: Nullable(Type.String()),
    resolvedByUserLastName: Nullable(Type.String()),
    resolution: Nullable(Literals(ALARM_RESOLUTIONS)),
  },
  { $id: 'Alarm' },
);
export type Alarm = Static<typeof AlarmSchema>;

export const AlarmPageSchema = PageSchema(ref(AlarmSchema));

/** The queue's tabs: alarms nobody owns yet, and alarms someone owns (acknowledged or escalated). */
export const ALARM_QUEUE_TABS = ['Open', 'Acknowledged'] as const;
export type AlarmQueueTab = (typeof ALARM_QUEUE_TABS)[number];

/** GET /Alarms query: a tab, highest priority and oldest first, one page. */
export const AlarmQueueQuerySchema = Type.Object({
  tab: Type.Optional(Literals(ALARM_QUEUE_TABS)),
  $pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: '@default 50' })),
  $pageindex: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, description: '0-based; @default 0' }),
  ),
});
export type AlarmQueueQuery = Static<typeof AlarmQueueQuerySchema>;

export const ALARM_EVENT_TYPES = [
  'Opened',
  'Repeated',
  'Acknowledged',
  'Escalated',
  'PartnerStatus',
  'Note',
  'Resolved',
  'Message',
  'ShareLink',
] as const;
export type AlarmEventType = (typeof ALARM_EVENT_TYPES)[number];

/** One entry of an alarm's timeline, oldest first. */
export const AlarmEventSchema = Type.Object(
  {
    id: Type.Integer(),
    dateTime: Type.String(),
    type: Literals(ALARM_EVENT_TYPES),
    byUserFirstName: Nullable(Type.String()),
    byUserLastName: Nullable(Type.String()),
    text: Nullable(
      Type.String({
        description:
          "What happened, in words: the device's report, the partner and its status, the note, the resolution's note, a message to the holder or a contact and its delivery state, or a live-location link shared or revoked.",
      }),
    ),
  },
  { $id: 'AlarmEvent' },
);
export type AlarmEvent = Static<typeof AlarmEventSchema>;

/** Someone to call about the vehicle: its holder or one of their drivers. */
export const AlarmContactSchema = Type.Object({
  role: Literals(['Account holder', 'Driver'] as const),
  firstName: Type.String(),
  lastName: Type.String(),
  phoneCode: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
});
export type AlarmContact = Static<typeof AlarmContactSchema>;

/** GET /Alarms/{id}: the alarm, its timeline and who to call. */
export const AlarmDetailSchema = Type.Object(
  {
    alarm: ref(AlarmSchema),
    timeline: Type.Array(ref(AlarmEventSchema)),
    contacts: Type.Array(AlarmContactSchema),
  },
  { $id: 'AlarmDetail' },
);
export type AlarmDetail = Static<typeof AlarmDetailSchema>;

/** POST /Alarms/{id}/Resolve body. */
export const ResolveAlarmRequestSchema = Type.Object({
  reason: Type.String({ maxLength: 50, description: `One of: ${ALARM_RESOLUTIONS.join(', ')}.` }),
  note: Type.Optional(Type.String({ maxLength: ALARM_NOTE_MAX_LENGTH * 2 })),
});
export type ResolveAlarmRequest = Static<typeof ResolveAlarmRequestSchema>;

/** POST /Alarms/{id}/Notes body. */
export const AlarmNoteRequestSchema = Type.Object({
  note: Type.String({ maxLength: ALARM_NOTE_MAX_LENGTH * 2 }),
});
export type AlarmNoteRequest = Static<typeof AlarmNoteRequestSchema>;

/** POST /Alarms/{id}/Escalate body: the partner response service to alert. */
export const EscalateAlarmRequestSchema = Type.Object({
  partner: Literals(['Aura', 'Capital Air'] as const),
});
export type EscalateAlarmRequest = Static<typeof EscalateAlarmRequestSchema>;

/** GET /Alarms/Figures query: whole days (Johannesburg time), at most 92 of them. */
export const AlarmFiguresQuerySchema = Type.Object({
  from: Type.String({ description: 'First day, YYYY-MM-DD.' }),
  to: Type.String({ description: 'Last day, YYYY-MM-DD.' }),
});
export type AlarmFiguresQuery = Static<typeof AlarmFiguresQuerySchema>;

/** One day and kind of the response figures; null where no alarm of the row got that far. */
export const AlarmFiguresRowSchema = Type.Object(
  {
    day: Type.String({ description: 'YYYY-MM-DD, Johannesburg time.' }),
    kind: Literals(ALARM_KINDS),
    alarms: Type.Integer({ minimum: 0 }),
    breached: Type.Integer({ minimum: 0, description: 'Acknowledged later than the target, or not yet.' }),
    acknowledgeMedianSeconds: Nullable(Type.Number()),
    acknowledgeP90Seconds: Nullable(Type.Number()),
    resolveMedianSeconds: Nullable(Type.Number()),
    resolveP90Seconds: Nullable(Type.Number()),
  },
  { $id: 'AlarmFiguresRow' },
);
export type AlarmFiguresRow = Static<typeof AlarmFiguresRowSchema>;

export const AlarmFiguresSchema = Type.Object({ rows: Type.Array(ref(AlarmFiguresRowSchema)) });
export type AlarmFigures = Static<typeof AlarmFiguresSchema>;
