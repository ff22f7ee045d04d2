import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RoleName } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';
import { hashPassword } from '../auth/passwords';
import { instant } from '../db/database';
import { LIFTED_AUTH_LIMITS } from '../plugins/auth-limits';
import { totpCode } from '../second-factors/totp';
import { insertUser } from '../users/user-queries';

const PASSWORD = 'Sessions-test-1';
const ADMIN = DEMO_SIGN_INS.find((user) => user.role === 'Admin')!;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

interface Signed {
  accessToken: string;
  refreshToken: string;
}
interface Session {
  id: string;
  browser: string;
  address: string;
  current: boolean;
}

let app: FastifyInstance;
let serial = 0;

async function agent(role: RoleName = 'Technical-Agent'): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = `sessions-${serial}-${Date.now()}@example.test`;
  const id = await insertUser(
    app.db,
    {
      firstName: 'Session',
      lastName: `Agent ${serial}`,
      email,
      phoneCode: '27',
      phoneNumber: `8300000${String(serial).padStart(2, '0')}`,
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
  return { id, email };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function signIn(email: string, password = PASSWORD, userAgent = CHROME_LINUX): Promise<Signed> {
  const answer = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Signed>();
}

const refresh = (pair: Signed) => app.inject({ method: 'POST', url: '/Auth/RefreshTokens', payload: pair });

/** Makes the session's last second factor older than the step-up limit (300 s here). */
async function ageSecondFactor(signed: Signed): Promise<void> {
  const sessionId = (await call('GET', '/My/Sessions', signed.accessToken))
    .json<Session[]>()
    .find((session) => session.current)!.id;
  await app.db
    .updateTable('signInSessions')
    .set({ secondFactorAt: instant(new Date(Date.now() - 301_000)) })
    .where('familyId', '=', sessionId)
    .execute();
}

/** Sets up an authenticator app for the signed-in user, as the Security screen does; its key. */
async function enrolApp(signed: Signed): Promise<string> {
  const secret = (await call('POST', '/My/SecondFactors/Totp/Enrol', signed.accessToken)).json<{
    secret: string;
  }>().secret;
  const confirmed = await call('POST', '/My/SecondFactors/Totp/Confirm', signed.accessToken, {
    code: totpCode(secret, Date.now()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return secret;
}

beforeAll(async () => {
  // MFA off: staff choose a factor, and step-up applies to those who did.
  app = await build({
    seed: true,
    authLimits: LIFTED_AUTH_LIMITS,
    secondFactors: { mfaRequired: false, staffIdleTimeoutSeconds: 600 },
  });
});
afterAll(async () => {
  await app.close();
});

describe('Your sessions', () => {
  it('lists the sessions with browser and address, marks this one, ends one and the others', async () => {
    const { email } = await agent();
    const laptop = await signIn(email, PASSWORD, CHROME_LINUX);
    const desktop = await signIn(email, PASSWORD, FIREFOX_WINDOWS);
    const phone = await signIn(email, PASSWORD, 'curl/8');

    const listed = (await call('GET', '/My/Sessions', laptop.accessToken)).json<Session[]>();
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current).map((session) => session.browser)).toEqual([
      'Chrome on Linux',
    ]);
    expect(listed.map((session) => session.browser).sort()).toEqual([
      'Chrome on Linux',
      'Firefox on Windows',
      'Unknown browser',
    ]);
    expect(listed[0]!.address).toBe('127.0.0.1');

    const firefox = listed.find((session) => session.browser === 'Firefox on Windows')!;
    expect((await call('DELETE', `/My/Sessions/${firefox.id}`, laptop.accessToken)).statusCode).toBe(204);
    // Ended at once: its access token and its refresh token stop working.
    expect((await call('GET', '/My/Sessions', desktop.accessToken)).statusCode).toBe(401);
    expect((await refresh(desktop)).statusCode).toBe(401);

    expect((await call('POST', '/My/Sessions/EndOthers', laptop.accessToken)).statusCode).toBe(204);
    expect((await call('GET', '/My/Sessions', phone.accessToken)).statusCode).toBe(401);
    const left = (await call('GET', '/My/Sessions', laptop.accessToken)).json<Session[]>();
    expect(left.map((session) => session.current)).toEqual([true]);
  });

  it('refuses a staff session unused for longer than the idle timeout at its refresh', async () => {
    const { email } = await agent();
    const idle = await signIn(email);
    const busy = await signIn(email);
    const longAgo = instant(new Date(Date.now() - 601_000));
    const sessions = (await call('GET', '/My/Sessions', idle.accessToken)).json<Session[]>();
    const idleId = sessions.find((session) => session.current)!.id;
    await app.db
      .updateTable('signInSessions')
      .set({ lastUsedAt: longAgo })
      .where('familyId', '=', idleId)
      .execute();

    expect((await refresh(idle)).statusCode).toBe(401);
    expect((await refresh(busy)).statusCode).toBe(200);
    // Counted as ended: it leaves the list.
    const listed = (await call('GET', '/My/Sessions', busy.accessToken)).json<Session[]>();
    expect(listed.map((session) => session.id)).not.toContain(idleId);
  });
});

describe('step-up', () => {
  it('asks a staff member with a factor for it again once the last one is older than the limit', async () => {
    const target = await agent();
    const { email } = await agent();
    const signed = await signIn(email);
    const secret = await enrolApp(signed);

    // Within the limit the confirmation counts; past it the change is refused until they step up.
    const change = () =>
      call('PUT', `/Users/${target.id}`, signed.accessToken, {
        email: target.email,
        phoneNumber: '0831112222',
      });
    expect((await change()).statusCode).toBe(200);
    await ageSecondFactor(signed);
    const refused = await call('PUT', `/Users/${target.id}`, signed.accessToken, {
      email: target.email,
      phoneNumber: '0831113333',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: 'step-up-required',
      factors: ['Totp', 'RecoveryCode'],
      message: 'Confirm it is you with your second factor.',
    });

    const wrong = await call('POST', '/My/StepUp/Totp', signed.accessToken, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const stepUp = await call('POST', '/My/StepUp/Totp', signed.accessToken, {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(204);
    expect(
      (
        await call('PUT', `/Users/${target.id}`, signed.accessToken, {
          email: target.email,
          phoneNumber: '0831113333',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('asks for it again before a grant of rights: a new staff member, a company link and an unlink', async () => {
    const holder = await agent('Company-Admin');
    const { email } = await agent();
    const signed = await signIn(email);
    const secret = await enrolApp(signed);
    await ageSecondFactor(signed);
    const companyId = (
      await call('POST', '/Companies', signed.accessToken, { name: `Step-up ${Date.now()}` })
    ).json<{ id: number }>().id;
    const newAgent = {
      FirstName: 'Granted',
      LastName: 'Agent',
      Email: `granted-${Date.now()}@example.test`,
      PhoneNumber: '831234567',
      RoleName: 'Technical-Agent',
    };
    const grants = [
      () => call('POST', '/Users', signed.accessToken, newAgent),
      () =>
        call('POST', `/Companies/${companyId}/AddCompanyUser`, signed.accessToken, {
          userId: holder.id,
          role: 'Company-Admin',
        }),
      () => call('DELETE', `/Companies/${companyId}/CompanyUsers/${holder.id}`, signed.accessToken),
    ];
    // Input that is wrong is refused as before, without a prompt; a valid grant asks for the factor.
    const invalid = await call('POST', '/Users', signed.accessToken, {
      ...newAgent,
      Email: 'not an address',
    });
    expect(invalid.statusCode).toBe(400);
    for (const grant of grants) {
      const refused = await grant();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ type: 'step-up-required' });
    }
    const linked = await app.db
      .selectFrom('companyUsers')
      .selectAll()
      .where('userId', '=', holder.id)
      .execute();
    expect(linked).toEqual([]);

    const stepUp = await call('POST', '/My/StepUp/Totp', signed.accessToken, {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(204);
    for (const grant of grants) {
      const done = await grant();
      expect(done.statusCode, done.body).toBe(200);
    }
  });

  it("asks for it again before what may lower a vehicle's protection: Disarm, a schedule changed or removed", async () => {
    const { email } = await agent();
    const signed = await signIn(email);
    const secret = await enrolApp(signed);
    await ageSecondFactor(signed);
    const { id: vehicleId } = await app.db
      .selectFrom('vehicles')
      .innerJoin('devices', 'devices.vehicleId', 'vehicles.id')
      .select('vehicles.id')
      .where('vehicles.armedSince', 'is', null)
      .orderBy('vehicles.id', 'desc')
      .executeTakeFirstOrThrow();
    const schedule = { days: ['Sat'], from: '22:00', to: '05:00' };

    // Arming protects: it never waits for the factor.
    expect((await call('PUT', `/Vehicles/${vehicleId}/Arm`, signed.accessToken)).statusCode).toBe(200);
    // A wrong schedule is answered at its fields, without a prompt.
    const invalid = await call('PUT', `/Vehicles/${vehicleId}/ArmingSchedule`, signed.accessToken, {
      ...schedule,
      days: [],
    });
    expect(invalid.statusCode).toBe(400);
    const lowering = [
      () => call('PUT', `/Vehicles/${vehicleId}/ArmingSchedule`, signed.accessToken, schedule),
      () => call('DELETE', `/Vehicles/${vehicleId}/ArmingSchedule`, signed.accessToken),
      () => call('PUT', `/Vehicles/${vehicleId}/Disarm`, signed.accessToken),
    ];
    for (const change of lowering) {
      const refused = await change();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ type: 'step-up-required' });
    }
    const stored = await app.db
      .selectFrom('vehicles')
      .select(['armedSince', 'armingSchedule'])
      .where('id', '=', vehicleId)
      .executeTakeFirstOrThrow();
    expect(stored.armedSince).not.toBeNull();
    expect(stored.armingSchedule).toBeNull();

    const stepUp = await call('POST', '/My/StepUp/Totp', signed.accessToken, {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(204);
    for (const change of lowering) {
      const done = await change();
      expect(done.statusCode, done.body).toBe(200);
    }
  });
});

describe("an Admin's reset of a user's factors", () => {
  it('removes every factor, ends the sessions, audits and e-mails the user', async () => {
    const { id, email } = await agent();
    const signed = await signIn(email);
    await enrolApp(signed);

    const admin = await signIn(ADMIN.email, ADMIN.password);
    const sessions = (await call('GET', `/Users/${id}/Sessions`, admin.accessToken)).json<Session[]>();
    expect(sessions).toHaveLength(1);

    const reset = await call('POST', `/Users/${id}/ResetSecondFactors`, admin.accessToken);
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await call('GET', '/My/Sessions', signed.accessToken)).statusCode).toBe(401);
    expect((await call('GET', `/Users/${id}/Sessions`, admin.accessToken)).json()).toEqual([]);
    const factors = await app.db.selectFrom('recoveryCodes').select('id').where('userId', '=', id).execute();
    expect(factors).toEqual([]);
    // With MFA off and no factor left, the password signs them in again.
    expect((await signIn(email)).accessToken).toEqual(expect.any(String));

    const mail = await app.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Sentinel sign-in factors were reset');
    expect(mail.body).toContain('Your sign-in factors were reset by an administrator');
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'userEmail'])
      .where('action', '=', 'SecondFactorsReset')
      .where('targetId', '=', String(id))
      .execute();
    expect(audit).toEqual([{ action: 'SecondFactorsReset', userEmail: ADMIN.email }]);
  });

  it('ends every session of a user when an Admin asks', async () => {
    const { id, email } = await agent();
    const signed = await signIn(email);
    const admin = await signIn(ADMIN.email, ADMIN.password);
    expect((await call('POST', `/Users/${id}/EndSessions`, admin.accessToken)).statusCode).toBe(204);
    expect((await refresh(signed)).statusCode).toBe(401);
  });
});
