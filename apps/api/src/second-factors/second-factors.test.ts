import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, DEMO_SIGN_INS } from '../index';
import { hashPassword } from '../auth/passwords';
import { LIFTED_AUTH_LIMITS } from '../plugins/auth-limits';
import { insertUser } from '../users/user-queries';
import type { RoleName } from '@sentinel/domain';
import { SoftwareAuthenticator } from './software-authenticator';
import { totpCode } from './totp';

const PASSWORD = 'Second-factor-test-1';
const ORIGIN = 'https://dashboard.example.test';
const RP_ID = 'dashboard.example.test';
const HOLDER = DEMO_SIGN_INS.find((user) => user.role === 'Account-Holder')!;

interface Challenge {
  secondFactorRequired: true;
  challengeToken: string;
  factors: string[];
  enrolmentRequired: boolean;
}
interface Signed {
  accessToken: string;
  refreshToken: string;
  userRole: string;
  recoveryCodes?: string[];
}

let serial = 0;
async function staffUser(app: FastifyInstance, role: RoleName = 'Technical-Agent'): Promise<string> {
  serial += 1;
  const email = `factor-${serial}-${Date.now()}@example.test`;
  const id = await insertUser(
    app.db,
    {
      firstName: 'Factor',
      lastName: `Tester ${serial}`,
      email,
      phoneCode: '27',
      phoneNumber: `8200000${String(serial).padStart(2, '0')}`,
      idNumber: null,
      idNumberIsSouthAfrican: true,
    },
    role,
  );
  await app.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', id)
    .execute();
  return email;
}

const post = (app: FastifyInstance, url: string, payload: object, accessToken?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    ...(accessToken === undefined ? {} : { headers: { authorization: `Bearer ${accessToken}` } }),
  });

const signIn = (app: FastifyInstance, email: string, password = PASSWORD) =>
  post(app, '/Auth/SignInByEmail', { email, password });

