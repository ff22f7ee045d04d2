import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

interface UserItem {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
  tamperActive: boolean;
  createdOnDateTime: string;
  totalNumberOfVehiclesWithDevice: number;
  totalNumberOfVehiclesWithoutDevice: number;
  totalNumberOfVehicles: number;
}
interface UserPage {
  items: UserItem[];
  totalCount: number;
  pageIndex: number;
  pageSize: number;
}

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
});

afterAll(async () => {
  await app.close();
});

function list(query: Record<string, string | number>, role = 'Admin') {
  return app.inject({
    method: 'GET',
    url: '/Users',
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: { authorization: `Bearer ${tokens[role]}` },
  });
}

async function page(query: Record<string, string | number>, role = 'Admin'): Promise<UserPage> {
  const response = await list(query, role);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserPage>();
}

const HOLDERS = "role eq 'Account-Holder'";

describe('GET /Users', () => {
  it('answers a page with every list field, newest first by default', async () => {
    const result = await page({ $filter: HOLDERS, $pagesize: 5 });

    expect(result).toMatchObject({ totalCount: 41, pageIndex: 0, pageSize: 5 });
    expect(result.items).toHaveLength(5);
    expect(result.items[0]).toEqual({
      id: expect.any(Number),
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.any(String),
      phoneCode: '27',
      phoneNumber: expect.stringMatching(/^[1-9]\d{8}$/),
      idNumber: expect.any(String),
      idNumberIsSouthAfrican: expect.any(Boolean),
      tamperActive: expect.any(Boolean),
      createdOnDateTime: expect.any(String),
      roles: ['Account-Holder'],
      totalNumberOfVehiclesWithDevice: expect.any(Number),
      totalNumberOfVehiclesWithoutDevice: expect.any(Number),
      totalNumberOfVehicles: expect.any(Number),
      legalHold: null,
      erasedAt: null,
    });
    const dates = result.items.map((user) => user.createdOnDateTime);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by role, so staff and account holders are apart', async () => {
    const staff = await page({ $filter: "role ne 'Account-Holder'" });

    expect(staff.items.map((user) => user.email).sort()).toEqual([
      'admin@sentinel.demo',
      'agent@sentinel.demo',
      'company.admin@sentinel.demo',
    ]);
  });

  it('finds the active clients: account holders with at least one vehicle with a device', async () => {
    const active = await page({
      $filter: `${HOLDERS} and totalNumberOfVehiclesWithDevice gt 0`,
      $pagesize: 500,
    });
    const none = await page({ $filter: `${HOLDERS} and totalNumberOfVehicles eq 0`, $pagesize: 500 });

    expect(active.totalCount).toBeGreaterThan(5);
    expect(active.items.every((user) => user.totalNumberOfVehiclesWithDevice >= 1)).toBe(true);
    expect(none.totalCount).toBe(6);
    expect(none.items.every((user) => user.totalNumberOfVehicles === 0)).toBe(true);
  });

  it('finds one client by id, as the account view asks', async () => {
    const [first] = (await page({ $filter: HOLDERS, $pagesize: 1 })).items;

    const result = await page({ $filter: `${HOLDERS} and id eq ${first!.id}` });

    expect(result.items.map((user) => user.id)).toEqual([first!.id]);
  });

  describe('comparisons', () => {
    it.each([
      ['eq', (count: number) => count === 2],
      ['ne', (count: number) => count !== 2],
      ['gt', (count: number) => count > 2],
      ['ge', (count: number) => count >= 2],
      ['lt', (count: number) => count < 2],
      ['le', (count: number) => count <= 2],
    ])('%s compares numbers', async (operator, holds) => {
      const all = await page({ $filter: HOLDERS, $pagesize: 500 });
      const expected = all.items.filter((user) => holds(user.totalNumberOfVehicles)).map((user) => user.id);

      const result = await page({
        $filter: `${HOLDERS} and totalNumberOfVehicles ${operator} 2`,
        $pagesize: 500,
      });

      expect(result.items.map((user) => user.id).sort()).toEqual(expected.sort());
      expect(result.totalCount).toBe(expected.length);
    });

    it('compares booleans and date-times', async () => {
      const all = await page({ $filter: HOLDERS, $pagesize: 500 });
      const pivot = all.items[10]!.createdOnDateTime;

      const alerts = await page({ $filter: `${HOLDERS} and tamperActive eq true`, $pagesize: 500 });
      const older = await page({ $filter: `${HOLDERS} and createdOnDateTime lt ${pivot}`, $pagesize: 500 });

      expect(alerts.items.map((user) => user.id).sort()).toEqual(
        all.items
          .filter((user) => user.tamperActive)
          .map((user) => user.id)
          .sort(),
      );
      expect(older.totalCount).toBe(all.items.filter((user) => user.createdOnDateTime < pivot).length);
    });

    it('reads the value on the left as well', async () => {
      const left = await page({ $filter: `${HOLDERS} and 2 lt totalNumberOfVehicles`, $pagesize: 500 });
      const right = await page({ $filter: `${HOLDERS} and totalNumberOfVehicles gt 2`, $pagesize: 500 });

      expect(left.items).toEqual(right.items);
    });
  });

  describe('contains', () => {
    it('matches a part of a name whatever its case', async () => {
      const result = await page({ $filter: `${HOLDERS} and contains(lastName, 'VAN DER')`, $pagesize: 500 });

      expect(result.totalCount).toBeGreaterThan(0);
      expect(result.items.every((user) => user.lastName.toLowerCase().includes('van der'))).toBe(true);
    });

    it('treats LIKE wildcards in the text as plain characters', async () => {
      expect((await page({ $filter: "contains(firstName, '%')" })).totalCount).toBe(0);
      expect((await page({ $filter: "contains(firstName, '_')" })).totalCount).toBe(0);
    });

    it('searches names with or, as the client list search does', async () => {
      const result = await page({
        $filter: `${HOLDERS} and (contains(firstName, 'thandi') or contains(lastName, 'thandi'))`,
      });

      expect(result.items.map((user) => user.email)).toEqual(['holder@sentinel.demo']);
    });
  });

  it('keeps and tighter than or, and follows parentheses', async () => {
    // Without parentheses: (holder and id eq 1) or email eq agent: the agent only (user 1 is the admin).
    const loose = await page({ $filter: `${HOLDERS} and id eq 1 or email eq 'agent@sentinel.demo'` });
    // With them: holder and (id eq 1 or email eq agent): nobody.
    const grouped = await page({ $filter: `${HOLDERS} and (id eq 1 or email eq 'agent@sentinel.demo')` });

    expect(loose.items.map((user) => user.email)).toEqual(['agent@sentinel.demo']);
    expect(grouped.totalCount).toBe(0);
  });

  it('negates with not', async () => {
    const all = await page({ $pagesize: 500 });
    const notHolders = await page({ $filter: `not (${HOLDERS})`, $pagesize: 500 });

    expect(notHolders.totalCount).toBe(all.totalCount - 41);
  });

  it('matches null with eq null and ne null', async () => {
    expect((await page({ $filter: 'id eq null' })).totalCount).toBe(0);
    expect((await page({ $filter: 'email ne null' })).totalCount).toBe((await page({})).totalCount);
  });

  it('keeps an injection attempt inside its literal', async () => {
    const before = (await page({})).totalCount;

    const result = await page({ $filter: "lastName eq 'x'' or 1 eq 1 or ''y'" });
    const dropped = await page({ $filter: "lastName eq 'x''); drop table users; --'" });

    expect(result.totalCount).toBe(0);
    expect(dropped.totalCount).toBe(0);
    expect((await page({})).totalCount).toBe(before);
  });

  it('matches field names whatever their case, as ASP.NET does', async () => {
    const result = await page({
      $filter: "ROLE eq 'Account-Holder' and FirstName eq 'Thandi'",
      $orderby: 'LASTNAME desc',
    });

    expect(result.items.map((user) => user.email)).toEqual(['holder@sentinel.demo']);
  });

  it('sorts by several fields: A - Z by first name, then last name', async () => {
    const result = await page({ $filter: HOLDERS, $orderby: 'firstName asc, lastName asc', $pagesize: 500 });
    const names = result.items.map((user) => [user.firstName, user.lastName] as const);

    const sorted = [...names].sort(([a1, a2], [b1, b2]) =>
      a1 < b1 ? -1 : a1 > b1 ? 1 : a2 < b2 ? -1 : a2 > b2 ? 1 : 0,
    );
    expect(names).toEqual(sorted);
    const zToA = await page({ $filter: HOLDERS, $orderby: 'firstName desc, lastName desc', $pagesize: 500 });
    expect(zToA.items.map((user) => user.id)).toEqual(result.items.map((user) => user.id).reverse());
  });

  it('sorts Active alerts first, newest within', async () => {
    const result = await page({
      $filter: HOLDERS,
      $orderby: 'tamperActive desc, createdOnDateTime desc',
      $pagesize: 500,
    });
    const flags = result.items.map((user) => user.tamperActive);

    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(flags[0]).toBe(true);
  });

  it('pages without overlap or gaps', async () => {
    const all = await page({ $filter: HOLDERS, $orderby: 'lastName', $pagesize: 500 });
    const pages = await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        page({ $filter: HOLDERS, $orderby: 'lastName', $pagesize: 10, $pageindex: index }),
      ),
    );

    expect(pages.flatMap((one) => one.items.map((user) => user.id))).toEqual(
      all.items.map((user) => user.id),
    );
    expect(pages[4]).toMatchObject({ pageIndex: 4, pageSize: 10, totalCount: 41 });
    expect(pages[4]!.items).toHaveLength(1);
  });

  describe('given a query outside the subset', () => {
    it.each([
      ['$filter', { $filter: 'password eq 1' }, "Unknown field 'password'"],
      ['$filter', { $filter: 'firstName eq 5' }, "'firstName' is a string field; 5 is not a string."],
      [
        '$filter',
        { $filter: 'tamperActive gt true' },
        "'tamperActive' is a boolean field; compare it with eq or ne.",
      ],
      ['$filter', { $filter: "contains(id, '1')" }, "contains needs a text field; 'id' is a number field."],
      ['$filter', { $filter: "role gt 'Admin'" }, 'role takes eq or ne'],
      ['$filter', { $filter: 'firstName eq lastName' }, 'Each comparison needs one field and one value.'],
      ['$filter', { $filter: "firstName eq 'a' xor" }, "Unexpected 'xor'"],
      ['$orderby', { $orderby: 'passwordHash' }, "Unknown field 'passwordHash'"],
      ['$orderby', { $orderby: 'role' }, "The list cannot be sorted by 'role'."],
      ['$pagesize', { $pagesize: 501 }, '$pagesize must be'],
      ['$pagesize', { $pagesize: 'many' }, '$pagesize must be'],
      ['$pageindex', { $pageindex: -1 }, '$pageindex must be'],
    ])('answers 400 naming %s', async (option, query, message) => {
      const response = await list(query);

      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: Record<string, string[]> }>();
      expect(Object.keys(body.errors)).toEqual([option]);
      expect(body.errors[option]![0]).toContain(message);
    });
  });

  it('never answers 500 to a garbled filter', async () => {
    const pieces = [
      'id',
      'firstName',
      'role',
      'eq',
      'gt',
      'and',
      'or',
      'not',
      '(',
      ')',
      "'x'",
      "'",
      '1',
      '-',
      'null',
      'true',
      'contains',
      ',',
      '2025-01-01',
      '%',
      '\\',
      ';',
      '"',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const length = 1 + Math.floor(next() * 8);
      const filter = Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]).join(' ');

      const response = await list({ $filter: filter });

      expect([200, 400], filter).toContain(response.statusCode);
    }
    const deep = await list({ $filter: `${'not '.repeat(600)}id eq 1` });
    expect(deep.statusCode).toBe(400);
  });

  describe('roles', () => {
    it('shows a Company-Admin only the users of their companies', async () => {
      const result = await page({ $pagesize: 500 }, 'Company-Admin');
      const emails = result.items.map((user) => user.email);

      // Karoo Logistics: its Company-Admin and eight account holders; not Mzansi Couriers' drivers.
      expect(result.totalCount).toBe(9);
      expect(emails).toContain('company.admin@sentinel.demo');
      expect(emails).not.toContain('holder@sentinel.demo');
      expect(emails).not.toContain('admin@sentinel.demo');
    });

    it('lets the Company-Admin filter inside that scope only', async () => {
      const result = await page({ $filter: "contains(email, 'holder@sentinel')" }, 'Company-Admin');

      expect(result.totalCount).toBe(0);
    });

    it('shows a Technical-Agent everyone', async () => {
      expect((await page({}, 'Technical-Agent')).totalCount).toBe((await page({})).totalCount);
    });

    it('refuses an Account-Holder with 403', async () => {
      expect((await list({}, 'Account-Holder')).statusCode).toBe(403);
    });

    it('refuses a request without a token with 401', async () => {
      const response = await app.inject({ method: 'GET', url: '/Users' });

      expect(response.statusCode).toBe(401);
    });
  });
});
