/*
 * What a staff member may see. Admin and Technical-Agent see everyone; a Company-Admin sees only
 * the users linked to the companies they administer (and those users' vehicles). Out-of-scope
 * rows are treated as absent (404), so a Company-Admin cannot probe which ids exist.
 */
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { TokenSubject } from '../auth/access-tokens';
import type { Database } from '../db/schema';

export type Scope = { kind: 'all' } | { kind: 'companies'; companyIds: number[] };

export async function scopeOf(db: Kysely<Database>, user: TokenSubject): Promise<Scope> {
  if (user.role !== ROLE.companyAdmin) return { kind: 'all' };
  const rows = await db
    .selectFrom('companyUsers')
    .select('companyId')
    .where('userId', '=', user.userId)
    .where('role', '=', ROLE.companyAdmin)
    .execute();
  return { kind: 'companies', companyIds: rows.map((row) => row.companyId) };
}

/** A condition on a user id column: true when the scope includes that user. */
export function userInScope(scope: Scope, userId: Expression<number>): Expression<SqlBool> | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.companyIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`exists (select 1 from company_users where company_users.user_id = ${userId} and company_users.company_id in (${sql.join(scope.companyIds)}))`;
}

/** True when the scope includes the user with this id. */
export async function canSeeUser(db: Kysely<Database>, scope: Scope, userId: number): Promise<boolean> {
  const condition = userInScope(scope, sql<number>`users.id`);
  let query = db.selectFrom('users').select('users.id').where('users.id', '=', userId);
  if (condition) query = query.where(condition);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A condition on a company id column: true when the scope includes that company. */
export function companyInScope(scope: Scope, companyId: Expression<number>): Expression<SqlBool> | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.companyIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${companyId} in (${sql.join(scope.companyIds)})`;
}

/** True when the scope includes the company with this id (whether or not it exists). */
export function canSeeCompany(scope: Scope, companyId: number): boolean {
  return scope.kind === 'all' || scope.companyIds.includes(companyId);
}

/** True when the scope includes the vehicle with this id (through its owner). */
export async function canSeeVehicle(db: Kysely<Database>, scope: Scope, vehicleId: number): Promise<boolean> {
  const condition = userInScope(scope, sql<number>`vehicles.user_id`);
  let query = db.selectFrom('vehicles').select('vehicles.id').where('vehicles.id', '=', vehicleId);
  if (condition) query = query.where(condition);
  return (await query.executeTakeFirst()) !== undefined;
}
