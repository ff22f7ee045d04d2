/*
 * Safe immobilisation: a lock carries the reason staff give for it, and a lock asked for while the
 * vehicle moves is held ('WaitingForSlowdown') until a report says it has slowed down, or until a
 * second staff member approves sending it at once.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** Why staff lock a vehicle, stored with the command and in the VehicleLocked audit entry. */
export const LOCK_REASONS = ['TheftInProgress', 'CustomerRequest', 'Test', 'Other'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

/** Each reason as people read it. */
export const LOCK_REASON_LABELS: Record<LockReason, string> = {
  TheftInProgress: 'Theft in progress',
  CustomerRequest: 'Customer request',
  Test: 'Test',
  Other: 'Other',
};

/** The longest note a lock may carry (required with Other). */
export const LOCK_NOTE_MAX_LENGTH = 500;

/** A lock is held while the vehicle moves faster than this (LOCK_MAX_SPEED_KMH). */
export const DEFAULT_LOCK_MAX_SPEED_KMH = 20;

/**
 * A vehicle whose newest fix is older than this is parked: a tracker reports every few seconds on
 * the move and falls silent when the ignition is off.
 */
export const PARKED_AFTER_MS = 3 * 60_000;

/** The held lock's status as the card shows it. */
export const WAITING_FOR_SLOWDOWN_LABEL = 'Waiting for the vehicle to slow down';

/** The answer to the requester who asks to send their own held lock now. */
export const SEND_NOW_BY_REQUESTER_MESSAGE = 'Another staff member must approve sending it now.';

/**
 * PUT /Vehicles/{id}/Lock body. The fields are loose here so that a missing or unknown reason is
 * answered at its field (validateLockRequest), as the dashboard shows it.
 */
export const LockRequestSchema = Type.Object(
  {
    reason: Type.Optional(Type.String({ description: `One of: ${LOCK_REASONS.join(', ')}.` })),
    note: Type.Optional(
      Type.String({ description: `Required with Other; at most ${LOCK_NOTE_MAX_LENGTH} characters.` }),
    ),
  },
  { $id: 'LockRequest' },
);
/** What the SDK sends: a reason, and a note (required with Other). */
export interface LockRequest {
  reason: LockReason;
  note?: string;
}
export type LockRequestBody = Static<typeof LockRequestSchema>;
