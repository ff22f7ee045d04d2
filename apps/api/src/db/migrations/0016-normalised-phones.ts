import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { normalisePhone } from '@sentinel/domain';

/*
 * Users' phones in the one stored form that sign-up, its duplicate check and the OTP throttles
 * compare: the country code's digits ('+27' and '027' were kept as typed) and the national number
 * without its trunk 0 or spaces. A number that is no valid number of its code keeps its digits as
 * they were, for staff to correct.
 *
 * Sign-in now needs an account holder's phone confirmed. Users who were never sent a code were
 * added by staff, whose word the phone already had: they count as confirmed from when they were
 * added. Those who signed up and never entered their code stay unconfirmed.
 */
export const normalisedPhonesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // The api's database answers in camelCase (its CamelCasePlugin).
    const { rows } = await sql<{ id: number; phoneCode: string; phoneNumber: string }>`
      select id, phone_code, phone_number from users`.execute(db);
    for (const row of rows) {
      const phoneCode = row.phoneCode.replace(/\D+/g, '').replace(/^0+/, '') || '27';
      const phone = row.phoneNumber === '' ? undefined : normalisePhone(phoneCode, row.phoneNumber);
      const phoneNumber = phone?.phoneNumber ?? row.phoneNumber;
      if (phoneCode === row.phoneCode && phoneNumber === row.phoneNumber) continue;
      await sql`update users set phone_code = ${phoneCode}, phone_number = ${phoneNumber}
        where id = ${row.id}`.execute(db);
    }
    await sql`update users set phone_confirmed_at = created_on_date_time
      where phone_confirmed_at is null
        and not exists (select 1 from phone_confirmations where phone_confirmations.user_id = users.id)`.execute(
      db,
    );
  },

  // The old forms are not kept: the normalised ones read the same ('+{code}{number}').
  async down() {},
};
