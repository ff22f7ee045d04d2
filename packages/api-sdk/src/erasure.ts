import { ErasureSchema, LegalHoldStateSchema, SubscriptionEndedSchema } from '@sentinel/domain';
import type { Erasure, LegalHoldState, SubscriptionEnded } from '@sentinel/domain';
import type { Caller } from './caller';

/**
 * Erasure of an account holder (POPIA) and the legal hold that stops it; Admin only (403 to anyone
 * else). Each call answers ApiError 404 for a user who is no account holder (or a vehicle that does
 * not exist), and 409 with the reason in `message` when the state forbids it.
 */
export interface ErasureApi {
  /**
   * POST /Users/{id}/Erase: replaces the holder's personal fields and their drivers', deletes what
   * exists only for them, de-identifies what stays, and answers what went. ApiError 409 whose
   * `message` is erasureRefusal's ('This account holder has an active subscription.', '… is under a
   * legal hold: …') while that stands, or ERASURE_MESSAGES.alreadyErased. Asks for the second factor
   * again (onStepUp) when the session's last one is old.
   */
  erase(userId: number): Promise<Erasure>;
  /**
   * PUT /Users/{id}/LegalHold: sets (or replaces) the hold with its reason. ApiError 400 with
   * `errors.Reason` (legalHoldReasonErrors of @sentinel/domain finds them first); 409 for an erased holder.
   */
  setLegalHold(userId: number, reason: string): Promise<LegalHoldState>;
  /** DELETE /Users/{id}/LegalHold: lifts it, saying why; ApiError 409 when none is set. */
  clearLegalHold(userId: number, reason: string): Promise<LegalHoldState>;
  /** POST /Vehicles/{id}/EndSubscription: ends the vehicle's subscription; ApiError 409 when none runs. */
  endSubscription(vehicleId: number): Promise<SubscriptionEnded>;
}

export function createErasureApi(caller: Pick<Caller, 'callAuthorised'>): ErasureApi {
  return {
    erase: (userId) =>
      caller.callAuthorised({ method: 'post', path: `Users/${userId}/Erase`, json: {} }, ErasureSchema),
    setLegalHold: (userId, reason) =>
      caller.callAuthorised(
        { method: 'put', path: `Users/${userId}/LegalHold`, json: { reason } },
        LegalHoldStateSchema,
      ),
    clearLegalHold: (userId, reason) =>
      caller.callAuthorised(
        { method: 'delete', path: `Users/${userId}/LegalHold`, json: { reason } },
        LegalHoldStateSchema,
      ),
    endSubscription: (vehicleId) =>
      caller.callAuthorised(
        { method: 'post', path: `Vehicles/${vehicleId}/EndSubscription`, json: {} },
        SubscriptionEndedSchema,
      ),
  };
}
