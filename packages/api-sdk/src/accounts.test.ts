import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import type { AuthorisedUser } from '@sentinel/domain';

let api: RunningApi;
let baseUrl: string;
let anonymous: ApiClient;

// One real api per file; codes and links are read from its outbox, as a person reads their phone.
beforeAll(async () => {
  api = await startApi({ seed: false });
  baseUrl = api.url;
  anonymous = createApiClient({
    baseUrl,
    session: { get: () => null, set() {}, clear() {} },
    validateAnswers: true,
  });
});

afterAll(async () => {
  await api.close();
});

async function lastMessageTo(recipient: string): Promise<string> {
  const [newest] = await api.outbox(recipient);
  if (!newest) throw new Error(`No message to ${recipient}.`);
  return newest.body;
}

const SIGN_UP = {
  Email: 'ayanda.zulu@example.co.za',
  FirstName: 'Ayanda',
  LastName: 'Zulu',
  Password: 'Str0ng!pw',
  PhoneNumber: '0764441234',
  IdNumber: '9202205800087',
  IdNumberIsSouthAfrican: true,
  acceptedTermsAndConditionsAndPolicy: true,
  acceptedToAllowInformationToBeUsedToContact: true,
};

describe('sign-up and phone confirmation', () => {
  it('signs up, confirms the texted code and signs in', async () => {
    const verification = await anonymous.auth.signUp(SIGN_UP);
    expect(verification).toEqual({ PhoneNumber: '764441234', PhoneCode: '27' });
    const code = /\b(\d{6})\b/.exec(await lastMessageTo('+27764441234'))?.[1] ?? '';

    const confirmed = await anonymous.auth.confirmPhone({ ...verification, PhoneConfirmationToken: code });

    expect(typeof confirmed.message).toBe('string');
    const user = await anonymous.auth.signInByEmail({ email: SIGN_UP.Email, password: SIGN_UP.Password });
    expect(user.userRole).toBe('Account-Holder');
  });

  it('throws ApiError with the field errors of a refused sign-up', async () => {
    const error: unknown = await anonymous.auth.signUp(SIGN_UP).catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    if (!isApiError(error)) return;
    expect(error.status).toBe(400);
    expect(error.body?.errors).toMatchObject({
      Email: [expect.any(String)],
      PhoneNumber: [expect.any(String)],
    });
  });
});

describe('password reset and update', () => {
  it('resets a forgotten password by the e-mailed link, then changes it while signed in', async () => {
    await anonymous.auth.startPasswordReset({ Email: SIGN_UP.Email });
    // The link is mailed after the answer: wait for it as a person waits for the e-mail.
    const token = await vi.waitFor(async () => {
      const found = /reset-password\?token=([\w-]+)/.exec(await lastMessageTo(SIGN_UP.Email))?.[1];
      expect(found).toBeDefined();
      return found ?? '';
    });
    await anonymous.auth.verifyPasswordReset({ passwordResetToken: token });
    await anonymous.auth.completePasswordReset({
      passwordResetToken: token,
      password: 'Reset!pw2',
      passwordConfirmation: 'Reset!pw2',
    });

    let user: AuthorisedUser | null = await anonymous.auth.signInByEmail({
      email: SIGN_UP.Email,
      password: 'Reset!pw2',
    });
    const signedIn = createApiClient({
      baseUrl,
      session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
      validateAnswers: true,
    });
    await signedIn.my.updatePassword({ password: 'Change!pw3', passwordConfirmation: 'Change!pw3' });

    const refused: unknown = await anonymous.auth
      .signInByEmail({ email: SIGN_UP.Email, password: 'Reset!pw2' })
      .catch((caught: unknown) => caught);
    expect(isApiError(refused) && refused.status).toBe(401);
    await expect(
      anonymous.auth.signInByEmail({ email: SIGN_UP.Email, password: 'Change!pw3' }),
    ).resolves.toMatchObject({
      userRole: 'Account-Holder',
    });
  });

  it('throws ApiError for a spent creation token', async () => {
    const error: unknown = await anonymous.auth
      .createPassword({ password: 'Str0ng!pw', passwordResetToken: 'not-a-token' })
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.body?.errors).toEqual({ PasswordResetToken: [expect.any(String)] });
  });
});