/** Signs a new staff member in with MFA_REQUIRED: enrols an authenticator app at sign-in. */
async function enrolTotp(app: FastifyInstance, email: string) {
  const challenge = (await signIn(app, email)).json<Challenge>();
  const enrolment = (
    await post(app, '/Auth/SecondFactor/Totp/Enrol', { challengeToken: challenge.challengeToken })
  ).json<{
    secret: string;
    otpauthUri: string;
  }>();
  const confirmed = await post(app, '/Auth/SecondFactor/Totp/Confirm', {
    challengeToken: challenge.challengeToken,
    code: totpCode(enrolment.secret, Date.now()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: enrolment.secret, otpauthUri: enrolment.otpauthUri, signed: confirmed.json<Signed>() };
}

describe('with MFA_REQUIRED on', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await build({
      seed: true,
      authLimits: LIFTED_AUTH_LIMITS,
      secondFactors: { mfaRequired: true, origin: ORIGIN, rpId: RP_ID },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives staff without a factor a challenge to enrol, never a token, however the password is right', async () => {
    const email = await staffUser(app);
    const answer = await signIn(app, email);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<Challenge & { accessToken?: string }>();
    expect(body).toMatchObject({ secondFactorRequired: true, factors: [], enrolmentRequired: true });
    expect(body.accessToken).toBeUndefined();
  });

  it('signs an account holder in with the password alone', async () => {
    const answer = (await signIn(app, HOLDER.email, HOLDER.password)).json<Signed>();
    expect(answer.accessToken).toEqual(expect.any(String));
  });

  it('enrols an authenticator app at sign-in, returns 10 recovery codes, and signs in with a code next time', async () => {
    const email = await staffUser(app);
    const { secret, otpauthUri, signed } = await enrolTotp(app, email);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Sentinel:/);
    expect(signed.accessToken).toEqual(expect.any(String));
    expect(signed.recoveryCodes).toHaveLength(10);
    expect(new Set(signed.recoveryCodes).size).toBe(10);

    const challenge = (await signIn(app, email)).json<Challenge>();
    expect(challenge).toMatchObject({ factors: ['Totp', 'RecoveryCode'], enrolmentRequired: false });
    // Enrolling again through a sign-in is refused: the password alone cannot add a factor.
    const again = await post(app, '/Auth/SecondFactor/Totp/Enrol', {
      challengeToken: challenge.challengeToken,
    });
    expect(again.statusCode).toBe(400);

    // The code of the enrolment's own step was used: the next step's code signs in.
    const code = totpCode(secret, Date.now() + 30_000);
    const done = await post(app, '/Auth/SecondFactor/Totp', {
      challengeToken: challenge.challengeToken,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Signed>().recoveryCodes).toBeUndefined();

    // A code used once is refused inside its window, and a spent challenge signs no one in.
    const next = (await signIn(app, email)).json<Challenge>();
    const reused = await post(app, '/Auth/SecondFactor/Totp', { challengeToken: next.challengeToken, code });
    expect(reused.statusCode).toBe(400);
    const spent = await post(app, '/Auth/SecondFactor/Totp', {
      challengeToken: challenge.challengeToken,
      code,
    });
    expect(spent.statusCode).toBe(401);
  });

  it('after 5 wrong codes refuses that account’s codes with 429, while another account and the password still work', async () => {
    const victim = await staffUser(app);
    const other = await staffUser(app);
    const { secret } = await enrolTotp(app, victim);
    const { secret: otherSecret } = await enrolTotp(app, other);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Each from a fresh sign-in and address: the count is the account's, not the address's.
      const challenge = (await signIn(app, victim)).json<Challenge>();
      const wrong = await app.inject({
        method: 'POST',
        url: '/Auth/SecondFactor/Totp',
        payload: { challengeToken: challenge.challengeToken, code: '000000' },
        remoteAddress: `10.0.0.${attempt + 1}`,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const challenge = (await signIn(app, victim)).json<Challenge>();
    expect(challenge.secondFactorRequired).toBe(true);
    const limited = await post(app, '/Auth/SecondFactor/Totp', {
      challengeToken: challenge.challengeToken,
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const otherChallenge = (await signIn(app, other)).json<Challenge>();
    const fine = await post(app, '/Auth/SecondFactor/Totp', {
      challengeToken: otherChallenge.challengeToken,
      code: totpCode(otherSecret, Date.now() + 30_000),
    });
    expect(fine.statusCode).toBe(200);

    const audit = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'SecondFactorFailed')
      .where('userEmail', '=', victim)
      .execute();
    expect(audit).toHaveLength(5);
  });

  it('takes a recovery code once', async () => {
    const email = await staffUser(app);
    const { signed } = await enrolTotp(app, email);
    const code = signed.recoveryCodes![3]!.toLowerCase();
    const first = (await signIn(app, email)).json<Challenge>();
    const used = await post(app, '/Auth/SecondFactor/RecoveryCode', {
      challengeToken: first.challengeToken,
      code,
    });
    expect(used.statusCode, used.body).toBe(200);
    const second = (await signIn(app, email)).json<Challenge>();
    const again = await post(app, '/Auth/SecondFactor/RecoveryCode', {
      challengeToken: second.challengeToken,
      code,
    });
    expect(again.statusCode).toBe(400);
  });

  it('enrols a passkey at sign-in, signs in with it, and refuses an assertion made for another origin', async () => {
    const email = await staffUser(app, 'Admin');
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const challenge = (await signIn(app, email)).json<Challenge>();
    const creation = (
      await post(app, '/Auth/SecondFactor/Passkey/RegistrationOptions', {
        challengeToken: challenge.challengeToken,
      })
    ).json<{ challenge: string; rp: { id: string } }>();
    expect(creation.rp.id).toBe(RP_ID);
    const registered = await post(app, '/Auth/SecondFactor/Passkey/Register', {
      challengeToken: challenge.challengeToken,
      credential: authenticator.register(creation),
      name: 'Laptop',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json<Signed>().recoveryCodes).toHaveLength(10);

    const next = (await signIn(app, email)).json<Challenge>();
    expect(next.factors).toEqual(['Passkey', 'RecoveryCode']);
    const options = (
      await post(app, '/Auth/SecondFactor/Passkey/Options', { challengeToken: next.challengeToken })
    ).json<{ challenge: string }>();
    const elsewhere = await post(app, '/Auth/SecondFactor/Passkey', {
      challengeToken: next.challengeToken,
      credential: authenticator.authenticate(options, 'https://evil.example.test'),
    });
    expect(elsewhere.statusCode).toBe(400);
    const passkey = await post(app, '/Auth/SecondFactor/Passkey', {
      challengeToken: next.challengeToken,
      credential: authenticator.authenticate(options),
    });
    expect(passkey.statusCode, passkey.body).toBe(200);

    const mine = await app.inject({
      method: 'GET',
      url: '/My/SecondFactors',
      headers: { authorization: `Bearer ${passkey.json<Signed>().accessToken}` },
    });
    expect(mine.json()).toMatchObject({
      totp: false,
      passkeys: [{ id: authenticator.id, name: 'Laptop', lastUsedDateTime: expect.any(String) }],
      recoveryCodesLeft: 10,
    });
  });
});

describe('with MFA_REQUIRED off', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await build({ seed: true, authLimits: LIFTED_AUTH_LIMITS, secondFactors: { mfaRequired: false } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('signs staff without a factor in with the password, and asks one who enrolled for it', async () => {
    const email = await staffUser(app);
    const signed = (await signIn(app, email)).json<Signed>();
    expect(signed.accessToken).toEqual(expect.any(String));

    const enrolment = (await post(app, '/My/SecondFactors/Totp/Enrol', {}, signed.accessToken)).json<{
      secret: string;
    }>();
    const confirmed = await post(
      app,
      '/My/SecondFactors/Totp/Confirm',
      { code: totpCode(enrolment.secret, Date.now()) },
      signed.accessToken,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);

    const next = (await signIn(app, email)).json<Challenge>();
    expect(next).toMatchObject({
      secondFactorRequired: true,
      factors: ['Totp', 'RecoveryCode'],
      enrolmentRequired: false,
    });
  });
});
