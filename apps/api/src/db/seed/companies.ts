/* Demo companies and their users, keyed by name. */
import type { Transaction } from 'kysely';
import { ROLE } from '@sentinel/domain';
import { instant } from '../database';
import type { Database } from '../schema';
import { userIdByEmail } from './users';

export const DEMO_COMPANIES = [
  // The demo Company-Admin runs Karoo Logistics; the first eight generated holders drive for it.
  { name: 'Karoo Logistics', holders: [0, 1, 2, 3, 4, 5, 6, 7], companyAdmin: 'company.admin@sentinel.demo' },
  // A company the demo Company-Admin does not belong to, so scoping has something to hide.
  { name: 'Mzansi Couriers', holders: [8, 9, 10, 11], companyAdmin: null },
] as const;

/** Adds the missing companies and links their holders (by demoAccountHolders index) and admin. */
export async function seedCompanies(trx: Transaction<Database>, holderIds: readonly number[]): Promise<void> {
  for (const company of DEMO_COMPANIES) {
    const existing = await trx
      .selectFrom('companies')
      .select('id')
      .where('name', '=', company.name)
      .executeTakeFirst();
    const companyId =
      existing?.id ??
      (
        await trx
          .insertInto('companies')
          .values({ name: company.name, createdOnDateTime: instant() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const links = company.holders.flatMap((holder) => {
      const userId = holderIds[holder];
      return userId === undefined ? [] : [{ companyId, userId, role: ROLE.accountHolder as string }];
    });
    const adminId =
      company.companyAdmin === null ? undefined : await userIdByEmail(trx, company.companyAdmin);
    if (adminId !== undefined) links.push({ companyId, userId: adminId, role: ROLE.companyAdmin });
    if (links.length > 0) {
      await trx
        .insertInto('companyUsers')
        .values(links)
        .onConflict((conflict) => conflict.columns(['companyId', 'userId']).doNothing())
        .execute();
    }
  }
}
