/*
 * Every read and write of companies and their links: the two lists' field maps, loading a page
 * of companies with their counts, and the guarded link and delete. Handlers decide who may call
 * and shape the errors.
 */
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type {
  Company,
  CompanyLinkRole,
  CompanyListField,
  CompanyUser,
  CompanyUserListField,
  ListQuery,
} from '@sentinel/domain';
import { dialectOf, inTransaction, instant } from '../db/database';
import type { Database } from '../db/schema';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';
import { bool } from '../routes/schemas';

const ref = <T>(column: string) => sql.ref<T>(column);

/** The companies.id column, for scope conditions. */
export const COMPANY_ID = ref<number>('companies.id');

const COMPANY_FIELDS = {
  id: { type: 'number', expression: ref('companies.id') },
  name: { type: 'string', expression: ref('companies.name') },
  createdOnDateTime: { type: 'dateTime', expression: ref('companies.createdOnDateTime') },
} satisfies FieldMap<CompanyListField>;

const COMPANY_USER_FIELDS = {
  id: { type: 'number', expression: ref('users.id') },
  firstName: { type: 'string', expression: ref('users.firstName') },
  lastName: { type: 'string', expression: ref('users.lastName') },
  email: { type: 'string', expression: ref('users.email') },
  role: { type: 'string', expression: ref('companyUsers.role') },
  tamperActive: { type: 'boolean', expression: ref('users.tamperActive') },
  createdOnDateTime: { type: 'dateTime', expression: ref('users.createdOnDateTime') },
} satisfies FieldMap<CompanyUserListField>;

/** Loads companies by id, in that order, with how many users are linked and how many vehicles they own. */
async function loadCompanies(db: Kysely<Database>, ids: readonly number[]): Promise<Company[]> {
  if (ids.length === 0) return [];
  const [rows, users, vehicles] = await Promise.all([
    db.selectFrom('companies').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('companyUsers')
      .select(['companyId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('companyId', 'in', ids)
      .groupBy('companyId')
      .execute(),
    db
      .selectFrom('companyUsers')
      .innerJoin('vehicles', 'vehicles.userId', 'companyUsers.userId')
      .select(['companyUsers.companyId', (eb) => eb.fn.count<number>('vehicles.id').as('count')])
      .where('companyUsers.companyId', 'in', ids)
      .groupBy('companyUsers.companyId')
      .execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const countOf = (counts: { companyId: number; count: number | string | bigint }[], id: number) =>
    Number(counts.find((row) => row.companyId === id)?.count ?? 0);
  return ids.flatMap((id) => {
    const company = byId.get(id);
    if (!company) return [];
    return [
      {
        id: company.id,
        name: company.name,
        createdOnDateTime: company.createdOnDateTime,
        totalNumberOfCompanyUsers: countOf(users, id),
        totalNumberOfVehicles: countOf(vehicles, id),
      },
    ];
  });
}

/** A page of companies, by id unless $orderby says otherwise; `scope` limits which are listed. */
export async function listCompanies(
  db: Kysely<Database>,
  query: ListQuery,
  scope: Expression<SqlBool> | undefined,
): Promise<PagedList<Company>> {
  const list = compileListQuery(COMPANY_FIELDS, query, { order: 'id asc', id: COMPANY_ID });
  let base = db.selectFrom('companies');
  if (list.where) base = base.where(list.where);
  if (scope) base = base.where(scope);
  return runPagedList(
    db,
    base,
    list,
    (page) => page.select('companies.id'),
    (rows, reader) =>
      loadCompanies(
        reader,
        rows.map((row) => row.id),
      ),
  );
}

/** A page of the company's users with their link role, newest first unless $orderby says otherwise. */
export async function listCompanyUsers(
  db: Kysely<Database>,
  companyId: number,
  query: ListQuery,
): Promise<PagedList<CompanyUser>> {
  const list = compileListQuery(COMPANY_USER_FIELDS, query, {
    order: 'createdOnDateTime desc',
    id: ref('users.id'),
  });
  let base = db
    .selectFrom('companyUsers')
    .innerJoin('users', 'users.id', 'companyUsers.userId')
    .where('companyUsers.companyId', '=', companyId);
  if (list.where) base = base.where(list.where);
  return runPagedList(
    db,
    base,
    list,
    (page) =>
      page.select([
        'users.id',
        'users.firstName',
        'users.lastName',
        'users.email',
        'users.phoneCode',
        'users.phoneNumber',
        'users.idNumber',
        'users.tamperActive',
        'users.createdOnDateTime',
        'companyUsers.role',
      ]),
    (rows) =>
      rows.map((row) => ({
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phoneCode: row.phoneCode,
        phoneNumber: row.phoneNumber,
        idNumber: row.idNumber,
        tamperActive: bool(row.tamperActive),
        createdOnDateTime: row.createdOnDateTime,
        role: row.role,
      })),
  );
}

export async function companyExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** True when another company already has this name, in any case. */
export async function companyNameTaken(db: Kysely<Database>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCompany(db: Kysely<Database>, name: string): Promise<number> {
  const { id } = await db
    .insertInto('companies')
    .values({ name: name.trim(), createdOnDateTime: instant() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The roles the user holds (their account's roles, not a company link's). */
export async function rolesOfUser(db: Kysely<Database>, userId: number): Promise<string[] | undefined> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (user === undefined) return undefined;
  const rows = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('roles.name')
    .where('userRoles.userId', '=', userId)
    .execute();
  return rows.map((row) => row.name);
}

export type LinkOutcome = 'linked' | 'alreadyLinked' | 'noCompany';

/**
 * Links the user to the company with the role. The company row is locked first (on PostgreSQL;
 * SQLite's transactions take turns), as deleteEmptyCompany does, so a link cannot land in a
 * company that is being deleted for having none.
 */
export async function linkCompanyUser(
  db: Kysely<Database>,
  link: { companyId: number; userId: number; role: CompanyLinkRole },
): Promise<LinkOutcome> {
  return inTransaction(db, async (trx) => {
    const company = await dialectOf(trx)
      .forUpdate(trx.selectFrom('companies').select('id').where('id', '=', link.companyId))
      .executeTakeFirst();
    if (company === undefined) return 'noCompany';
    const inserted = await trx
      .insertInto('companyUsers')
      .values(link)
      .onConflict((conflict) => conflict.columns(['companyId', 'userId']).doNothing())
      .returning('userId')
      .executeTakeFirst();
    return inserted === undefined ? 'alreadyLinked' : 'linked';
  });
}

/** Unlinks the user; false when they were not linked to that company. */
export async function unlinkCompanyUser(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('companyUsers')
    .where('companyId', '=', companyId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type DeleteOutcome =
  { kind: 'deleted' } | { kind: 'noCompany' } | { kind: 'hasUsers'; name: string; count: number };

/**
 * Deletes the company only when no user is linked to it: deleting never unlinks anyone silently.
 * Vehicles belong to a company through their owners, so no users means no vehicles either.
 */
export async function deleteEmptyCompany(db: Kysely<Database>, id: number): Promise<DeleteOutcome> {
  return db.transaction().execute(async (trx) => {
    const company = await dialectOf(trx)
      .forUpdate(trx.selectFrom('companies').select(['id', 'name']).where('id', '=', id))
      .executeTakeFirst();
    if (company === undefined) return { kind: 'noCompany' };
    const { count } = await trx
      .selectFrom('companyUsers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('companyId', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return { kind: 'hasUsers', name: company.name, count: Number(count) };
    await trx.deleteFrom('companies').where('id', '=', id).execute();
    return { kind: 'deleted' };
  });
}
