import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { MESSAGES } from '@sentinel/domain';
import { RECENT_AUTHENTICATION_MS } from '../auth/recent-sign-in';
import { build, DEMO_SIGN_INS } from '../index';
import { demoTokens } from '../test-support/demo-tokens';
import { passwordCreationTokenHash } from '../auth/password-creation';

let app: FastifyInstance;
const DEMO_ADMIN_PASSWORD = DEMO_SIGN_INS.find((demo) => demo.role === 'Admin')!.password;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await build({ seed: true, devOutbox: true, signupUrl: 'https://signup.sentinel.example/' });
  Object.assign(tokens, await demoTokens(app));
});

afterAll(async () => {
  await app.close();
});

function call(method: 'POST' | 'PUT', url: string, payload: object, role = 'Admin') {
  return app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[role]}` } });
}

async function latestEmailTo(recipient: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/Dev/Outbox',
    query: { recipient, channel: 'email', limit: '1' },
    headers: { authorization: `Bearer ${tokens['Admin']}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: { recipient: string; subject: string; body: string }[] }>().items[0];
}

const tokenIn = (body: string) => /create-password\?token=([\w-]+)/.exec(body)?.[1];

const AGENT = {
  FirstName: 'Sizwe',
  LastName: 'Mahlangu',
  Email: 'sizwe.mahlangu@sentinel.demo',
  phoneCode: '27',
  PhoneNumber: '0821112222',
  RoleName: 'Technical-Agent',
};

describe('POST /Users (add agent)', () => {
  it('adds the staff member with the role and e-mails a password-creation link', async () => {
    const response = await call('POST', '/Users', AGENT);

    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ id: number }>();
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      firstName: 'Sizwe',
      phoneNumber: '821112222',
      idNumber: null,
      passwordHash: null,
    });
    const roles = await app.db
      .selectFrom('userRoles')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .select('roles.name')
      .where('userId', '=', id)
      .execute();
    expect(roles).toEqual([{ name: 'Technical-Agent' }]);
    const email = await latestEmailTo(AGENT.Email);
    expect(email?.body).toContain('https://signup.sentinel.example/create-password?token=');
  });

  it('binds field names case-insensitively and takes the phone number as optional', async () => {
    const response = await call('POST', '/Users', {
      firstname: 'Nandi',
      LASTNAME: 'Zungu',
      email: 'nandi.zungu@sentinel.demo',
      roleName: 'Admin',
    });

    expect(response.statusCode).toBe(200);
  });

  it('answers each field rule with the form message', async () => {
    const response = await call('POST', '/Users', {
      FirstName: ' ',
      LastName: '',
      Email: 'not-an-email',
      PhoneNumber: '12345',
      RoleName: 'Pilot',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      errors: {
        FirstName: [MESSAGES.required],
        LastName: [MESSAGES.required],
        Email: [MESSAGES.email],
        PhoneNumber: [MESSAGES.phoneNumber],
        RoleName: ['Please select a valid role'],
      },
    });
  });

  it('lets only an Admin add another Admin', async () => {
    const byAgent = await call(
      'POST',
      '/Users',
      { ...AGENT, Email: 'would.be.admin@sentinel.demo', RoleName: 'Admin' },
      'Technical-Agent',
    );
    const byAdmin = await call('POST', '/Users', {
      ...AGENT,
      Email: 'new.admin@sentinel.demo',
      RoleName: 'Admin',
    });
    const agentAddsAgent = await call(
      'POST',
      '/Users',
      { ...AGENT, Email: 'new.agent@sentinel.demo' },
      'Technical-Agent',
    );

    expect(byAgent.statusCode).toBe(400);
    expect(byAgent.json()).toMatchObject({ errors: { RoleName: ['Please select a valid role'] } });
    expect(byAdmin.statusCode).toBe(200);
    expect(agentAddsAgent.statusCode).toBe(200);
  });

  it('refuses the customer role: agents are staff', async () => {
    const response = await call('POST', '/Users', {
      ...AGENT,
      Email: 'x.y@sentinel.demo',
      RoleName: 'Account-Holder',
    });

    expect(response.json()).toMatchObject({ errors: { RoleName: ['Please select a valid role'] } });
  });

  it('answers a missing body with a required message per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/Users',
      headers: { authorization: `Bearer ${tokens['Admin']}` },
    });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'Email',
      'FirstName',
      'LastName',
      'RoleName',
    ]);
  });

  it('refuses an e-mail address already in use, whatever its case', async () => {
    const response = await call('POST', '/Users', { ...AGENT, Email: 'AGENT@sentinel.demo' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { Email: ['A user with this email address already exists'] },
    });
  });

  it('adds one of two users sent at once with the same address and refuses the other by its field', async () => {
    // On PostgreSQL both checks can pass before either insert; the unique index decides.
    const responses = await Promise.all(
      ['same.time@sentinel.demo', 'SAME.TIME@sentinel.demo', 'Same.Time@sentinel.demo'].map((Email) =>
        call('POST', '/Users', { ...AGENT, Email }),
      ),
    );

    expect(responses.map(({ statusCode }) => statusCode).sort()).toEqual([200, 400, 400]);
    for (const response of responses.filter(({ statusCode }) => statusCode === 400)) {
      expect(response.json()).toMatchObject({
        errors: { Email: ['A user with this email address already exists'] },
      });
    }
  });

  it('is for Admin and Technical-Agent only', async () => {
    expect((await call('POST', '/Users', AGENT, 'Company-Admin')).statusCode).toBe(403);
    expect((await call('POST', '/Users', AGENT, 'Account-Holder')).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/Users', payload: AGENT })).statusCode).toBe(401);
  });
});

