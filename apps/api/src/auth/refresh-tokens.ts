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
}

export function createRefreshTokenStore(db: Kysely<Database>, ttlSeconds: number): RefreshTokenStore {
  async function insert(trx: Kysely<Database>, userId: number, familyId: string): Promise<string> {
    const token = newToken();
    const now = new Date();
    await trx
      .insertInto('refreshTokens')
      .values({
        tokenHash: hashRefreshToken(token),
        familyId,
        userId,
        createdAt: instant(now),
        expiresAt: instant(new Date(now.getTime() + ttlSeconds * 1000)),
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
        return { token: await insert(trx, row.userId, row.familyId), userId: row.userId };
      });
      return outcome;
    },
  };
}
