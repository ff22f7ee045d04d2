/*
 * Every read and write of users: the list's field map, loading users with their roles, and the
 * inserts and updates the routes make. Handlers decide who may call and shape errors.
 */
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import { DEFAULT_PHONE_CODE, normalisePhone } from '@sentinel/domain';
import type { RoleName, User, UserListField } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';
import { ODataError } from '../odata/parse';
import type { ListQuery } from '@sentinel/domain';
import { bool, storedPhoneNumber } from '../routes/schemas';

const ref = <T>(column: string) => sql.ref<T>(column);

/** The users.id column, for scope conditions. */
export const USER_ID = ref<number>('users.id');

/** 'role eq X': the user holds role X, a pseudo field over user_roles. */
function roleCondition(operator: string, value: unknown): Expression<SqlBool> {
  if ((operator !== 'eq' && operator !== 'ne') || typeof value !== 'string') {
    throw new ODataError('$filter', "role takes eq or ne and a role name, e.g. role eq 'Account-Holder'.");
  }
  // One covering-index probe per user: the role id is looked up once (an uncorrelated subquery).
  const holds = sql<SqlBool>`exists (select 1 from user_roles where user_roles.user_id = users.id and user_roles.role_id = (select roles.id from roles where roles.name = ${value}))`;
  return operator === 'eq' ? holds : sql<SqlBool>`not ${holds}`;
}

const USER_FIELDS = {
  id: { type: 'number', expression: ref('users.id') },
  firstName: { type: 'string', expression: ref('users.firstName') },
  lastName: { type: 'string', expression: ref('users.lastName') },
  email: { type: 'string', expression: ref('users.email') },
  role: { type: 'string', expression: sql`null`, compare: roleCondition, sortable: false },
  tamperActive: { type: 'boolean', expression: ref('users.tamperActive') },
  createdOnDateTime: { type: 'dateTime', expression: ref('users.createdOnDateTime') },
  totalNumberOfVehiclesWithDevice: { type: 'number', expression: ref('users.vehiclesWithDeviceCount') },
  totalNumberOfVehiclesWithoutDevice: { type: 'number', expression: ref('users.vehiclesWithoutDeviceCount') },
  totalNumberOfVehicles: {
    type: 'number',
    expression: sql`(users.vehicles_with_device_count + users.vehicles_without_device_count)`,
  },
} satisfies FieldMap<UserListField>;

/** A page of users for the OData query; `scope` (a condition on users.id) limits who is listed. */
export async function listUsers(
  db: Kysely<Database>,
  query: ListQuery,
  scope: Expression<SqlBool> | undefined,
): Promise<PagedList<User>> {
  const list = compileListQuery(USER_FIELDS, query, { order: 'createdOnDateTime desc', id: USER_ID });
  let base = db.selectFrom('users');
  if (list.where) base = base.where(list.where);
  if (scope) base = base.where(scope);
  return runPagedList(
    db,
    base,
    list,
    (page) => page.select('users.id'),
    (rows, reader) =>
      loadUsers(
        reader,
        rows.map((row) => row.id),
      ),
  );
}

/** The users with these ids, in this order, with their roles; unknown ids are left out. */
export async function loadUsers(db: Kysely<Database>, ids: readonly number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const [rows, roles] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('userRoles')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .select(['userRoles.userId', 'roles.name'])
      .where('userRoles.userId', 'in', ids)
      .orderBy('roles.id')
      .execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    if (!user) return [];
    return [
      {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phoneCode: user.phoneCode,
        phoneNumber: user.phoneNumber,
        idNumber: user.idNumber,
        idNumberIsSouthAfrican: bool(user.idNumberIsSouthAfrican),
        tamperActive: bool(user.tamperActive),
        createdOnDateTime: user.createdOnDateTime,
        roles: roles.filter((role) => role.userId === id).map((role) => role.name),
        totalNumberOfVehiclesWithDevice: user.vehiclesWithDeviceCount,
        totalNumberOfVehiclesWithoutDevice: user.vehiclesWithoutDeviceCount,
        totalNumberOfVehicles: user.vehiclesWithDeviceCount + user.vehiclesWithoutDeviceCount,
        legalHold:
          user.legalHoldReason === null
            ? null
            : { reason: user.legalHoldReason, setAt: user.legalHoldSetAt ?? user.createdOnDateTime },
        erasedAt: user.erasedAt,
      },
    ];
  });
}

/** True when another user (not `exceptUserId`) has this address, in any case. */
export async function emailTaken(
  db: Kysely<Database>,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  idNumber: string | null;
  idNumberIsSouthAfrican: boolean;
  /**
   * Whether the phone counts as confirmed. Staff who enter a number have spoken with its holder;
   * a number typed into the sign-up form counts once a texted code proves it.
   * @default true
   */
  phoneConfirmed?: boolean;
}

