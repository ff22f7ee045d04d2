/*
 * Erasure of an account holder and the legal hold that stops it (POPIA section 24): the requests
 * and answers of POST /Users/{id}/Erase, PUT and DELETE /Users/{id}/LegalHold and
 * POST /Vehicles/{id}/EndSubscription. The rules and their words are in ../erasure-rules.ts.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Nullable } from './common';

/** The longest legal hold reason kept (a case number and a sentence or two). */
export const LEGAL_HOLD_REASON_MAX_LENGTH = 500;
/** The shortest: a reason of one or two letters says nothing. */
export const LEGAL_HOLD_REASON_MIN_LENGTH = 3;

/** PUT and DELETE /Users/{id}/LegalHold body: why the hold is set, or why it is lifted. */
export const LegalHoldRequestSchema = Type.Object({
  reason: Type.String({
    // Loose, so a long reason is told in the product's words (legalHoldReasonErrors) rather than Ajv's.
    maxLength: LEGAL_HOLD_REASON_MAX_LENGTH * 4,
    description: `Why, e.g. 'SAPS case 123/04/2026, Sandton'; ${LEGAL_HOLD_REASON_MIN_LENGTH} to ${LEGAL_HOLD_REASON_MAX_LENGTH} characters once trimmed.`,
  }),
});
export type LegalHoldRequest = Static<typeof LegalHoldRequestSchema>;

/** A holder's legal hold: while it stands they are neither erased nor swept by retention. */
export const LegalHoldSchema = Type.Object({
  reason: Type.String(),
  setAt: Type.String({ description: 'When it was set, ISO 8601 UTC.' }),
});
export type LegalHold = Static<typeof LegalHoldSchema>;

/** PUT and DELETE /Users/{id}/LegalHold answer: the holder's hold as it now stands. */
export const LegalHoldStateSchema = Type.Object({
  userId: Type.Integer(),
  legalHold: Nullable(LegalHoldSchema),
});
export type LegalHoldState = Static<typeof LegalHoldStateSchema>;

/** How many records of each kind an erasure replaced, de-identified or deleted. */
export const ErasureCountsSchema = Type.Object({
  drivers: Type.Integer({ minimum: 0, description: 'Drivers whose personal fields were replaced.' }),
  vehicles: Type.Integer({
    minimum: 0,
    description: 'Vehicles de-identified (registration, VIN, engine number, nickname, positions).',
  }),
  devicesUnlinked: Type.Integer({ minimum: 0 }),
  escalationContacts: Type.Integer({ minimum: 0 }),
  notificationPreferences: Type.Integer({ minimum: 0 }),
  pushSubscriptions: Type.Integer({ minimum: 0 }),
  signIns: Type.Integer({
    minimum: 0,
    description: 'Refresh tokens, sign-in sessions and challenges, password and phone codes.',
  }),
  secondFactors: Type.Integer({ minimum: 0, description: 'Authenticator apps, passkeys, recovery codes.' }),
  geofences: Type.Integer({ minimum: 0, description: 'Geofences of the holder or their vehicles.' }),
  historyEntries: Type.Integer({
    minimum: 0,
    description: 'Vehicle history entries whose position was removed.',
  }),
  alarmEntries: Type.Integer({ minimum: 0, description: 'Alarms and alarm timeline entries de-identified.' }),
  notifications: Type.Integer({
    minimum: 0,
    description: 'Messages of the notification outbox de-identified.',
  }),
  sentMessages: Type.Integer({
    minimum: 0,
    description: 'Recorded SMS, e-mail and partner messages de-identified.',
  }),
  shareLinkViews: Type.Integer({ minimum: 0 }),
  auditEntries: Type.Integer({ minimum: 0, description: 'Audit entries de-identified (the entries stay).' }),
  importRows: Type.Integer({ minimum: 0, description: 'Rows of import files that held them.' }),
  positionFixes: Type.Integer({
    minimum: 0,
    description: 'Position fixes of their vehicles, deleted in batches once the erasure has committed.',
  }),
});
export type ErasureCounts = Static<typeof ErasureCountsSchema>;

/** POST /Users/{id}/Erase answer. */
export const ErasureSchema = Type.Object({
  userId: Type.Integer(),
  erasedAt: Type.String({ description: 'ISO 8601 UTC.' }),
  erased: ErasureCountsSchema,
});
export type Erasure = Static<typeof ErasureSchema>;

/** POST /Vehicles/{id}/EndSubscription answer. */
export const SubscriptionEndedSchema = Type.Object({
  vehicleId: Type.Integer(),
  /** Subscriptions of the vehicle that were not ended and now are (its current one, any older). */
  subscriptionsEnded: Type.Integer({ minimum: 0 }),
});
export type SubscriptionEnded = Static<typeof SubscriptionEndedSchema>;
