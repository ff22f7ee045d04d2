import { openDatabase } from '@sentinel/database';

interface PhoneCodesFile {
  users: { id: number; phoneNumber: string | null };
  phoneConfirmations: { userId: number; expiresAt: string; usedAt: string | null };
}

/**
 * Makes every unused phone confirmation code of this number (as stored: without the leading 0)
 * expired, as ten minutes passing would. For browser tests, whose api runs in its own process on a
 * database file.
 */
export async function expirePhoneCodesInFile(databaseFile: string, phoneNumber: string): Promise<number> {
  const db = openDatabase<PhoneCodesFile>({ databaseFile });
  try {
    const past = new Date(Date.now() - 1000).toISOString();
    const result = await db
      .updateTable('phoneConfirmations')
      .set({ expiresAt: past })
      .where('usedAt', 'is', null)
      .where(
        'userId',
        'in',
        db.selectFrom('users').select('id').where('phoneNumber', '=', phoneNumber.replace(/^0/, '')),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  } finally {
    await db.destroy();
  }
}
