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

export interface RefreshTokenStore {
  /** Starts a new family (a sign-in) and returns its first token. */
  issue(userId: number): Promise<string>;
  /**
   * Spends a token and returns its successor, or undefined when the token is unknown, expired,
   * revoked, spent, or not the given user's. Spending a spent token again means it was copied:
   * the whole family is revoked, so neither the thief nor the owner can carry on with it.
   */
  rotate(token: string, userId: number): Promise<{ token: string; userId: number } | undefined>;
  /** Ends the sign-in the token belongs to (every token of its family); false for an unknown token. */
  revokeFamily(token: string): Promise<boolean>;
  /** Ends every sign-in of the user, e.g. after a password change. */
  revokeAll(userId: number): Promise<void>;
}

export interface RefreshTokenLifetimes {
  /** How long a token works after it was issued; each rotation issues a new one. */
  slidingSeconds: number;
  /** How long a sign-in lasts however often it rotates, counted from the sign-in. */
  absoluteSeconds: number;
}

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

  return {
    issue(userId) {
      return insert(db, userId, randomUUID());
    },

    async rotate(token, userId) {
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
        return { token: await insert(trx, row.userId, row.familyId, signedInAt), userId: row.userId };
      });
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
      return true;
    },

    async revokeAll(userId) {
      await db
        .updateTable('refreshTokens')
        .set({ revokedAt: instant() })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
    },
  };
}
