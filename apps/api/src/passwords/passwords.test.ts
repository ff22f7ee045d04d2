import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { MESSAGES } from '@sentinel/domain';
import { build } from '../index';
import { hashPassword } from '../auth/passwords';
import { passwordCreationTokenHash, sendPasswordCreationLink } from '../auth/password-creation';
import type { EmailMessage } from '../providers/messages';
import { insertUser } from '../users/user-queries';
import { RECENT_AUTHENTICATION_MS } from '../auth/recent-sign-in';

let app: FastifyInstance;

beforeAll(async () => {
  app = await build({
    signupUrl: 'https://app.sentinel.example',
    dashboardUrl: 'https://dashboard.sentinel.example/',
  });
});

afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: object, accessToken?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    ...(accessToken === undefined ? {} : { headers: { authorization: `Bearer ${accessToken}` } }),
  });

const errorsOf = (response: { json: <T>() => T }) =>
  response.json<{ errors: Record<string, string[]> }>().errors;

let serial = 0;
/** A user with a password, holding `role`. */
async function userWith(
  role: 'Admin' | 'Technical-Agent' | 'Account-Holder',
  password: string | null = 'Old!pass1',
) {
  serial += 1;
  const email = `person${String(serial)}@example.co.za`;
  const id = await insertUser(
    app.db,
    {
      firstName: 'Naledi',
      lastName: 'Dlamini',
      email,
      phoneCode: '27',
      phoneNumber: `0831${String(100_000 + serial)}`,
      idNumber: null,
      idNumberIsSouthAfrican: true,
    },
    role,
  );
  if (password !== null) {
    await app.db
      .updateTable('users')
      .set({ passwordHash: await hashPassword(password) })
      .where('id', '=', id)
      .execute();
  }
  return { id, email };
}

async function emailsTo(recipient: string) {
  return app.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('channel', '=', 'email')
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
}

/** The e-mails to the address once `count` have come: a reset link is mailed after the answer. */
async function mailedTo(recipient: string, count = 1) {
  return vi.waitFor(
    async () => {
      const mails = await emailsTo(recipient);
      expect(mails.length).toBeGreaterThanOrEqual(count);
      return mails;
    },
    { timeout: 5_000, interval: 20 },
  );
}

const tokenIn = (body: string, path: string) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(body)?.[1] ?? '';

const signIn = (email: string, password: string) => post('/Auth/SignInByEmail', { email, password });

