import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest } from './migrations';
import type { Database } from './schema';
import { emptyDatabase } from './testing/empty-database';

// An empty database of the suite's engine, migrated step by step below.
let db: Kysely<Database>;
let dispose: () => Promise<void>;

beforeEach(async () => {
  ({ db, dispose } = await emptyDatabase());
});

afterEach(async () => {
  await dispose();
});

it('stores phones in their one form and confirms those of users never sent a code', async () => {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  expect((await migrator.migrateTo('0014-one-device-commands-table')).error).toBeUndefined();
  const added = '2026-01-05T08:00:00.000Z';
  const user = (email: string, phoneCode: string, phoneNumber: string) =>
    db
      .insertInto('users')
      .values({
        email,
        firstName: 'Thandi',
        lastName: 'Nkosi',
        phoneCode,
        phoneNumber,
        createdOnDateTime: added,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const byStaff = await user('staff.added@example.co.za', '+27', '082 123 4567');
  const signedUp = await user('signed.up@example.co.za', '027', '831234567');
  const mistyped = await user('mistyped@example.co.za', '27', '12');
  await db
    .insertInto('phoneConfirmations')
    .values({ userId: signedUp.id, codeHash: 'x', createdAt: added, expiresAt: added, usedAt: null })
    .execute();

  await migrateToLatest(db);

  const rows = await db
    .selectFrom('users')
    .select(['id', 'phoneCode', 'phoneNumber', 'phoneConfirmedAt'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    { id: byStaff.id, phoneCode: '27', phoneNumber: '821234567', phoneConfirmedAt: added },
    { id: signedUp.id, phoneCode: '27', phoneNumber: '831234567', phoneConfirmedAt: null },
    { id: mistyped.id, phoneCode: '27', phoneNumber: '12', phoneConfirmedAt: added },
  ]);
});
