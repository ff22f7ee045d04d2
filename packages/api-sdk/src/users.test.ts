import { demoSignIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { and, contains, eq, gt, or } from './odata';

let api: RunningApi;
let client: ApiClient;

// One real api per file, with the demo data; one signed-in agent for every call.
beforeAll(async () => {
  api = await startApi();
  const baseUrl = api.url;
  const agent = demoSignIn('Technical-Agent');
  let user = await createApiClient({
    baseUrl,
    session: { get: () => null, set() {}, clear() {} },
    validateAnswers: true,
  }).auth.signInByEmail(agent);
  client = createApiClient({
    baseUrl,
    session: { get: () => user, set: (next) => (user = next), clear() {} },
    validateAnswers: true,
  });
});

afterAll(async () => {
  await api.close();
});

const unique = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.za`;

describe('users.list', () => {
  it('answers one page of account holders with their vehicle counts and the paging fields', async () => {
    const page = await client.users.list({ filter: eq('role', 'Account-Holder'), pageSize: 5 });

    expect(page.items).toHaveLength(5);
    expect(page.pageSize).toBe(5);
    expect(page.totalCount).toBeGreaterThan(5);
    expect(typeof page.pageIndex).toBe('number');
    for (const user of page.items) {
      expect(user.roles).toContain('Account-Holder');
      expect(user.totalNumberOfVehicles).toBe(
        user.totalNumberOfVehiclesWithDevice + user.totalNumberOfVehiclesWithoutDevice,
      );
    }
  });

  it('filters by vehicle counts and orders by $orderby', async () => {
    const page = await client.users.list({
      filter: and(eq('role', 'Account-Holder'), gt('totalNumberOfVehiclesWithDevice', 0)),
      orderBy: [{ field: 'createdOnDateTime', direction: 'desc' }],
      pageSize: 50,
    });

    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((user) => user.totalNumberOfVehiclesWithDevice > 0)).toBe(true);
    const created = page.items.map((user) => Date.parse(user.createdOnDateTime));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('pages on with $pageindex', async () => {
    const filter = eq('role', 'Account-Holder');
    const first = await client.users.list({ filter, pageSize: 3 });
    const second = await client.users.list({ filter, pageSize: 3, pageIndex: first.pageIndex + 1 });

    expect(second.pageIndex).toBe(first.pageIndex + 1);
    expect(second.items.map((user) => user.id)).not.toEqual(first.items.map((user) => user.id));
  });

  it('matches contains case-insensitively, and a quote in the text is only text', async () => {
    const page = await client.users.list({
      filter: and(
        eq('role', 'Account-Holder'),
        or(contains('firstName', 'SIPHO'), contains('lastName', 'SIPHO')),
      ),
    });
    expect(page.items.length).toBeGreaterThan(0);
    expect(
      page.items.every((user) => `${user.firstName} ${user.lastName}`.toLowerCase().includes('sipho')),
    ).toBe(true);

    const none = await client.users.list({ filter: contains('firstName', "x' or 1 eq 1 or 'x") });
    expect(none.items).toEqual([]);
  });
});

describe('users.createAccountHolder', () => {
  it('creates the account holder and answers its id', async () => {
    const email = unique('nomsa');
    const { id } = await client.users.createAccountHolder({
      FirstName: 'Nomsa',
      LastName: 'Dlamini',
      Email: email,
      PhoneNumber: '0821234567',
      IdNumber: '8001015009087',
    });

    const found = await client.users.list({ filter: and(eq('role', 'Account-Holder'), eq('id', id)) });
    expect(found.items).toEqual([
      expect.objectContaining({ id, email, firstName: 'Nomsa', phoneCode: '27' }),
    ]);
  });

  it('answers 400 with the errors by field', async () => {
    const error = await client.users
      .createAccountHolder({
        FirstName: '',
        LastName: 'Dlamini',
        Email: 'nope',
        PhoneNumber: '1',
        IdNumber: '1',
      })
      .catch((caught: unknown) => caught);

    expect(isApiError(error) && error.status).toBe(400);
    expect(isApiError(error) && Object.keys(error.errors)).toEqual(
      expect.arrayContaining(['FirstName', 'Email', 'PhoneNumber', 'IdNumber']),
    );
  });
});

describe('users.createAgent', () => {
  it('adds a staff member with the role named', async () => {
    const email = unique('agent');
    const { id } = await client.users.createAgent({
      FirstName: 'Lindiwe',
      LastName: 'Mokoena',
      Email: email,
      PhoneNumber: '0831234567',
      RoleName: 'Technical-Agent',
    });

    const found = await client.users.list({ filter: eq('email', email) });
    expect(found.items).toEqual([expect.objectContaining({ id, email, roles: ['Technical-Agent'] })]);
  });

  it('refuses an unknown role with a RoleName error', async () => {
    const error = await client.users
      .createAgent({ FirstName: 'A', LastName: 'B', Email: unique('x'), PhoneNumber: '', RoleName: 'Pilot' })
      .catch((caught: unknown) => caught);

    expect(isApiError(error) && error.errors.RoleName).toBeDefined();
  });
});

describe('users.update and resendPasswordCreationLink', () => {
  it('changes the email and phone number', async () => {
    const email = unique('edit');
    const { id } = await client.users.createAccountHolder({
      FirstName: 'Edit',
      LastName: 'Me',
      Email: email,
      PhoneNumber: '0821234567',
      IdNumber: '8001015009087',
    });
    const changed = unique('edited');
    const answered = await client.users.update(id, { email: changed, phoneNumber: '0730000000' });

    // Kept without the leading 0, so '+27 730000000' reads right.
    expect(answered).toMatchObject({ id, email: changed, phoneNumber: '730000000' });
    const [after] = (await client.users.list({ filter: eq('id', id) })).items;
    expect(after).toMatchObject({ email: changed, phoneNumber: '730000000', firstName: 'Edit' });
  });

  it('resends the password-creation link to an account holder', async () => {
    const [holder] = (await client.users.list({ filter: eq('role', 'Account-Holder'), pageSize: 1 })).items;
    if (!holder) throw new Error('no account holder');
    await expect(client.users.resendPasswordCreationLink(holder.id)).resolves.toBeUndefined();
  });

  it('answers an ApiError for an unknown user', async () => {
    await expect(client.users.resendPasswordCreationLink(987654)).rejects.toSatisfy(isApiError);
  });
});
