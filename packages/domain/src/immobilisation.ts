/*
 * Safe immobilisation's rules: what a lock request must say, how fast the vehicle is going by its
 * last two fixes, whether a lock waits for it to slow down, and who may send a held lock at once.
 * The api and the dashboard's reason dialog both use them.
 */
import { LOCK_NOTE_MAX_LENGTH, LOCK_REASONS, PARKED_AFTER_MS } from './contract/immobilisation';
import type { LockReason } from './contract/immobilisation';
import { validateMaxLength } from './limits';
import { MESSAGES } from './messages';
import type { FieldErrors } from './messages';
import { speedAt } from './trips/fixes';
import type { RecordedFix } from './trips/fixes';

export function isLockReason(value: unknown): value is LockReason {
  return typeof value === 'string' && (LOCK_REASONS as readonly string[]).includes(value);
}

/** Field errors of a lock request (Reason, Note), or undefined when it may be sent. */
export function validateLockRequest(input: {
  reason?: string | undefined;
  note?: string | undefined;
}): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const reason = input.reason?.trim() ?? '';
  const note = input.note?.trim() ?? '';
  if (reason === '') errors['Reason'] = [MESSAGES.required];
  else if (!isLockReason(reason)) errors['Reason'] = [`Reason must be one of: ${LOCK_REASONS.join(', ')}`];
  if (reason === 'Other' && note === '') errors['Note'] = [MESSAGES.required];
  const tooLong = validateMaxLength(note, LOCK_NOTE_MAX_LENGTH);
  if (tooLong) errors['Note'] = [tooLong];
  return Object.keys(errors).length === 0 ? undefined : errors;
}

/**
 * The vehicle's speed in km/h from its previous fix to its latest, as of `now`: 0 without two fixes,
 * or when the latest is older than PARKED_AFTER_MS (a parked tracker stops reporting), or when the
 * two are further apart than that (the speed across a long gap says nothing of now).
 */
export function currentSpeedKmh(
  previous: RecordedFix | undefined,
  latest: RecordedFix | undefined,
  now: Date,
  parkedAfterMs: number = PARKED_AFTER_MS,
): number {
  if (previous === undefined || latest === undefined) return 0;
  const latestAt = Date.parse(latest.at);
  if (now.getTime() - latestAt > parkedAfterMs) return 0;
  if (latestAt - Date.parse(previous.at) > parkedAfterMs) return 0;
  return speedAt([previous, latest], 1);
}

/** A lock waits for the vehicle to slow down while it moves faster than the limit. */
export function holdsLock(speedKmh: number, maxSpeedKmh: number): boolean {
  return speedKmh > maxSpeedKmh;
}

/** Anyone who may see the vehicle but the one who asked may send a held lock at once. */
export function maySendLockNow(requestedByUserId: number | null, userId: number): boolean {
  return requestedByUserId !== userId;
}
