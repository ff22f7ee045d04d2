/*
 * Proof before a change that hands over an account: changing a password, or the e-mail address its
 * password links go to. The caller must have signed in (with the password) within the last five
 * minutes. A refreshed access token keeps its sign-in's time, so an access token taken from a
 * device, or one kept alive by refreshing, cannot make such a change.
 */
import type { AuditAction, AuditTargetType } from '@sentinel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit';
import { ApiError } from '../errors';

export const RECENT_AUTHENTICATION_MS = 5 * 60_000;

interface Refusal {
  /** The audit action written when the caller's sign-in is too old. */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  /** The sentence the caller reads (403). */
  message: string;
}

/**
 * Throws 403 with `refusal.message`, and audits the refusal, unless the caller signed in within
 * RECENT_AUTHENTICATION_MS.
 */
export async function requireRecentSignIn(
  app: Pick<FastifyInstance, 'db' | 'refreshTokens'>,
  request: FastifyRequest,
  refusal: Refusal,
): Promise<void> {
  const sessionId = request.user?.sessionId;
  const authenticatedAt =
    sessionId === undefined ? undefined : await app.refreshTokens.authenticatedAt(sessionId);
  if (authenticatedAt !== undefined && Date.now() - authenticatedAt.getTime() <= RECENT_AUTHENTICATION_MS) {
    return;
  }
  await recordAudit(app.db, request, {
    action: refusal.action,
    targetType: refusal.targetType,
    targetId: refusal.targetId,
    detail: { signedInAt: authenticatedAt?.toISOString() ?? null },
  });
  throw new ApiError('forbidden', undefined, refusal.message);
}
