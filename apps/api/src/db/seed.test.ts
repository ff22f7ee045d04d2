import { describe, expect, it } from 'vitest';
import { validateEmail, validatePhoneNumber, validateSouthAfricanId } from '@sentinel/domain';
import { createDatabase } from './database';
import { migrateToLatest } from './migrations';
import { DEMO_SIGN_INS, seedDemoData } from './seed';

describe('DEMO_SIGN_INS', () => {
  it('holds the demo sign-in of each role the whole team relies on', () => {
    expect(DEMO_SIGN_INS).toEqual([
      { role: 'Admin', email: 'admin@sentinel.demo', password: 'Sentinel#Admin1', name: 'Ayanda Dlamini' },
      {
        role: 'Technical-Agent',
        email: 'agent@sentinel.demo',
        password: 'Sentinel#Agent1',
        name: 'Pieter van Wyk',
      },
      {
        role: 'Company-Admin',
        email: 'company.admin@sentinel.demo',
        password: 'Sentinel#Company1',
        name: 'Lerato Mokoena',
      },
      {
        role: 'Account-Holder',
        email: 'holder@sentinel.demo',
        password: 'Sentinel#Holder1',
        name: 'Thandi Nkosi',
      },
    ]);
  });
});

describe('seedDemoData', () => {
  it('stores demo users whose details pass the same rules as the forms', async () => {
    const db = createDatabase({ databaseFile: ':memory:' });
    try {
      await migrateToLatest(db);
      await seedDemoData(db);

      const users = await db.selectFrom('users').selectAll().execute();

      expect(users).toHaveLength(4);
      for (const user of users) {
        expect(validateEmail(user.email)).toBeUndefined();
        expect(validatePhoneNumber(user.phoneNumber)).toBeUndefined();
        expect(validateSouthAfricanId(user.idNumber ?? '')).toBeUndefined();
        expect(user).toMatchObject({ phoneCode: '27', idNumberIsSouthAfrican: 1, tamperActive: 0 });
      }
    } finally {
      await db.destroy();
    }
  });
});
