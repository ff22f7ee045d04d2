import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

/** Opaque: 32 random bytes, base64url. Only its SHA-256 is stored, so a leaked table signs no one in. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A refresh token and the sign-in (family) it belongs to, which the access tokens beside it name. */
export interface IssuedRefreshToken {
  token: string;
  sessionId: string;
}

export interface RefreshTokenStore {
  /** Starts a new family (a sign-in) and returns its first token. */
  issue(userId: number): Promise<IssuedRefreshToken>;
  /**
   * Spends a token and returns its successor, or undefined when the token is unknown, expired,
   * revoked, spent, or not the given user's. Spending a spent token again means it was copied:
   * the whole family is revoked, so neither the thief nor the owner can carry on with it.
   */
  rotate(token: string, userId: number): Promise<(IssuedRefreshToken & { userId: number }) | undefined>;
  /** Ends the sign-in the token belongs to (every token of its family); false for an unknown token. */
  revokeFamily(token: string): Promise<boolean>;
  /** Ends every sign-in of the user, e.g. after a password change. */
  revokeAll(userId: number): Promise<void>;
  /** Ends one sign-in by its id (the access tokens' sid), at once on this instance. */
  revokeSession(sessionId: string): Promise<void>;
  /**
   * Whether the sign-in still stands: not signed out, revoked, or gone with its user. Asked on
   * every authenticated request, so a live answer is reused for a moment (liveSessionCacheMs); a
   * revocation through this store clears that at once, one through another instance (or straight
   * in the database, as a password reset does) shows within the moment.
   */
  isSignedIn(sessionId: string): Promise<boolean>;
  /** Of these sign-ins, the ones that no longer stand, read from the database (not the cache). */
  endedAmong(sessionIds: readonly string[]): Promise<Set<string>>;
  /**
   * When the person behind a sign-in last proved who they are: the sign-in itself (its first
   * token), however often it has refreshed since, so a refreshed token is no fresh proof. (A
   * second factor given later is the session's own; see src/auth/step-up.ts.) Undefined for a sign-in that no longer stands or never did.
   */
  authenticatedAt(sessionId: string): Promise<Date | undefined>;
}

export interface RefreshTokenLifetimes {
  /** How long a token works after it was issued; each rotation issues a new one. */
  slidingSeconds: number;
  /** How long a sign-in lasts however often it rotates, counted from the sign-in. */
  absoluteSeconds: number;
  /** How long a live answer of isSignedIn is reused. @default 1000 */
  liveSessionCacheMs?: number;
}

/** Live sign-ins remembered at most; a flood of distinct ones clears the cache rather than grow it. */
const LIVE_SESSIONS_KEPT = 10_000;
/** Sign-ins checked in one query, well under both engines' limits on bound parameters. */
const SESSIONS_PER_QUERY = 500;