/** The password actions the audit log holds about the user, oldest first. */
async function auditOf(userId: number) {
  const rows = await app.db
    .selectFrom('auditLog')
    .select('action')
    .where('targetType', '=', 'User')
    .where('targetId', '=', String(userId))
    .where('action', 'like', 'Password%')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('POST /Auth/StartPasswordReset', () => {
  it('answers the same for a known and an unknown address, and e-mails only the known one', async () => {
    const { email } = await userWith('Account-Holder');

    const known = await post('/Auth/StartPasswordReset', { Email: email });
    const unknown = await post('/Auth/StartPasswordReset', { Email: 'nobody@example.co.za' });

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const [mail] = await mailedTo(email);
    expect(mail?.body).toContain('https://app.sentinel.example/reset-password?token=');
    expect(await emailsTo('nobody@example.co.za')).toEqual([]);
  });

  it('counts an unknown address against the per-address limit as it does a known one', async () => {
    const { email } = await userWith('Account-Holder');
    await post('/Auth/StartPasswordReset', { Email: email });
    await post('/Auth/StartPasswordReset', { Email: 'nobody.counted@example.co.za' });

    const counted = await app.db
      .selectFrom('sendLog')
      .select('key')
      .where('key', 'in', [`reset-email:${email}`, 'reset-email:nobody.counted@example.co.za'])
      .orderBy('key')
      .execute();
    expect(counted.map((row) => row.key)).toEqual([
      'reset-email:nobody.counted@example.co.za',
      `reset-email:${email}`,
    ]);
  });

  it('answers a known address exactly as an unknown one when the mail server is down', async () => {
    // Nothing listens on port 1: every e-mail to this mail server fails.
    const down = await build({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await insertUser(
        down.db,
        {
          firstName: 'Lindiwe',
          lastName: 'Mokoena',
          email: 'lindiwe@example.co.za',
          phoneCode: '27',
          phoneNumber: '0831999999',
          idNumber: null,
          idNumberIsSouthAfrican: true,
        },
        'Account-Holder',
      );
      const start = (email: string) =>
        down.inject({ method: 'POST', url: '/Auth/StartPasswordReset', payload: { Email: email } });

      const known = await start('lindiwe@example.co.za');
      const unknown = await start('nobody@example.co.za');

      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    } finally {
      await down.close();
    }
  });

  it('answers a known address as soon as an unknown one, without waiting for a slow mail server', async () => {
    const received: EmailMessage[] = [];
    // A mail server that takes half a second to accept each message.
    const slow = await build({
      messageSender: {
        async sendEmail(message) {
          await sleep(500);
          received.push(message);
        },
        sendSms: () => Promise.resolve(),
      },
    });
    try {
      await insertUser(
        slow.db,
        {
          firstName: 'Thandi',
          lastName: 'Nkosi',
          email: 'thandi@example.co.za',
          phoneCode: '27',
          phoneNumber: '0831888888',
          idNumber: null,
          idNumberIsSouthAfrican: true,
        },
        'Account-Holder',
      );
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await slow.inject({
          method: 'POST',
          url: '/Auth/StartPasswordReset',
          payload: { Email: email },
        });
        return { response, ms: performance.now() - started };
      };

      const known = await timed('thandi@example.co.za');
      const unknown = await timed('nobody@example.co.za');

      expect(known.response.statusCode).toBe(200);
      expect(known.response.body).toBe(unknown.response.body);
      expect(known.ms).toBeLessThan(250);
      expect(unknown.ms).toBeLessThan(250);
      // The link still arrives, once the mail server has taken it.
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000, interval: 50 });
      expect(received[0]?.to).toBe('thandi@example.co.za');
      expect(received[0]?.body).toContain('/reset-password?token=');
    } finally {
      await slow.close();
    }
  });

  it("sends staff to the dashboard's reset screen", async () => {
    const { email } = await userWith('Technical-Agent');
    await post('/Auth/StartPasswordReset', { Email: email.toUpperCase() });
    const [mail] = await mailedTo(email);
    expect(mail?.body).toContain('https://dashboard.sentinel.example/reset-password?token=');
  });

  it('requires a valid address', async () => {
    const response = await post('/Auth/StartPasswordReset', { Email: '' });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ Email: [MESSAGES.required] });
  });

  it('sends one link a minute per address, answering the same', async () => {
    const { email } = await userWith('Account-Holder');
    const first = await post('/Auth/StartPasswordReset', { Email: email });
    const second = await post('/Auth/StartPasswordReset', { Email: email });
    expect(second.json()).toEqual(first.json());
    await mailedTo(email);
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('a password reset', () => {
  it('verifies the link, sets the new password, signs out every session and works once', async () => {
    const { email } = await userWith('Technical-Agent');
    const session = (await signIn(email, 'Old!pass1')).json<{ accessToken: string; refreshToken: string }>();
    await post('/Auth/StartPasswordReset', { Email: email });
    const token = tokenIn((await mailedTo(email))[0]?.body ?? '', 'reset-password');

    expect((await post('/Auth/VerifyPasswordReset', { passwordResetToken: token })).statusCode).toBe(200);
    const completed = await post('/Auth/CompletePasswordReset', {
      passwordResetToken: token,
      password: 'New!pass2',
      passwordConfirmation: 'New!pass2',
    });

    expect(completed.statusCode).toBe(200);
    expect((await signIn(email, 'New!pass2')).statusCode).toBe(200);
    expect((await signIn(email, 'Old!pass1')).statusCode).toBe(401);
    expect((await post('/Auth/RefreshTokens', session)).statusCode).toBe(401);
    const again = await post('/Auth/VerifyPasswordReset', { passwordResetToken: token });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual({ PasswordResetToken: [MESSAGES.passwordLinkInvalid] });
  });

  it('refuses an expired link', async () => {
    const { id, email } = await userWith('Account-Holder');
    await post('/Auth/StartPasswordReset', { Email: email });
    const token = tokenIn((await mailedTo(email))[0]?.body ?? '', 'reset-password');
    await app.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', id)
      .execute();

    const response = await post('/Auth/CompletePasswordReset', {
      passwordResetToken: token,
      password: 'New!pass2',
      passwordConfirmation: 'New!pass2',
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ PasswordResetToken: [MESSAGES.passwordLinkInvalid] });
  });

  it('checks the password rules and the confirmation', async () => {
    const response = await post('/Auth/CompletePasswordReset', {
      passwordResetToken: 'whatever',
      password: 'weak',
      passwordConfirmation: 'other',
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({
      Password: [MESSAGES.passwordWeak],
      PasswordConfirmation: [MESSAGES.passwordsDoNotMatch],
    });
  });
});

describe('POST /My/CreatePassword', () => {
  const context = () => ({ db: app.db, messages: app.messages, signupUrl: app.signupUrl });

  it('sets the first password from the e-mailed link, once', async () => {
    const { id, email } = await userWith('Account-Holder', null);
    await sendPasswordCreationLink(context(), id);
    const token = tokenIn((await emailsTo(email)).at(-1)?.body ?? '', 'create-password');

    const created = await post('/My/CreatePassword', { password: 'First!pw1', passwordResetToken: token });

    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ message: MESSAGES.passwordCreated });
    expect((await signIn(email, 'First!pw1')).statusCode).toBe(200);
    const again = await post('/My/CreatePassword', { password: 'Other!pw1', passwordResetToken: token });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual({ PasswordResetToken: [MESSAGES.passwordLinkInvalid] });
  });

  it('refuses an account that already has a password', async () => {
    const { id, email } = await userWith('Admin');
    await app.db
      .insertInto('passwordCreationTokens')
      .values({
        tokenHash: passwordCreationTokenHash('planted'),
        userId: id,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        usedAt: null,
      })
      .execute();

    const response = await post('/My/CreatePassword', {
      password: 'Taken!pw1',
      passwordResetToken: 'planted',
    });

    expect(response.statusCode).toBe(400);
    expect((await signIn(email, 'Old!pass1')).statusCode).toBe(200);
  });

  it('refuses a weak password', async () => {
    const response = await post('/My/CreatePassword', { password: 'short', passwordResetToken: 'x' });
    expect(errorsOf(response)).toEqual({ Password: [MESSAGES.passwordWeak] });
  });
});

describe('POST /My/UpdatePassword', () => {
  it('needs a signed-in user', async () => {
    const response = await post('/My/UpdatePassword', {
      password: 'New!pass2',
      passwordConfirmation: 'New!pass2',
    });
    expect(response.statusCode).toBe(401);
  });

  it("changes the signed-in user's password; the old one is refused afterwards", async () => {
    const { id, email } = await userWith('Technical-Agent');
    const { accessToken } = (await signIn(email, 'Old!pass1')).json<{ accessToken: string }>();

    const mismatch = await post(
      '/My/UpdatePassword',
      { password: 'New!pass2', passwordConfirmation: 'New!pass3' },
      accessToken,
    );
    expect(errorsOf(mismatch)).toEqual({ PasswordConfirmation: [MESSAGES.passwordsDoNotMatch] });
    const changed = await post(
      '/My/UpdatePassword',
      { password: 'New!pass2', passwordConfirmation: 'New!pass2' },
      accessToken,
    );

    expect(changed.statusCode).toBe(200);
    expect((await signIn(email, 'Old!pass1')).statusCode).toBe(401);
    expect((await signIn(email, 'New!pass2')).statusCode).toBe(200);
    expect(await auditOf(id)).toEqual(['PasswordChanged']);
  });

  describe('given a sign-in older than the few minutes a change needs', () => {
    type Pair = { accessToken: string; refreshToken: string };
    const newPassword = { password: 'New!pass2', passwordConfirmation: 'New!pass2' };

    /** Signs in, then moves the sign-in back to just before the window. */
    async function oldSignIn(email: string): Promise<Pair> {
      const pair = (await signIn(email, 'Old!pass1')).json<Pair>();
      const longAgo = new Date(Date.now() - RECENT_AUTHENTICATION_MS - 1_000).toISOString();
      await app.db
        .updateTable('refreshTokens')
        .set({ createdAt: longAgo })
        .where('familyId', '=', String(decodeJwt(pair.accessToken)['sid']))
        .execute();
      return pair;
    }

    async function expectRefused(id: number, email: string, accessToken: string) {
      const refused = await post('/My/UpdatePassword', newPassword, accessToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 403, message: MESSAGES.signInAgainToChangePassword });
      expect((await signIn(email, 'Old!pass1')).statusCode).toBe(200);
      expect(await auditOf(id)).toEqual(['PasswordChangeRefused']);
    }

    it('refuses the change, asking to sign in again, and keeps the password', async () => {
      const { id, email } = await userWith('Account-Holder');
      const { accessToken } = await oldSignIn(email);
      await expectRefused(id, email, accessToken);
    });

    it('refuses a token refreshed since: refreshing is no new sign-in', async () => {
      const { id, email } = await userWith('Technical-Agent');
      const refreshed = await post('/Auth/RefreshTokens', await oldSignIn(email));
      expect(refreshed.statusCode).toBe(200);
      await expectRefused(id, email, refreshed.json<Pair>().accessToken);
    });

    it('refuses a token of no sign-in at all', async () => {
      const { id, email } = await userWith('Admin');
      await expectRefused(id, email, await app.accessTokens.sign({ userId: id, role: 'Admin' }));
    });

    it('changes it after a fresh sign-in', async () => {
      const { email } = await userWith('Account-Holder');
      await oldSignIn(email);
      const { accessToken } = (await signIn(email, 'Old!pass1')).json<Pair>();
      expect((await post('/My/UpdatePassword', newPassword, accessToken)).statusCode).toBe(200);
      expect((await signIn(email, 'New!pass2')).statusCode).toBe(200);
    });
  });
});
