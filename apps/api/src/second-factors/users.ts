import type { Kysely } from 'kysely';
import { isRoleName } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import { findFirstRole } from '../users/user-queries';

export interface FactorUser {
  id: number;
  email: string;
  firstName: string;
  role: RoleName;
}

/** The user a challenge or token names, with the role their factors depend on; 404 when gone. */
export async function factorUser(db: Kysely<Database>, userId: number): Promise<FactorUser> {
  const [row, role] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'firstName']).where('id', '=', userId).executeTakeFirst(),
    findFirstRole(db, userId),
  ]);
  if (!row || role === undefined || !isRoleName(role)) throw notFound(`User ${userId} was not found.`);
  return { ...row, role };
}
