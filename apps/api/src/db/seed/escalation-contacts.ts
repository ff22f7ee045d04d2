/*
 * The demo holder's escalation contacts, so an alarm nobody acknowledges in time reaches someone
 * besides the holder in the demo too. Added only while the holder has none: an edited list stays.
 */
import type { Kysely } from 'kysely';
import { instant } from '../database';
import type { Database } from '../schema';

/** Told in this order; numbers stored as users' are (country code apart, no leading 0). */
const DEMO_CONTACTS = [
  { name: 'Sipho Nkosi', phoneNumber: '825550101', email: 'sipho.nkosi@example.co.za' },
  { name: 'Naledi Dube', phoneNumber: '835550202', email: null },
] as const;

export async function seedEscalationContacts(db: Kysely<Database>): Promise<void> {
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'holder@sentinel.demo')
    .executeTakeFirst();
  if (!holder) return;
  const existing = await db
    .selectFrom('escalationContacts')
    .select('id')
    .where('holderUserId', '=', holder.id)
    .executeTakeFirst();
  if (existing) return;
  const now = instant();
  await db
    .insertInto('escalationContacts')
    .values(
      DEMO_CONTACTS.map((contact, index) => ({
        holderUserId: holder.id,
        position: index + 1,
        name: contact.name,
        phoneCode: '27',
        phoneNumber: contact.phoneNumber,
        email: contact.email,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}
