/*
 * The breach register (POPIA section 22): an Admin's record of each security compromise of
 * personal data. The field rules and the data classes are in ../breach-register.ts, shared by the
 * api and the dashboard's form.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import {
  BREACH_DATA_CLASSES,
  BREACH_DESCRIPTION_MAX_LENGTH,
  BREACH_DESCRIPTION_MIN_LENGTH,
  BREACH_MAX_PEOPLE_AFFECTED,
} from '../breach-register';
import { MAX_LENGTH } from '../limits';
import { Literals, Nullable, PageSchema, ref } from './common';

const instant = (description: string) =>
  Type.String({ maxLength: MAX_LENGTH.dateTime, description: `${description} ISO 8601 with a zone.` });

/** POST /BreachIncidents and PUT /BreachIncidents/{id} body; checked with breachIncidentErrors. */
export const BreachIncidentInputSchema = Type.Object(
  {
    occurredAt: instant('When the incident happened (or began); no later than discoveredAt.'),
    discoveredAt: instant('When it was discovered; not in the future.'),
    description: Type.String({
      // The rule counts the trimmed text; this bound only stops a huge body early.
      maxLength: BREACH_DESCRIPTION_MAX_LENGTH * 2,
      description: `What happened and what was done: ${BREACH_DESCRIPTION_MIN_LENGTH} to ${BREACH_DESCRIPTION_MAX_LENGTH} characters once trimmed.`,
    }),
    dataClasses: Type.Array(Literals(BREACH_DATA_CLASSES), {
      maxItems: BREACH_DATA_CLASSES.length,
      description: 'The kinds of personal data it touched: at least one, each once.',
    }),
    peopleAffected: Type.Integer({
      minimum: 0,
      maximum: BREACH_MAX_PEOPLE_AFFECTED,
      description: 'How many people, as best known (0 when none).',
    }),
    regulatorNotifiedAt: Type.Optional(
      Nullable(instant('When the Information Regulator was told; null or absent while not yet.')),
    ),
    peopleNotifiedAt: Type.Optional(
      Nullable(instant('When the people affected were told; null or absent while not yet.')),
    ),
  },
  { additionalProperties: false },
);
export type BreachIncidentInput = Static<typeof BreachIncidentInputSchema>;

/** One entry of the register. */
export const BreachIncidentSchema = Type.Object(
  {
    id: Type.Integer(),
    occurredAt: Type.String({ description: 'ISO 8601 UTC.' }),
    discoveredAt: Type.String({ description: 'ISO 8601 UTC.' }),
    description: Type.String(),
    dataClasses: Type.Array(Literals(BREACH_DATA_CLASSES)),
    peopleAffected: Type.Integer({ minimum: 0 }),
    regulatorNotifiedAt: Nullable(Type.String({ description: 'ISO 8601 UTC; null while not told.' })),
    peopleNotifiedAt: Nullable(Type.String({ description: 'ISO 8601 UTC; null while not told.' })),
    recordedAt: Type.String({ description: 'When it was entered in the register.' }),
    recordedByEmail: Nullable(
      Type.String({ description: 'Who entered it, as their e-mail reads now; null once that user is gone.' }),
    ),
    updatedAt: Type.String({ description: 'When it was last changed (recordedAt until then).' }),
  },
  { $id: 'BreachIncident' },
);
export type BreachIncident = Static<typeof BreachIncidentSchema>;

/** GET /BreachIncidents answer. */
export const BreachIncidentPageSchema = PageSchema(ref(BreachIncidentSchema));

/**
 * The fields GET /BreachIncidents filters and sorts on, e.g. `regulatorNotifiedAt eq null` (the
 * incidents the Regulator has not been told of) or `discoveredAt ge 2026-01-01T00:00:00Z`.
 */
export const BREACH_INCIDENT_LIST_FIELDS = [
  'id',
  'occurredAt',
  'discoveredAt',
  'peopleAffected',
  'regulatorNotifiedAt',
  'peopleNotifiedAt',
  'recordedAt',
] as const;
export type BreachIncidentListField = (typeof BREACH_INCIDENT_LIST_FIELDS)[number];
export type BreachIncidentListFields = Pick<BreachIncident, BreachIncidentListField>;
