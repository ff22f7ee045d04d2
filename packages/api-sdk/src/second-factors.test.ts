// Second factors, step-up and sessions against a real api of the file's own (MFA_REQUIRED off, so a
// staff member's second factor is the one they set up themselves), every answer checked against
// the contract. Authenticator codes are computed from the key as an app would (otplib).
import { demoSignIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import type { AuthorisedUser, VehicleListFields } from '@sentinel/domain';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSecondFactorChallenge } from './auth';
import { createApiClient } from './client';
import type { ApiClient, ApiClientOptions } from './client';
import { isApiError } from './errors/api-error';
import { isSecondFactorRequiredError } from './errors/second-factor-required-error';
import { isStepUpRequiredError } from './errors/step-up-required-error';
import { ne } from './odata';

let api: RunningApi;
const agent = demoSignIn('Technical-Agent');
const admin = demoSignIn('Admin');

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api.close();
});

/** The authenticator app's code for the 30-second step `steps` away from now (the api takes ±1). */
const codeAt = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

function anonymous(): ApiClient {
  return createApiClient({
    baseUrl: api.url,
    session: { get: () => null, set() {}, clear() {} },
    validateAnswers: true,
  });
}

/** A client holding this sign-in, with the options given (e.g. onStepUp). */
function clientOf(signedIn: AuthorisedUser, options: Partial<ApiClientOptions> = {}): ApiClient {
  let user: AuthorisedUser | null = signedIn;
  return createApiClient({
    baseUrl: api.url,
    session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
    validateAnswers: true,
    ...options,
  });
}

async function passwordSignIn(who: { email: string; password: string }): Promise<AuthorisedUser> {
  const answer = await anonymous().auth.signIn(who);
  if (isSecondFactorChallenge(answer)) throw new Error('expected a sign-in without a second factor');
  return answer;
}

async function installedVehicleId(client: ApiClient): Promise<number> {
  const page = await client.vehicles.list({ filter: ne<VehicleListFields>('deviceId', null), pageSize: 50 });
  const vehicle = page.items.find((item) => item.deviceActive === true);
  if (!vehicle) throw new Error('no installed demo vehicle');
  return vehicle.id;
}

