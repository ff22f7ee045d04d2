import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ROLE, ROLE_NAMES } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import { hashPassword } from '../auth/passwords';
import { instant } from './database';
import type { Database } from './schema';

/** A demo account anyone may sign in with; the whole team relies on these exact values. */
export interface DemoSignIn {
  role: RoleName;
  email: string;
  password: string;
  /** First name and surname. */
  name: string;
}

interface DemoUser {
  role: RoleName;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Without the leading 0: shown after '+27'. */
  phoneNumber: string;
  idNumber: string;
}

const DEMO_USERS: readonly DemoUser[] = [
  {
    role: ROLE.admin,
    email: 'admin@sentinel.demo',
    password: 'Sentinel#Admin1',
    firstName: 'Ayanda',
    lastName: 'Dlamini',
    phoneNumber: '821234567',
    idNumber: '8501015800088',
  },
  {
    role: ROLE.technicalAgent,
    email: 'agent@sentinel.demo',
    password: 'Sentinel#Agent1',
    firstName: 'Pieter',
    lastName: 'van Wyk',
    phoneNumber: '831234567',
    idNumber: '9003125800087',
  },
  {
    role: ROLE.companyAdmin,
    email: 'company.admin@sentinel.demo',
    password: 'Sentinel#Company1',
    firstName: 'Lerato',
    lastName: 'Mokoena',
    phoneNumber: '721234567',
    idNumber: '8807230800086',
  },
  {
    role: ROLE.accountHolder,
    email: 'holder@sentinel.demo',
    password: 'Sentinel#Holder1',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    phoneNumber: '741234567',
    idNumber: '9205140800083',
  },
];

export const DEMO_SIGN_INS: readonly DemoSignIn[] = DEMO_USERS.map(
  ({ role, email, password, firstName, lastName }) => ({
    role,
    email,
    password,
    name: `${firstName} ${lastName}`,
  }),
);

/** The four roles are reference data the server needs, demo or not; adds only the missing ones. */
export async function seedRoles(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('roles')
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface SeedReport {
  /** E-mail addresses of the demo users this run added. */
  addedUsers: string[];
}

/**
 * Adds whatever demo data is missing and leaves everything else alone: running it twice changes
 * nothing, and it never overwrites a row someone edited. Later issues add vehicles etc. here.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<SeedReport> {
  await seedRoles(db);
  const existing = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where(
      sql<string>`lower(email)`,
      'in',
      DEMO_USERS.map(({ email }) => email.toLowerCase()),
    )
    .execute();
  const known = new Set(existing.map(({ email }) => email));
  const missing = DEMO_USERS.filter(({ email }) => !known.has(email.toLowerCase()));
  if (missing.length === 0) return { addedUsers: [] };

  const hashes = await Promise.all(missing.map(({ password }) => hashPassword(password)));
  const roles = new Map(
    (await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
  );

  await db.transaction().execute(async (trx) => {
    for (const [index, user] of missing.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phoneNumber: user.phoneNumber,
          idNumber: user.idNumber,
          idNumberIsSouthAfrican: 1,
          passwordHash: hashes[index] ?? null,
          createdOnDateTime: instant(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roleId = roles.get(user.role);
      if (roleId === undefined) throw new Error(`Role ${user.role} is missing; seedRoles runs first.`);
      await trx.insertInto('userRoles').values({ userId: id, roleId }).execute();
    }
  });
  return { addedUsers: missing.map(({ email }) => email) };
}
