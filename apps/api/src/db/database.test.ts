import { describe, expect, it } from 'vitest';
import { createDatabase, isUniqueViolation } from './database';
import { migrateToLatest } from './migrations';

describe('isUniqueViolation', () => {
  it('recognises the error of a second user with the same address in another case', async () => {
    const db = createDatabase({ databaseFile: ':memory:' });
    try {
      await migrateToLatest(db);
      const user = {
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '821234567',
        createdOnDateTime: new Date().toISOString(),
      };
      await db
        .insertInto('users')
        .values({ ...user, email: 'same@example.co.za' })
        .execute();

      const error: unknown = await db
        .insertInto('users')
        .values({ ...user, email: 'SAME@example.co.za' })
        .execute()
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );

      expect(isUniqueViolation(error)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('tells other errors apart', () => {
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })).toBe(false);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
