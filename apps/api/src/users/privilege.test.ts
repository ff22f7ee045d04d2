import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PRIVILEGE_MESSAGES } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';
import { instant } from '../db/database';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await build({ seed: true, devOutbox: true });
  for (const demo of DEMO_SIGN_INS) {
    const response = await app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      payload: { email: demo.email, password: demo.password },
    });
    const answer = response.json<{ accessToken: string; userId: number }>();
    tokens[demo.role] = answer.accessToken;
    ids[demo.role] = answer.userId;
  }
});

afterAll(async () => {
  await app.close();
});

function call(method: 'POST' | 'PUT', url: string, payload: object, role: string) {
  return app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[role]}` } });
}

async function emailsTo(recipient: string) {
  return app.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', recipient).execute();
}

async function contactOf(id: number) {
  return app.db
    .selectFrom('users')
    .select(['email', 'phoneNumber'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

let serial = 0;
async function newAgent(role = 'Technical-Agent') {
  serial += 1;
  const email = `privilege.agent${String(serial)}@sentinel.demo`;
  const response = await call(
    'POST',
    '/Users',
    { FirstName: 'Bongani', LastName: 'Khumalo', Email: email, PhoneNumber: '0825550000', RoleName: role },
    'Admin',
  );
  return { id: response.json<{ id: number }>().id, email };
}

describe('PUT /Users/{id} and privilege', () => {
  it("refuses a Technical-Agent changing the Admin's e-mail, and keeps it", async () => {
    const adminId = ids['Admin']!;
    const before = await contactOf(adminId);

    const response = await call(
      'PUT',
      `/Users/${String(adminId)}`,
      { email: 'attacker@example.com', phoneNumber: '0821234567' },
      'Technical-Agent',
    );

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: PRIVILEGE_MESSAGES.outranked });
    expect(await contactOf(adminId)).toEqual(before);
  });

  it("refuses a Technical-Agent changing the Admin's phone", async () => {
    const adminId = ids['Admin']!;
    const before = await contactOf(adminId);
    const response = await call(
      'PUT',
      `/Users/${String(adminId)}`,
      { email: before.email, phoneNumber: '0829999999' },
      'Technical-Agent',
    );
    expect(response.statusCode).toBe(403);
    expect(await contactOf(adminId)).toEqual(before);
  });

  it("leaves another staff member's e-mail to an Admin", async () => {
    const agent = await newAgent();

    const byAgent = await call(
      'PUT',
      `/Users/${String(agent.id)}`,
      { email: 'elsewhere@example.com', phoneNumber: '0825550000' },
      'Technical-Agent',
    );
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json()).toMatchObject({ message: PRIVILEGE_MESSAGES.staffEmailNeedsAdmin });

    const phoneOnly = await call(
      'PUT',
      `/Users/${String(agent.id)}`,
      { email: agent.email, phoneNumber: '0825551111' },
      'Technical-Agent',
    );
    expect(phoneOnly.statusCode).toBe(200);

    const byAdmin = await call(
      'PUT',
      `/Users/${String(agent.id)}`,
      { email: 'moved.agent@sentinel.demo', phoneNumber: '0825551111' },
      'Admin',
    );
    expect(byAdmin.statusCode).toBe(200);
  });

  it('notifies the old and the new address of every e-mail change', async () => {
    const agent = await newAgent();
    const changed = `changed.${agent.email}`;

    await call('PUT', `/Users/${String(agent.id)}`, { email: changed, phoneNumber: '0825550000' }, 'Admin');

    for (const address of [agent.email, changed]) {
      const mails = await emailsTo(address);
      expect(
        mails.some(
          (mail) => mail.subject.includes('email address was changed') && mail.body.includes(changed),
        ),
      ).toBe(true);
    }
  });
});

describe('POST /Users/ResendPasswordCreationLink and privilege', () => {
  it('refuses an account that already has a password', async () => {
    const response = await call(
      'POST',
      '/Users/ResendPasswordCreationLink',
      { userId: ids['Admin'] },
      'Technical-Agent',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'This account already has a password: ask the customer to use Forgot password',
    });
  });

  it('throttles links to one user', async () => {
    // Adding the agent sent the first link; two more fit in 15 minutes, the fourth does not.
    const agent = await newAgent();
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push(await call('POST', '/Users/ResendPasswordCreationLink', { userId: agent.id }, 'Admin'));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect((await emailsTo(agent.email)).length).toBe(3);
    // The refusal says when to try again, in words and in Retry-After.
    expect(answers[2]!.json()).toMatchObject({
      message: 'A link was sent a moment ago: try again in 15 minutes',
    });
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(880);
    expect(Number(answers[2]!.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it("says the longer wait once the day's ten links are spent", async () => {
    // Ten links 23 hours ago: the 15-minute limit allows one, the day's does not for another hour.
    const agent = await newAgent();
    const earlier = instant(new Date(Date.now() - 23 * 3_600_000));
    await app.db
      .deleteFrom('sendLog')
      .where('key', '=', `creation-link:${String(agent.id)}`)
      .execute();
    await app.db
      .insertInto('sendLog')
      .values(
        Array.from({ length: 10 }, () => ({ key: `creation-link:${String(agent.id)}`, createdAt: earlier })),
      )
      .execute();
    const refused = await call('POST', '/Users/ResendPasswordCreationLink', { userId: agent.id }, 'Admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'A link was sent a moment ago: try again in 60 minutes',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_580);
  });
});
