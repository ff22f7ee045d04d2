/*
 * Demo users: the four sign-in accounts (one per role) and the generated account holders, keyed
 * by e-mail so a re-run adds only the missing ones.
 */
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import { hashPassword } from '../../auth/passwords';
import { instant } from '../database';
import type { Database } from '../schema';
import {
  between,
  DAY_MS,
  DEMO_ANCHOR,
  emailOf,
  FIRST_NAMES,
  flag,
  LAST_NAMES,
  pad,
  phoneNumber,
  pick,
  prng,
  southAfricanId,
} from './generators';
import type { DemoPerson } from './generators';
import { roleIds, seedRoles } from './roles';

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

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The id of the user with this address, in any case. */
export async function userIdByEmail(db: Kysely<Database>, email: string): Promise<number | undefined> {
  return (
    await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst()
  )?.id;
}

/** Adds the demo sign-in users that are missing; answers the addresses it added. */
export async function seedDemoUsers(db: Kysely<Database>): Promise<string[]> {
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
  if (missing.length === 0) return [];

  const hashes = await Promise.all(missing.map(({ password }) => hashPassword(password)));
  const roles = await roleIds(db);

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
          // The demo account holder signs in at once, so the phone counts as confirmed.
          phoneConfirmedAt: instant(),
          createdOnDateTime: instant(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roleId = roles.get(user.role);
      if (roleId === undefined) throw new Error(`Role ${user.role} is missing; seedRoles runs first.`);
      await trx.insertInto('userRoles').values({ userId: id, roleId }).execute();
    }
  });
  return missing.map(({ email }) => email);
}

export interface DemoAccountHolder extends DemoPerson {
  createdOnDateTime: string;
}

export const DEMO_ACCOUNT_HOLDER_COUNT = 40;

/** ~1 in 6 carries a passport instead of an SA ID. */
export function demoAccountHolders(count = DEMO_ACCOUNT_HOLDER_COUNT): DemoAccountHolder[] {
  const random = prng(2025);
  return Array.from({ length: count }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    const lastName = LAST_NAMES[
      (index * 3 + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length
    ] as string;
    const passport = index % 6 === 5;
    return {
      firstName,
      lastName,
      email: emailOf(firstName, lastName, 'example.co.za'),
      phoneNumber: phoneNumber(random),
      idNumber: passport
        ? `${pick(random, ['A', 'M', 'P'])}${pad(between(random, 0, 99_999_999), 8)}`
        : southAfricanId(random),
      idNumberIsSouthAfrican: !passport,
      // Spread over the last ~14 months, newest last, a little after midday each.
      createdOnDateTime: new Date(DEMO_ANCHOR - (count - index) * 10 * DAY_MS + index * 60_000).toISOString(),
    };
  });
}

/** Adds the missing account holders; answers every holder's id (in demoAccountHolders order). */
export async function seedAccountHolders(
  trx: Transaction<Database>,
): Promise<{ holderIds: number[]; addedAccountHolders: number }> {
  const holderRole = (await roleIds(trx)).get(ROLE.accountHolder);
  if (holderRole === undefined) throw new Error('Role Account-Holder is missing; seedRoles runs first.');
  const holderIds: number[] = [];
  let addedAccountHolders = 0;
  for (const holder of demoAccountHolders()) {
    let id = await userIdByEmail(trx, holder.email);
    if (id === undefined) {
      ({ id } = await trx
        .insertInto('users')
        .values({
          email: holder.email,
          firstName: holder.firstName,
          lastName: holder.lastName,
          phoneNumber: holder.phoneNumber,
          idNumber: holder.idNumber,
          idNumberIsSouthAfrican: flag(holder.idNumberIsSouthAfrican),
          // Onboarded by staff, as every seeded account holder is: the phone counts as confirmed.
          phoneConfirmedAt: holder.createdOnDateTime,
          createdOnDateTime: holder.createdOnDateTime,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      await trx.insertInto('userRoles').values({ userId: id, roleId: holderRole }).execute();
      addedAccountHolders += 1;
    }
    holderIds.push(id);
  }
  return { holderIds, addedAccountHolders };
}