export function createRefreshTokenStore(
  db: Kysely<Database>,
  lifetimes: RefreshTokenLifetimes,
): RefreshTokenStore {
  async function insert(
    trx: Kysely<Database>,
    userId: number,
    familyId: string,
    signedInAt?: Date,
  ): Promise<string> {
    const token = newToken();
    const now = new Date();
    // Sliding from now, but never past the sign-in's absolute end.
    const expiresAt = Math.min(
      now.getTime() + lifetimes.slidingSeconds * 1000,
      (signedInAt ?? now).getTime() + lifetimes.absoluteSeconds * 1000,
    );
    await trx
      .insertInto('refreshTokens')
      .values({
        tokenHash: hashRefreshToken(token),
        familyId,
        userId,
        createdAt: instant(now),
        expiresAt: instant(new Date(expiresAt)),
      })
      .execute();
    return token;
  }

  const liveCacheMs = lifetimes.liveSessionCacheMs ?? 1_000;
  // Only live answers are kept: an ended sign-in stays ended, and its tokens are refused anyway.
  const liveUntil = new Map<string, number>();

  async function endedAmong(sessionIds: readonly string[]): Promise<Set<string>> {
    const ended = new Set(sessionIds);
    for (let start = 0; start < sessionIds.length; start += SESSIONS_PER_QUERY) {
      const rows = await db
        .selectFrom('refreshTokens')
        .select((eb) => ['familyId', eb.fn.count('revokedAt').as('revoked')])
        .where('familyId', 'in', sessionIds.slice(start, start + SESSIONS_PER_QUERY))
        .groupBy('familyId')
        .execute();
      // A family with no revoked token stands; one with none left at all (its user deleted) does not.
      for (const row of rows) if (Number(row.revoked) === 0) ended.delete(row.familyId);
    }
    return ended;
  }

  return {
    async issue(userId) {
      const sessionId = randomUUID();
      return { token: await insert(db, userId, sessionId), sessionId };
    },

    async rotate(token, userId) {
      let reusedFamily: string | undefined;
      // The decision and its writes commit together; a revocation must not be lost to a failure.
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('refreshTokens')
          .selectAll()
          .where('tokenHash', '=', hashRefreshToken(token))
          .executeTakeFirst();
        if (!row || row.revokedAt !== null) return undefined;
        const now = instant();
        if (row.usedAt !== null) {
          reusedFamily = row.familyId;
          await trx
            .updateTable('refreshTokens')
            .set({ revokedAt: now })
            .where('familyId', '=', row.familyId)
            .where('revokedAt', 'is', null)
            .execute();
          return undefined;
        }
        // Another user's access token beside this refresh token: refuse, but leave the owner's session be.
        if (row.expiresAt <= now || row.userId !== userId) return undefined;
        // Guarded on usedAt so two concurrent refreshes cannot both spend it.
        const spent = await trx
          .updateTable('refreshTokens')
          .set({ usedAt: now })
          .where('id', '=', row.id)
          .where('usedAt', 'is', null)
          .executeTakeFirst();
        if (spent.numUpdatedRows !== 1n) return undefined;
        const family = await trx
          .selectFrom('refreshTokens')
          .select((eb) => eb.fn.min('createdAt').as('signedInAt'))
          .where('familyId', '=', row.familyId)
          .executeTakeFirstOrThrow();
        const signedInAt = new Date(String(family.signedInAt));
        return {
          token: await insert(trx, row.userId, row.familyId, signedInAt),
          sessionId: row.familyId,
          userId: row.userId,
        };
      });
      // After the commit, so a check that read the old state cannot put the family back.
      if (reusedFamily !== undefined) liveUntil.delete(reusedFamily);
      return outcome;
    },

    async revokeFamily(token) {
      const row = await db
        .selectFrom('refreshTokens')
        .select('familyId')
        .where('tokenHash', '=', hashRefreshToken(token))
        .executeTakeFirst();
      if (!row) return false;
      await db
        .updateTable('refreshTokens')
        .set({ revokedAt: instant() })
        .where('familyId', '=', row.familyId)
        .where('revokedAt', 'is', null)
        .execute();
      liveUntil.delete(row.familyId);
      return true;
    },

    async revokeAll(userId) {
      await db
        .updateTable('refreshTokens')
        .set({ revokedAt: instant() })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
      // The cache does not know whose sign-ins it holds; revocations are rare enough to drop it all.
      liveUntil.clear();
    },

    async revokeSession(sessionId) {
      await db
        .updateTable('refreshTokens')
        .set({ revokedAt: instant() })
        .where('familyId', '=', sessionId)
        .where('revokedAt', 'is', null)
        .execute();
      liveUntil.delete(sessionId);
    },

    async isSignedIn(sessionId) {
      if ((liveUntil.get(sessionId) ?? 0) > Date.now()) return true;
      const live = !(await endedAmong([sessionId])).has(sessionId);
      if (live && liveCacheMs > 0) {
        if (liveUntil.size >= LIVE_SESSIONS_KEPT) liveUntil.clear();
        liveUntil.set(sessionId, Date.now() + liveCacheMs);
      }
      return live;
    },

    endedAmong,

    async authenticatedAt(sessionId) {
      const family = await db
        .selectFrom('refreshTokens')
        .select((eb) => [eb.fn.min('createdAt').as('signedInAt'), eb.fn.count('revokedAt').as('revoked')])
        .where('familyId', '=', sessionId)
        .executeTakeFirst();
      if (family?.signedInAt == null || Number(family.revoked) > 0) return undefined;
      return new Date(String(family.signedInAt));
    },
  };
}