describe('a staff member who sets up an authenticator app', () => {
  let secret: string;
  let recoveryCodes: string[];
  /** A sign-in from before the app was set up: its session never gave a second factor. */
  let earlier: AuthorisedUser;

  beforeAll(async () => {
    earlier = await passwordSignIn(agent);
    const own = clientOf(await passwordSignIn(agent));
    const enrolment = await own.secondFactor.enrolMyTotp();
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    secret = enrolment.secret;
    ({ recoveryCodes } = await own.secondFactor.confirmMyTotp(codeAt(secret, -1)));
  });

  it('gets 10 recovery codes and lists the app among their factors', async () => {
    expect(recoveryCodes).toHaveLength(10);
    const factors = await clientOf(earlier).secondFactor.mine();
    expect(factors).toEqual({ totp: true, passkeys: [], recoveryCodesLeft: 10 });
  });

  it('is asked for the second factor after the password: signIn answers the challenge, signInByEmail throws it', async () => {
    const answer = await anonymous().auth.signIn(agent);
    expect(answer).toMatchObject({
      secondFactorRequired: true,
      enrolmentRequired: false,
      userRole: 'Technical-Agent',
    });
    expect(isSecondFactorChallenge(answer) && answer.factors).toEqual(
      expect.arrayContaining(['Totp', 'RecoveryCode']),
    );

    const thrown = await anonymous()
      .auth.signInByEmail(agent)
      .catch((error: unknown) => error);
    expect(isSecondFactorRequiredError(thrown) && thrown.challenge.challengeToken).toEqual(
      expect.any(String),
    );
  });

  it('signs in with the code, and a wrong code is refused with the server words', async () => {
    const client = anonymous();
    const challenge = await client.auth.signIn(agent);
    if (!isSecondFactorChallenge(challenge)) throw new Error('expected a challenge');

    const wrong = await client.secondFactor
      .totp({
        challengeToken: challenge.challengeToken,
        code: '000000' === codeAt(secret) ? '111111' : '000000',
      })
      .catch((error: unknown) => error);
    expect(isApiError(wrong) && wrong.status).toBe(400);

    const signedIn = await client.secondFactor.totp({
      challengeToken: challenge.challengeToken,
      code: codeAt(secret),
    });
    expect(signedIn).toMatchObject({ userRole: 'Technical-Agent', accessToken: expect.any(String) });
  });

  it('signs in with a recovery code once; the same code is refused the second time', async () => {
    const client = anonymous();
    const code = recoveryCodes[0]!;
    const first = await client.auth.signIn(agent);
    if (!isSecondFactorChallenge(first)) throw new Error('expected a challenge');
    await expect(
      client.secondFactor.recoveryCode({ challengeToken: first.challengeToken, code }),
    ).resolves.toMatchObject({
      userRole: 'Technical-Agent',
    });

    const second = await client.auth.signIn(agent);
    if (!isSecondFactorChallenge(second)) throw new Error('expected a challenge');
    const refused = await client.secondFactor
      .recoveryCode({ challengeToken: second.challengeToken, code })
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(400);
  });

  it('turns a step-up refusal into StepUpRequiredError with the factors when no prompt is set', async () => {
    const client = clientOf(earlier);
    const vehicleId = await installedVehicleId(client);

    const refused = await client.vehicles
      .lock(vehicleId, { reason: 'Test' })
      .catch((error: unknown) => error);

    expect(isStepUpRequiredError(refused)).toBe(true);
    expect(isStepUpRequiredError(refused) && refused.status).toBe(403);
    expect(isStepUpRequiredError(refused) && refused.factors).toEqual(
      expect.arrayContaining(['Totp', 'RecoveryCode']),
    );
    expect(isStepUpRequiredError(refused) && refused.message).toBe(
      'Confirm it is you with your second factor.',
    );
  });

  it('throws the refusal when the prompt is cancelled (onStepUp resolves false)', async () => {
    const asked: unknown[] = [];
    const client = clientOf(earlier, {
      onStepUp: (factors) => {
        asked.push(factors);
        return Promise.resolve(false);
      },
    });
    const vehicleId = await installedVehicleId(client);

    const refused = await client.vehicles
      .lock(vehicleId, { reason: 'Test' })
      .catch((error: unknown) => error);

    expect(isStepUpRequiredError(refused)).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('resumes the refused call once the prompt confirms, asking once for calls refused together', async () => {
    let prompts = 0;
    const client: ApiClient = clientOf(earlier, {
      onStepUp: async (factors) => {
        prompts += 1;
        expect(factors).toContain('Totp');
        await client.secondFactor.stepUpTotp(codeAt(secret, 1));
        return true;
      },
    });
    const vehicleId = await installedVehicleId(client);

    const [locked, unlocked] = await Promise.all([
      client.vehicles.lock(vehicleId, { reason: 'Test' }),
      client.vehicles.unlock(vehicleId),
    ]);

    expect(locked.command).toMatchObject({ type: 'Lock', lockReason: 'Test' });
    expect(unlocked.command).toMatchObject({ type: 'Unlock' });
    expect(prompts).toBe(1);
    // Confirmed a moment ago: the next privileged call goes through without a prompt.
    await client.vehicles.lock(vehicleId, { reason: 'Test' });
    expect(prompts).toBe(1);
  });
});

describe('sessions', () => {
  it("lists the user's own sessions with this one marked, ends one, then every other", async () => {
    const holder = { email: admin.email, password: admin.password };
    const [first, second] = [await passwordSignIn(holder), await passwordSignIn(holder)];
    const client = clientOf(await passwordSignIn(holder));

    const sessions = await client.sessions.mySessions();
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    expect(sessions[0]).toMatchObject({ browser: expect.any(String), address: expect.any(String) });

    const other = sessions.find((session) => !session.current)!;
    await client.sessions.endSession(other.id);
    expect((await client.sessions.mySessions()).map((session) => session.id)).not.toContain(other.id);

    await client.sessions.endOtherSessions();
    expect(await client.sessions.mySessions()).toEqual([expect.objectContaining({ current: true })]);
    // The ended sign-ins cannot be refreshed any more.
    for (const ended of [first, second]) {
      const refused = await anonymous()
        .auth.refreshTokens({ accessToken: ended.accessToken, refreshToken: ended.refreshToken })
        .catch((error: unknown) => error);
      expect(isApiError(refused) && refused.status).toBe(401);
    }
  });

  it("lets an Admin see and end a staff user's sessions, and reset their second factors", async () => {
    const manager = demoSignIn('Company-Admin');
    const theirs = await passwordSignIn(manager);
    const own = clientOf(theirs);
    const { secret } = await own.secondFactor.enrolMyTotp();
    await own.secondFactor.confirmMyTotp(codeAt(secret, -1));
    const adminClient = clientOf(await passwordSignIn(admin));
    const userId = theirs.userId;

    expect((await adminClient.sessions.userSessions(userId)).length).toBeGreaterThanOrEqual(1);
    await adminClient.sessions.endUserSessions(userId);
    expect(await adminClient.sessions.userSessions(userId)).toEqual([]);

    await adminClient.secondFactor.resetUserSecondFactors(userId);
    // No factor left and none required: the password alone signs them in again.
    expect(isSecondFactorChallenge(await anonymous().auth.signIn(manager))).toBe(false);
  });
});
