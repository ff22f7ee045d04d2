import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CompanyUser, Page, User, Vehicle } from '@sentinel/domain';
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

async function get<T>(url: string, role: string): Promise<T> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[role]}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** A Karoo Logistics account holder with an installed vehicle and a driver: every role's scope holds them. */
async function sharedHolder() {
  const [company] = (
    await get<Page<{ id: number }>>(
      `/Companies?$filter=${encodeURIComponent("name eq 'Karoo Logistics'")}`,
      'Admin',
    )
  ).items;
  const holders = await get<Page<CompanyUser>>(
    `/Companies/${company!.id}/CompanyUsers?$filter=${encodeURIComponent("role eq 'Account-Holder'")}&$pagesize=500`,
    'Admin',
  );
  const vehicles = await get<Page<Vehicle>>('/Vehicles?$pagesize=500', 'Admin');
  const vehicle = vehicles.items.find(
    (item) => item.drivers.length > 0 && holders.items.some((holder) => holder.id === item.userId),
  )!;
  const [holder] = (await get<Page<User>>(`/Users?$filter=id eq ${vehicle.userId}`, 'Admin')).items;
  return { companyId: company!.id, holder: holder!, vehicle };
}

const masked = (full: string) => `${'•'.repeat(full.length - 4)}${full.slice(-4)}`;

describe('given an account holder and their driver with ID numbers', () => {
  it('shows the Admin the full numbers', async () => {
    const { holder, vehicle } = await sharedHolder();
    expect(holder.idNumber).toMatch(/^[A-Z0-9]{6,}$/);
    expect(vehicle.drivers[0]!.idNumber).toMatch(/^[A-Z0-9]{6,}$/);
  });

  it.each(['Technical-Agent', 'Company-Admin'])(
    'shows a %s only the last four characters, in users, company users and vehicles',
    async (role) => {
      const { companyId, holder, vehicle } = await sharedHolder();
      const [user] = (await get<Page<User>>(`/Users?$filter=id eq ${holder.id}`, role)).items;
      expect(user!.idNumber).toBe(masked(holder.idNumber!));
      const [linked] = (
        await get<Page<CompanyUser>>(`/Companies/${companyId}/CompanyUsers?$filter=id eq ${holder.id}`, role)
      ).items;
      expect(linked!.idNumber).toBe(masked(holder.idNumber!));
      const [seen] = (await get<Page<Vehicle>>(`/Vehicles?$filter=id eq ${vehicle.id}`, role)).items;
      expect(seen!.drivers[0]!.idNumber).toBe(masked(vehicle.drivers[0]!.idNumber));
      expect(JSON.stringify(seen)).not.toContain(vehicle.drivers[0]!.idNumber);
    },
  );

  it('keeps the stored number when a masked value is sent back with a contact edit', async () => {
    const { holder } = await sharedHolder();
    const response = await app.inject({
      method: 'PUT',
      url: `/Users/${holder.id}`,
      headers: { authorization: `Bearer ${tokens['Technical-Agent']}` },
      payload: { email: holder.email, phoneNumber: holder.phoneNumber, idNumber: masked(holder.idNumber!) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<User>().idNumber).toBe(masked(holder.idNumber!));
    const [after] = (await get<Page<User>>(`/Users?$filter=id eq ${holder.id}`, 'Admin')).items;
    expect(after!.idNumber).toBe(holder.idNumber);
  });
});
