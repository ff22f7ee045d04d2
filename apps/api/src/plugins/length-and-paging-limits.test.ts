import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_LENGTH, MAX_PAGE_INDEX } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';

const ADMIN = DEMO_SIGN_INS.find((user) => user.role === 'Admin')!;

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await build({ seed: true });
  const signIn = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: ADMIN.email, password: ADMIN.password },
  });
  token = signIn.json<{ accessToken: string }>().accessToken;
});

afterAll(async () => {
  await app.close();
});

const get = (url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('list paging and OData bounds', () => {
  it('answers 400 naming $pageindex for 1e20 and for one past the highest page, never 500', async () => {
    for (const pageIndex of ['1e20', String(MAX_PAGE_INDEX + 1), '-1']) {
      const response = await get(`/Users?$pageindex=${pageIndex}`);
      expect(response.statusCode, pageIndex).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors), pageIndex).toEqual(['$pageindex']);
    }
    expect((await get(`/Users?$pageindex=${MAX_PAGE_INDEX}`)).statusCode).toBe(200);
  });

  it('answers 400 for a page size past 500', async () => {
    expect((await get('/Vehicles?$pagesize=501')).statusCode).toBe(400);
    expect((await get('/Vehicles?$pagesize=500')).statusCode).toBe(200);
  });

  it('answers 400 with a message for 2,500 nested parentheses, and for 900 within the length', async () => {
    const tooLong = await get(`/Users?$filter=${'('.repeat(2_500)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ errors: { $filter: [expect.stringContaining('2000')] } });

    const tooDeep = await get(
      `/Users?$filter=${encodeURIComponent(`${'('.repeat(900)}id eq 1${')'.repeat(900)}`)}`,
    );
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({
      errors: { $filter: ['The filter nests parentheses deeper than 20 levels.'] },
    });
  });
});

describe('free-text length limits', () => {
  it('answers 400 naming the field for a name one character past its limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/Users/AccountHolder',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        FirstName: 'A'.repeat(MAX_LENGTH.name + 1),
        LastName: 'Long',
        Email: 'long.name@example.com',
        PhoneNumber: '0821112233',
        IdNumber: '8001015009087',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { FirstName: [expect.stringContaining(String(MAX_LENGTH.name))] },
    });
  });

  it('answers 400 for a megabyte-long sign-up field before anything is stored', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/Auth/SignUp',
      payload: {
        Email: 'big@example.com',
        FirstName: 'Big',
        LastName: 'x'.repeat(1_000_000),
        Password: 'Sentinel#Big1',
        PhoneNumber: '0829998877',
        IdNumber: '8001015009087',
        IdNumberIsSouthAfrican: true,
        acceptedTermsAndConditionsAndPolicy: true,
      },
    });
    expect([400, 413]).toContain(response.statusCode);
    const stored = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'big@example.com')
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers 400 for an over-long e-mail at sign-in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      payload: { email: `${'a'.repeat(MAX_LENGTH.email)}@example.com`, password: 'x' },
    });
    expect(response.statusCode).toBe(400);
  });
});