const HOLDER = {
  FirstName: 'Lindiwe',
  LastName: 'Cele',
  Email: 'lindiwe.cele@example.co.za',
  PhoneCode: '27',
  PhoneNumber: '0729876543',
  IdNumber: '9001014800084',
  IdNumberIsSouthAfrican: true,
  acceptedTermsAndConditionsAndPolicy: true,
  acceptedToAllowInformationToBeUsedToContact: true,
};

describe('POST /Users/AccountHolder', () => {
  it('adds the account holder, answers the id and e-mails a password-creation link', async () => {
    const response = await call('POST', '/Users/AccountHolder', HOLDER, 'Technical-Agent');

    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ id: number }>();
    const list = await app.inject({
      method: 'GET',
      url: '/Users',
      query: { $filter: `role eq 'Account-Holder' and id eq ${id}` },
      headers: { authorization: `Bearer ${tokens['Admin']}` },
    });
    expect(list.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        id,
        firstName: 'Lindiwe',
        phoneNumber: '729876543',
        idNumber: '9001014800084',
        idNumberIsSouthAfrican: true,
        roles: ['Account-Holder'],
        totalNumberOfVehicles: 0,
      }),
    ]);
    expect(tokenIn((await latestEmailTo(HOLDER.Email))?.body ?? '')).toBeDefined();
  });

  it('takes a passport when the holder has no South African ID', async () => {
    const response = await call('POST', '/Users/AccountHolder', {
      ...HOLDER,
      Email: 'ana.silva@example.co.za',
      IdNumber: 'PT1234567',
      IdNumberIsSouthAfrican: false,
    });

    expect(response.statusCode).toBe(200);
  });

  it('answers each field rule with the form message', async () => {
    const response = await call('POST', '/Users/AccountHolder', {
      ...HOLDER,
      FirstName: '',
      LastName: '',
      Email: 'lindiwe@',
      PhoneNumber: '082',
      IdNumber: '9013014800084',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: {
        FirstName: [MESSAGES.required],
        LastName: [MESSAGES.required],
        Email: [MESSAGES.email],
        PhoneNumber: [MESSAGES.phoneNumber],
        IdNumber: [MESSAGES.idNumber],
      },
    });
  });

  it('checks a passport number by the passport rule', async () => {
    const response = await call('POST', '/Users/AccountHolder', {
      ...HOLDER,
      IdNumber: 'P-123',
      IdNumberIsSouthAfrican: false,
    });

    expect(response.json()).toMatchObject({ errors: { IdNumber: [MESSAGES.passport] } });
  });

  it('refuses an e-mail address already in use', async () => {
    const response = await call('POST', '/Users/AccountHolder', { ...HOLDER, Email: 'Holder@Sentinel.demo' });

    expect(response.json()).toMatchObject({
      errors: { Email: ['A user with this email address already exists'] },
    });
  });

  it('is refused to a Company-Admin', async () => {
    expect((await call('POST', '/Users/AccountHolder', HOLDER, 'Company-Admin')).statusCode).toBe(403);
  });
});