/** The phone columns: the one stored form (normalisePhone) of a valid number, else as typed without its 0. */
function phoneColumns(input: NewUser): { phoneCode: string; phoneNumber: string } {
  const phoneCode = input.phoneCode.trim() === '' ? DEFAULT_PHONE_CODE : input.phoneCode.trim();
  if (input.phoneNumber === '') return { phoneCode, phoneNumber: '' };
  const phone = normalisePhone(phoneCode, input.phoneNumber);
  return phone
    ? { phoneCode: phone.phoneCode, phoneNumber: phone.phoneNumber }
    : { phoneCode, phoneNumber: storedPhoneNumber(input.phoneNumber) };
}

/** Adds the user holding `role` in one transaction; a taken address throws the unique violation. */
export async function insertUser(db: Kysely<Database>, input: NewUser, role: RoleName): Promise<number> {
  return db.transaction().execute((trx) => addUser(trx, input, role));
}

/** insertUser's writes inside the caller's transaction. */
export async function addUser(trx: Kysely<Database>, input: NewUser, role: RoleName): Promise<number> {
  return (await addUsers(trx, [input], role))[0]!;
}

/** Several users holding `role` in two statements (the bulk import's batches); ids in input order. */
export async function addUsers(
  trx: Kysely<Database>,
  inputs: readonly NewUser[],
  role: RoleName,
): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = await trx
    .insertInto('users')
    .values(
      inputs.map((input) => ({
        email: input.email.trim(),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        ...phoneColumns(input),
        phoneConfirmedAt: input.phoneConfirmed === false ? null : instant(),
        idNumber: input.idNumber?.trim() ?? null,
        idNumberIsSouthAfrican: input.idNumberIsSouthAfrican ? 1 : 0,
        createdOnDateTime: instant(),
      })),
    )
    .returning('id')
    .execute();
  // Ids are handed out in the order the rows are inserted; RETURNING's order is not promised.
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  const roleRow = await trx
    .selectFrom('roles')
    .select('id')
    .where('name', '=', role)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('userRoles')
    .values(ids.map((userId) => ({ userId, roleId: roleRow.id })))
    .execute();
  return ids;
}

/** Stores the user's new contact columns; a taken address throws the unique violation. */
export async function updateUserContact(
  db: Kysely<Database>,
  id: number,
  columns: { email: string; phoneNumber: string },
): Promise<void> {
  await db.updateTable('users').set(columns).where('id', '=', id).execute();
}

/** The user's first and last name, as partner alerts name who raised them. */
export function findUserName(
  db: Kysely<Database>,
  id: number,
): Promise<{ firstName: string; lastName: string }> {
  return db
    .selectFrom('users')
    .select(['firstName', 'lastName'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The user with this address (any case), once per role, the first granted first. */
function userByEmailWithRole(db: Kysely<Database>, email: string) {
  return (
    db
      .selectFrom('users')
      .innerJoin('userRoles', 'userRoles.userId', 'users.id')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.trim().toLowerCase()))
      // A user with several roles signs in with the first one granted.
      .orderBy('roles.id')
  );
}

/**
 * The user signing in with this address (any case): id, password hash, when the phone was
 * confirmed and first granted role.
 */
export function findSignIn(db: Kysely<Database>, email: string) {
  return userByEmailWithRole(db, email)
    .select(['users.id', 'users.passwordHash', 'users.phoneConfirmedAt', 'roles.name as role'])
    .executeTakeFirst();
}

/** Whom a password reset link for this address (any case) goes to, with the role that picks the app. */
export function findResetRecipient(db: Kysely<Database>, email: string) {
  return userByEmailWithRole(db, email)
    .select(['users.id', 'users.email', 'users.firstName', 'roles.name as role'])
    .executeTakeFirst();
}

/** Whether a user has this address, in any case. */
export async function emailInUse(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a user has this phone (the number as stored). */
export async function phoneInUse(
  db: Kysely<Database>,
  phoneCode: string,
  phoneNumber: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('phoneNumber', '=', phoneNumber)
    .where('phoneCode', '=', phoneCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** The unconfirmed user with this phone whose confirmation code is newest. */
export function findAwaitingPhoneConfirmation(db: Kysely<Database>, phoneCode: string, phoneNumber: string) {
  return db
    .selectFrom('users')
    .innerJoin('phoneConfirmations', 'phoneConfirmations.userId', 'users.id')
    .select(['users.id'])
    .where('users.phoneCode', '=', phoneCode)
    .where('users.phoneNumber', '=', phoneNumber)
    .where('users.phoneConfirmedAt', 'is', null)
    .orderBy('phoneConfirmations.id', 'desc')
    .executeTakeFirst();
}

/** Stores the user's new password hash. */
export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

/** The first role granted to the user (the one tokens carry); undefined when they hold none. */
export async function findFirstRole(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('roles.name')
    .where('userRoles.userId', '=', userId)
    .orderBy('roles.id')
    .executeTakeFirst();
  return row?.name;
}

/** Every role, in id order. */
export function listRoles(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
}
