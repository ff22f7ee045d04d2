/*
 * Step-up: a privileged action (lock, unlock, change device, a role change, a staff member's e-mail
 * or phone change, a factor reset) asks for the second factor again when the session's last one is
 * older than STEP_UP_MAX_AGE_SECONDS. The caller confirms through /My/StepUp/* (which renews the
 * session's second-factor time) and repeats the action; no new token is issued.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secondFactorRequired, STEP_UP_MESSAGE, STEP_UP_REQUIRED } from '@sentinel/domain';
import { ApiError } from '../errors';
import { enrolledFactors } from '../second-factors/enrolled-factors';
import { sessionSecondFactorAt } from '../sessions/session-queries';

/**
 * Resolves when the caller may go on: they have no second factor and none is required of them
 * (nothing to step up with), or their session gave one within STEP_UP_MAX_AGE_SECONDS. Otherwise
 * throws 403 with type 'step-up-required' and the factors the caller can confirm with.
 * Run after authenticate.
 */
export async function requireStepUp(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const user = request.user;
  if (!user) throw new ApiError('unauthenticated');
  const settings = app.secondFactorSettings;
  const factors = await enrolledFactors(app.db, user.userId);
  if (!secondFactorRequired(user.role, settings.mfaRequired, factors.length > 0)) return;
  if (user.sessionId !== undefined) {
    const given = await sessionSecondFactorAt(app.db, user.sessionId, user.userId);
    const at = given === null ? undefined : Date.parse(given);
    if (at !== undefined && Date.now() - at <= settings.stepUpMaxAgeSeconds * 1000) return;
  }
  throw stepUpRequired(factors);
}

/** The 403 asking for the second factor again. */
export function stepUpRequired(factors: readonly string[]): ApiError {
  const error = new ApiError('forbidden', undefined, STEP_UP_MESSAGE);
  error.extra = { type: STEP_UP_REQUIRED, factors: [...factors] };
  return error;
}
