import type { CompanyListFields, UserListFields } from '@sentinel/domain';
import { COMPANY_MESSAGES } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { and, contains, eq } from './odata';

let api: RunningApi;
const clients: Partial<Record<'Admin' | 'Company-Admin', ApiClient>> = {};

const signedIn = (role: 'Admin' | 'Company-Admin'): Promise<ApiClient> => signedInClient(api.url, role);

beforeAll(async () => {
  api = await startApi();
  clients.Admin = await signedIn('Admin');
  clients['Company-Admin'] = await signedIn('Company-Admin');
});

afterAll(async () => {
  await api.close();
});

const admin = () => clients.Admin!;

describe('companies', () => {
  it('creates a company, links a Company-Admin and a holder, lists them and removes one', async () => {
    const { id } = await admin().companies.create('Overberg Transport');
    const [listed] = (
      await admin().companies.list({ filter: contains<CompanyListFields>('name', 'overberg') })
    ).items;
    expect(listed).toMatchObject({ id, name: 'Overberg Transport', totalNumberOfCompanyUsers: 0 });

    const [companyAdmin] = (await admin().users.list({ filter: eq<UserListFields>('role', 'Company-Admin') }))
      .items;
    const [holder] = (
      await admin().users.list({
        filter: and(
          eq<UserListFields>('role', 'Account-Holder'),
          eq<UserListFields>('email', 'holder@sentinel.demo'),
        ),
      })
    ).items;
    expect(await admin().companies.addUser(id, companyAdmin!.id)).toMatchObject({ role: 'Company-Admin' });
    expect(await admin().companies.addUser(id, holder!.id, 'Account-Holder')).toMatchObject({
      id: holder!.id,
      role: 'Account-Holder',
    });

    const users = await admin().companies.users(id, { orderBy: [{ field: 'firstName' }] });
    expect(users.totalCount).toBe(2);

    const holderSeen = await clients['Company-Admin']!.users.list({
      filter: eq<UserListFields>('id', holder!.id),
    });
    expect(holderSeen.items).toHaveLength(1);

    await admin().companies.removeUser(id, holder!.id);
    expect((await admin().companies.users(id)).items.map((user) => user.id)).toEqual([companyAdmin!.id]);
  });

  it('throws the name error under CompanyName and the deletion refusal as a message', async () => {
    const duplicate = await admin()
      .companies.create('karoo logistics')
      .catch((error: unknown) => error);
    expect(isApiError(duplicate) && duplicate.errors['CompanyName']).toEqual([
      COMPANY_MESSAGES.duplicateName,
    ]);

    const [karoo] = (
      await admin().companies.list({ filter: eq<CompanyListFields>('name', 'Karoo Logistics') })
    ).items;
    const refusal = await admin()
      .companies.delete(karoo!.id)
      .catch((error: unknown) => error);
    expect(isApiError(refusal) && [refusal.status, refusal.message]).toEqual([
      400,
      COMPANY_MESSAGES.deleteWithUsers('Karoo Logistics', 9),
    ]);

    const { id } = await admin().companies.create('Temporary');
    await admin().companies.delete(id);
    expect((await admin().companies.list({ filter: eq<CompanyListFields>('id', id) })).totalCount).toBe(0);
  });
});