async function userIdOf(email: string): Promise<number> {
  const row = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('PUT /Users/{id}', () => {
  it('changes email and phone number only, ignoring read-only fields', async () => {
    const id = await userIdOf('sipho.ndlovu@example.co.za');

    const response = await call('PUT', `/Users/${id}`, {
      firstName: 'Changed',
      idNumber: '0000000000000',
      email: 'sipho.n@example.co.za',
      phoneNumber: '0831230000',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      firstName: 'Sipho',
      email: 'sipho.n@example.co.za',
      phoneNumber: '831230000',
    });
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.firstName).toBe('Sipho');
    expect(row.idNumber).not.toBe('0000000000000');
  });

  it('answers each field rule with the form message', async () => {
    const id = await userIdOf('holder@sentinel.demo');

    const empty = await call('PUT', `/Users/${id}`, { email: '', phoneNumber: '' });
    const invalid = await call('PUT', `/Users/${id}`, { email: 'thandi', phoneNumber: '0012345678' });

    expect(empty.json()).toMatchObject({
      errors: { Email: [MESSAGES.required], PhoneNumber: [MESSAGES.required] },
    });
    expect(invalid.json()).toMatchObject({
      errors: { Email: [MESSAGES.email], PhoneNumber: [MESSAGES.phoneNumber] },
    });
  });

  it("refuses another user's e-mail address but accepts the user's own", async () => {
    const id = await userIdOf('holder@sentinel.demo');

    const taken = await call('PUT', `/Users/${id}`, {
      email: 'agent@sentinel.demo',
      phoneNumber: '0741234567',
    });
    const own = await call('PUT', `/Users/${id}`, {
      email: 'HOLDER@sentinel.demo',
      phoneNumber: '0741234567',
    });

    expect(taken.json()).toMatchObject({
      errors: { Email: ['A user with this email address already exists'] },
    });
    expect(own.statusCode).toBe(200);
    await call('PUT', `/Users/${id}`, { email: 'holder@sentinel.demo', phoneNumber: '0741234567' });
  });

  it("lets a Company-Admin edit their company's users and no one else", async () => {
    const inCompany = await userIdOf('nomvula.naidoo@example.co.za');
    const outside = await userIdOf('holder@sentinel.demo');

    const allowed = await call(
      'PUT',
      `/Users/${inCompany}`,
      { email: 'nomvula.naidoo@example.co.za', phoneNumber: '0725550000' },
      'Company-Admin',
    );
    const hidden = await call(
      'PUT',
      `/Users/${outside}`,
      { email: 'holder@sentinel.demo', phoneNumber: '0741234567' },
      'Company-Admin',
    );

    expect(allowed.statusCode).toBe(200);
    expect(hidden.statusCode).toBe(404);
  });

  describe("given an Admin's sign-in older than the few minutes a staff e-mail change needs", () => {
    /** The demo Admin signed in again, with that sign-in moved back to just before the window. */
    async function oldAdminSignIn(): Promise<string> {
      const signIn = await app.inject({
        method: 'POST',
        url: '/Auth/SignInByEmail',
        payload: { email: 'admin@sentinel.demo', password: DEMO_ADMIN_PASSWORD },
      });
      const { accessToken } = signIn.json<{ accessToken: string }>();
      const longAgo = new Date(Date.now() - RECENT_AUTHENTICATION_MS - 1_000).toISOString();
      await app.db
        .updateTable('refreshTokens')
        .set({ createdAt: longAgo })
        .where('familyId', '=', String(decodeJwt(accessToken)['sid']))
        .execute();
      return accessToken;
    }

    const put = (id: number, payload: object, token: string) =>
      app.inject({
        method: 'PUT',
        url: `/Users/${id}`,
        payload,
        headers: { authorization: `Bearer ${token}` },
      });

    it("refuses to move a staff member's e-mail, the Admin's own included, and audits the refusal", async () => {
      const token = await oldAdminSignIn();
      for (const email of ['agent@sentinel.demo', 'admin@sentinel.demo']) {
        const id = await userIdOf(email);
        const refused = await put(
          id,
          { email: `taken.over.${id}@evil.example`, phoneNumber: '0821230000' },
          token,
        );
        expect(refused.statusCode, email).toBe(403);
        expect(refused.json()).toMatchObject({ message: MESSAGES.signInAgainToChangeStaffEmail });
        const row = await app.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.email).toBe(email);
        const audit = await app.db
          .selectFrom('auditLog')
          .select('action')
          .where('targetId', '=', String(id))
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(audit.action).toBe('EmailChangeRefused');
      }
    });

    it("still changes a staff member's phone number, and an account holder's e-mail", async () => {
      const token = await oldAdminSignIn();
      const agent = await userIdOf('agent@sentinel.demo');
      const holder = await userIdOf('holder@sentinel.demo');
      const [agentRow, holderRow] = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'phoneNumber'])
        .where('id', 'in', [agent, holder])
        .orderBy('id')
        .execute();
      const phone = await put(agent, { email: 'agent@sentinel.demo', phoneNumber: '0821239999' }, token);
      const email = await put(
        holder,
        { email: 'holder.moved@sentinel.demo', phoneNumber: '0821238888' },
        token,
      );
      expect(phone.statusCode).toBe(200);
      expect(email.statusCode).toBe(200);
      // Put back what the other tests read.
      for (const row of [agentRow!, holderRow!]) {
        await app.db
          .updateTable('users')
          .set({ email: row.email, phoneNumber: row.phoneNumber })
          .where('id', '=', row.id)
          .execute();
      }
    });

    it("moves a staff member's e-mail after a fresh sign-in", async () => {
      const id = await userIdOf('agent@sentinel.demo');
      const moved = await call('PUT', `/Users/${id}`, {
        email: 'agent.moved@sentinel.demo',
        phoneNumber: '0821230000',
      });
      expect(moved.statusCode).toBe(200);
      await call('PUT', `/Users/${id}`, { email: 'agent@sentinel.demo', phoneNumber: '0821230000' });
    });
  });

  it('answers 404 for an unknown user and 403 for an Account-Holder', async () => {
    expect(
      (await call('PUT', '/Users/99999', { email: 'a@b.co', phoneNumber: '0821234567' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/Users/4', { email: 'a@b.co', phoneNumber: '0821234567' }, 'Account-Holder'))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /Drivers/{id}', () => {
  it('changes email and phone number only', async () => {
    const driver = await app.db.selectFrom('drivers').selectAll().orderBy('id').executeTakeFirstOrThrow();

    const response = await call('PUT', `/Drivers/${driver.id}`, {
      firstName: 'Changed',
      email: 'new.driver@example.co.za',
      phoneNumber: '0611234567',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: driver.id,
      vehicleId: driver.vehicleId,
      firstName: driver.firstName,
      lastName: driver.lastName,
      email: 'new.driver@example.co.za',
      phoneCode: '27',
      phoneNumber: '611234567',
      idNumber: driver.idNumber,
      idNumberIsSouthAfrican: driver.idNumberIsSouthAfrican === 1,
    });
  });

  it('answers each field rule with the form message', async () => {
    const response = await call('PUT', '/Drivers/1', { email: 'x@', phoneNumber: '' });

    expect(response.json()).toMatchObject({
      errors: { Email: [MESSAGES.email], PhoneNumber: [MESSAGES.required] },
    });
  });

  it("hides drivers outside a Company-Admin's companies", async () => {
    const outside = await app.db
      .selectFrom('drivers')
      .innerJoin('vehicles', 'vehicles.id', 'drivers.vehicleId')
      .select('drivers.id')
      .where('vehicles.userId', '=', await userIdOf('holder@sentinel.demo'))
      .executeTakeFirstOrThrow();

    const response = await call(
      'PUT',
      `/Drivers/${outside.id}`,
      { email: 'a@b.co', phoneNumber: '0821234567' },
      'Company-Admin',
    );

    expect(response.statusCode).toBe(404);
  });
});

describe('POST /Users/ResendPasswordCreationLink', () => {
  it('e-mails a new single-use link and retires the earlier ones', async () => {
    // A seeded account holder who has not created a password yet.
    const { id: userId, email } = await app.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('passwordHash', 'is', null)
      .where('email', 'like', '%@%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

    const first = await call('POST', '/Users/ResendPasswordCreationLink', { userId });
    const firstToken = tokenIn((await latestEmailTo(email))!.body)!;
    const second = await call('POST', '/Users/ResendPasswordCreationLink', { UserId: userId });
    const secondToken = tokenIn((await latestEmailTo(email))!.body)!;

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(secondToken).not.toBe(firstToken);
    const rows = await app.db
      .selectFrom('passwordCreationTokens')
      .selectAll()
      .where('userId', '=', userId)
      .execute();
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    expect(byHash.get(passwordCreationTokenHash(firstToken))?.usedAt).not.toBeNull();
    expect(byHash.get(passwordCreationTokenHash(secondToken))?.usedAt).toBeNull();
    // Only hashes are stored.
    expect(rows.map((row) => row.tokenHash)).not.toContain(secondToken);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await call('POST', '/Users/ResendPasswordCreationLink', { userId: 99999 });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, message: 'User 99999 was not found.' });
  });

  it("lets a Company-Admin resend links to their companies' users only", async () => {
    const companyUsers = await app.inject({
      method: 'GET',
      url: '/Users',
      query: { $filter: "role eq 'Account-Holder'", $pagesize: '500' },
      headers: { authorization: `Bearer ${tokens['Company-Admin']}` },
    });
    const ids = companyUsers.json<{ items: { id: number }[] }>().items.map((user) => user.id);
    const holder = ids[0]!;

    expect(
      (await call('POST', '/Users/ResendPasswordCreationLink', { userId: holder }, 'Company-Admin'))
        .statusCode,
    ).toBe(200);
    // The demo account holder drives for no company of theirs.
    expect(ids).not.toContain(4);
    expect(
      (await call('POST', '/Users/ResendPasswordCreationLink', { userId: 4 }, 'Company-Admin')).statusCode,
    ).toBe(404);
  });
});

describe('GET /Dev/Outbox', () => {
  it('is for Admins only', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/Dev/Outbox',
      headers: { authorization: `Bearer ${tokens['Technical-Agent']}` },
    });

    expect(response.statusCode).toBe(403);
  });

  it('does not exist unless devOutbox is on', async () => {
    const plain = await build();
    try {
      expect((await plain.inject({ method: 'GET', url: '/Dev/Outbox' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
