import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Company, CompanyUser, Page, User } from '@sentinel/domain';
import { COMPANY_MESSAGES } from '@sentinel/domain';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
});

afterAll(async () => {
  await app.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, role = 'Admin', payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[role]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function companies(query = '', role = 'Admin'): Promise<Page<Company>> {
  const response = await call('GET', `/Companies${query}`, role);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Company>>();
}

async function create(name: string): Promise<number> {
  const response = await call('POST', '/Companies', 'Admin', { Name: name, CompanyUsers: [], Vehicles: [] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

async function firstUser(filter: string): Promise<User> {
  const response = await call('GET', `/Users?$filter=${encodeURIComponent(filter)}&$pagesize=1`);
  return response.json<Page<User>>().items[0]!;
}

describe('GET /Companies', () => {
  it('lists companies by id with their user and vehicle counts', async () => {
    const page = await companies();
    expect(page.items.map((company) => company.name)).toEqual(['Karoo Logistics', 'Mzansi Couriers']);
    expect(page.items[0]).toMatchObject({
      totalNumberOfCompanyUsers: 9,
      totalNumberOfVehicles: expect.any(Number),
    });
    expect(page.items[0]!.totalNumberOfVehicles).toBeGreaterThan(0);
  });

  it('searches names case-insensitively and sorts A - Z and Z - A', async () => {
    const found = await companies(`?$filter=${encodeURIComponent("contains(name, 'KAROO')")}`);
    expect(found.items.map((company) => company.name)).toEqual(['Karoo Logistics']);
    const zToA = await companies('?$orderby=name desc');
    expect(zToA.items.map((company) => company.name)).toEqual(['Mzansi Couriers', 'Karoo Logistics']);
  });

  it('shows a Company-Admin only the companies they administer', async () => {
    const page = await companies('', 'Company-Admin');
    expect(page.items.map((company) => company.name)).toEqual(['Karoo Logistics']);
    expect(page.totalCount).toBe(1);
  });
});

describe('GET /Companies/{id}/CompanyUsers', () => {
  it("pages the company's users with their link role, newest first", async () => {
    const [karoo] = (await companies()).items;
    const response = await call('GET', `/Companies/${karoo!.id}/CompanyUsers?$pagesize=4&$orderby=firstName`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<CompanyUser>>();
    expect(page).toMatchObject({ totalCount: 9, pageSize: 4 });
    const admins = await call(
      'GET',
      `/Companies/${karoo!.id}/CompanyUsers?$filter=${encodeURIComponent("role eq 'Company-Admin'")}`,
    );
    expect(admins.json<Page<CompanyUser>>().items.map((user) => user.email)).toEqual([
      'company.admin@sentinel.demo',
    ]);
  });

  it("answers a Company-Admin 404 for another company's users", async () => {
    const mzansi = (await companies()).items[1]!;
    const response = await call('GET', `/Companies/${mzansi.id}/CompanyUsers`, 'Company-Admin');
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /Companies', () => {
  it('answers the new id and refuses a duplicate or empty name under CompanyName', async () => {
    const id = await create('Cape Haulage');
    expect((await companies(`?$filter=id eq ${id}`)).items[0]!.name).toBe('Cape Haulage');

    const duplicate = await call('POST', '/Companies', 'Admin', { Name: ' cape HAULAGE ' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ errors: { CompanyName: [COMPANY_MESSAGES.duplicateName] } });

    const empty = await call('POST', '/Companies', 'Admin', { Name: '  ' });
    expect(empty.json()).toMatchObject({ errors: { CompanyName: ['This field is required'] } });
  });

  it('refuses a Company-Admin with 403', async () => {
    const response = await call('POST', '/Companies', 'Company-Admin', { Name: 'Mine' });
    expect(response.statusCode).toBe(403);
  });
});

describe('linking users', () => {
  it('links a Company-Admin and an account holder, who then see and are seen through the company', async () => {
    const id = await create('Garden Route Freight');
    const admin = await firstUser("role eq 'Company-Admin'");
    const holder = await firstUser("role eq 'Account-Holder' and totalNumberOfVehicles gt 0");

    const linkedAdmin = await call('POST', `/Companies/${id}/AddCompanyUser`, 'Technical-Agent', {
      userId: admin.id,
      companyId: id,
    });
    expect(linkedAdmin.statusCode, linkedAdmin.body).toBe(200);
    expect(linkedAdmin.json<CompanyUser>()).toMatchObject({ id: admin.id, role: 'Company-Admin' });

    const linkedHolder = await call('POST', `/Companies/${id}/AddCompanyUser`, 'Admin', {
      userId: holder.id,
      role: 'Account-Holder',
    });
    expect(linkedHolder.statusCode, linkedHolder.body).toBe(200);

    const seen = await call('GET', `/Users?$filter=id eq ${holder.id}`, 'Company-Admin');
    expect(seen.json<Page<User>>().totalCount).toBe(1);
    const listed = await companies(`?$filter=id eq ${id}`, 'Company-Admin');
    expect(listed.items[0]).toMatchObject({ totalNumberOfCompanyUsers: 2 });

    const again = await call('POST', `/Companies/${id}/AddCompanyUser`, 'Admin', {
      userId: holder.id,
      role: 'Account-Holder',
    });
    expect(again.json()).toMatchObject({ errors: { UserId: [COMPANY_MESSAGES.alreadyLinked] } });

    const removed = await call('DELETE', `/Companies/${id}/CompanyUsers/${holder.id}`);
    expect(removed.statusCode).toBe(200);
    const gone = await call('GET', `/Companies/${id}/CompanyUsers`);
    expect(gone.json<Page<CompanyUser>>().items.map((user) => user.id)).toEqual([admin.id]);
  });

  it('refuses a link role the user does not hold', async () => {
    const id = await create('Wrong Roles');
    const holder = await firstUser("role eq 'Account-Holder'");
    const response = await call('POST', `/Companies/${id}/AddCompanyUser`, 'Admin', { userId: holder.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { Role: [COMPANY_MESSAGES.linkRoleMismatch('Company-Admin')] },
    });
  });
});

describe('DELETE /Companies/{id}', () => {
  it('refuses a company with linked users, naming how many, and deletes an empty one', async () => {
    const karoo = (await companies()).items[0]!;
    const refused = await call('DELETE', `/Companies/${karoo.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: COMPANY_MESSAGES.deleteWithUsers('Karoo Logistics', 9) });

    const id = await create('Short Lived');
    expect((await call('DELETE', `/Companies/${id}`)).statusCode).toBe(200);
    expect((await companies(`?$filter=id eq ${id}`)).totalCount).toBe(0);
    expect((await call('DELETE', `/Companies/${id}`)).statusCode).toBe(404);
  });
});
