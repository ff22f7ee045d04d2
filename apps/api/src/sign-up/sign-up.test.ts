import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, OTP_MAX_ATTEMPTS } from '@sentinel/domain';
import { build } from '../index';
import { turnstileBotChallenge } from './bot-challenge';

let app: FastifyInstance;

beforeAll(async () => {
  app = await build();
});

afterAll(async () => {
  await app.close();
});

let serial = 0;
/** A valid sign-up with its own address and number. */
function signUp(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    Email: `lerato${String(serial)}@example.co.za`,
    FirstName: 'Lerato',
    LastName: 'Mokoena',
    Password: 'Str0ng!pw',
    PhoneCode: '27',
    PhoneNumber: `07${String(20_000_000 + serial)}`,
    IdNumber: '9001015800085',
    IdNumberIsSouthAfrican: true,
    acceptedTermsAndConditionsAndPolicy: true,
    acceptedToAllowInformationToBeUsedToContact: false,
    ...overrides,
  };
}

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

async function smsTo(phoneNumber: string): Promise<string[]> {
  const rows = await app.db
    .selectFrom('outbox')
    .select('body')
    .where('channel', '=', 'sms')
    .where('recipient', '=', `+27${phoneNumber.replace(/^0/, '')}`)
    .orderBy('id')
    .execute();
  return rows.map((row) => /\b(\d{6})\b/.exec(row.body)?.[1] ?? '');
}

async function signedUp(overrides: Record<string, unknown> = {}) {
  const body = signUp(overrides);
  const response = await post('/Auth/SignUp', body);
  expect(response.statusCode).toBe(200);
  const codes = await smsTo(body.PhoneNumber);
  return { body, code: codes.at(-1) ?? '' };
}

const confirm = (body: { PhoneNumber: string }, code: string) =>
  post('/Auth/ConfirmPhone', {
    PhoneCode: '27',
    PhoneNumber: body.PhoneNumber,
    PhoneConfirmationToken: code,
  });

const errorsOf = (response: { json: <T>() => T }) =>
  response.json<{ errors: Record<string, string[]> }>().errors;

describe('POST /Auth/SignUp', () => {
  it('adds an account holder with a password and texts a six-digit code to confirm the phone', async () => {
    const body = signUp();
    const response = await post('/Auth/SignUp', body);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ PhoneNumber: body.PhoneNumber.slice(1), PhoneCode: '27' });
    const [code] = await smsTo(body.PhoneNumber);
    expect(code).toMatch(/^\d{6}$/);
    const user = await app.db
      .selectFrom('users')
      .innerJoin('userRoles', 'userRoles.userId', 'users.id')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .select(['users.id', 'users.passwordHash', 'users.phoneConfirmedAt', 'roles.name'])
      .where('users.email', '=', body.Email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Account-Holder', phoneConfirmedAt: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await app.db
      .selectFrom('phoneConfirmations')
      .select('codeHash')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toContain(code);
  });

  it('checks every field with the domain rules', async () => {
    const response = await post('/Auth/SignUp', {
      ...signUp(),
      Email: 'not-an-address',
      Password: 'weakpass',
      FirstName: ' ',
      PhoneNumber: '12',
      IdNumber: '123',
      acceptedTermsAndConditionsAndPolicy: false,
    });

    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({
      Email: [MESSAGES.email],
      AcceptedTermsAndConditionsAndPolicy: [MESSAGES.termsRequired],
      Password: [MESSAGES.passwordWeak],
      FirstName: [MESSAGES.required],
      PhoneNumber: [MESSAGES.phoneNumber],
      IdNumber: [MESSAGES.idNumber],
    });
  });

  it('refuses an e-mail or a phone already in use as field errors', async () => {
    const { body } = await signedUp();
    const response = await post('/Auth/SignUp', {
      ...signUp(),
      Email: body.Email.toUpperCase(),
      PhoneNumber: body.PhoneNumber,
    });

    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ Email: [MESSAGES.emailInUse], PhoneNumber: [MESSAGES.phoneInUse] });
  });
});

describe('the phone at sign-up', () => {
  async function textsTo(recipient: string): Promise<number> {
    const rows = await app.db
      .selectFrom('outbox')
      .select('id')
      .where('channel', '=', 'sms')
      .where('recipient', 'like', `${recipient}%`)
      .execute();
    return rows.length;
  }

  it.each(['027', '+27', '882', 'ab'])(
    "refuses the country code '%s' at PhoneCode, adds nobody and texts nothing",
    async (PhoneCode) => {
      const body = signUp({ PhoneCode });
      const response = await post('/Auth/SignUp', body);

      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toEqual({ PhoneCode: [MESSAGES.phoneCode] });
      const added = await app.db.selectFrom('users').select('id').where('email', '=', body.Email).execute();
      expect(added).toEqual([]);
      expect(await textsTo(`+${PhoneCode}${body.PhoneNumber.slice(1)}`)).toBe(0);
    },
  );

  it("refuses a South African number under the code '1' at PhoneNumber", async () => {
    const response = await post('/Auth/SignUp', signUp({ PhoneCode: '1' }));

    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ PhoneNumber: [MESSAGES.phoneNumber] });
  });

  it('refuses a number outside SMS_COUNTRIES at PhoneNumber and texts nothing', async () => {
    for (const [PhoneCode, PhoneNumber, recipient] of [
      ['1', '201 555 0123', '+12015550123'],
      ['44', '07400 123456', '+447400123456'],
    ] as const) {
      const response = await post('/Auth/SignUp', signUp({ PhoneCode, PhoneNumber }));
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toEqual({
        PhoneNumber: ['We can only send an OTP to numbers in South Africa'],
      });
      const resend = await post('/Auth/ResendPhoneConfirmation', {
        phoneCode: PhoneCode,
        phoneNumber: PhoneNumber,
      });
      expect(resend.statusCode).toBe(400);
      expect(await textsTo(recipient)).toBe(0);
    }
  });

  it('texts the countries smsCountries lists', async () => {
    const wider = await build({ smsCountries: ['ZA', 'GB'] });
    try {
      const response = await wider.inject({
        method: 'POST',
        url: '/Auth/SignUp',
        payload: signUp({ PhoneCode: '44', PhoneNumber: '07400 123456' }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ PhoneNumber: '7400123456', PhoneCode: '44' });
      const texts = await wider.db
        .selectFrom('outbox')
        .select('recipient')
        .where('channel', '=', 'sms')
        .execute();
      expect(texts).toEqual([{ recipient: '+447400123456' }]);
    } finally {
      await wider.close();
    }
  });

  it('takes one number in every form: a second sign-up with it is refused, and its throttle is shared', async () => {
    const { body, code } = await signedUp();
    const national = body.PhoneNumber.slice(1);
    const international = `+27 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;

    const again = await post('/Auth/SignUp', signUp({ PhoneCode: '', PhoneNumber: international }));
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual({ PhoneNumber: [MESSAGES.phoneInUse] });

    const resend = await post('/Auth/ResendPhoneConfirmation', {
      phoneCode: '27',
      phoneNumber: international,
    });
    expect(resend.statusCode).toBe(429);
    expect(await smsTo(body.PhoneNumber)).toHaveLength(1);

    const confirmed = await post('/Auth/ConfirmPhone', {
      PhoneCode: '27',
      PhoneNumber: international,
      PhoneConfirmationToken: code,
    });
    expect(confirmed.statusCode).toBe(200);
  });
});

describe('POST /Auth/ConfirmPhone', () => {
  it('confirms the phone with the right code, once', async () => {
    const { body, code } = await signedUp();

    const response = await confirm(body, code);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.phoneConfirmed });
    const user = await app.db
      .selectFrom('users')
      .select('phoneConfirmedAt')
      .where('email', '=', body.Email)
      .executeTakeFirstOrThrow();
    expect(user.phoneConfirmedAt).not.toBeNull();
    expect((await confirm(body, code)).statusCode).toBe(400);
  });

  it('refuses a wrong code with the errors object', async () => {
    const { body, code } = await signedUp();
    const wrong = code === '000000' ? '000001' : '000000';

    const response = await confirm(body, wrong);

    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ PhoneConfirmationToken: [MESSAGES.otpInvalid] });
  });

  it('refuses a code that is not six digits without spending a try', async () => {
    const { body } = await signedUp();
    expect(errorsOf(await confirm(body, '12a456'))).toEqual({
      PhoneConfirmationToken: [MESSAGES.otpInvalid],
    });
  });

  it('refuses an expired code', async () => {
    const { body, code } = await signedUp();
    await app.db
      .updateTable('phoneConfirmations')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('usedAt', 'is', null)
      .execute();

    const response = await confirm(body, code);

    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ PhoneConfirmationToken: [MESSAGES.otpExpired] });
  });

  it(`spends the code after ${String(OTP_MAX_ATTEMPTS)} wrong tries, so the right one no longer works`, async () => {
    const { body, code } = await signedUp();
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: string[] = [];
    for (let attempt = 0; attempt < OTP_MAX_ATTEMPTS; attempt += 1) {
      answers.push(errorsOf(await confirm(body, wrong))['PhoneConfirmationToken']?.[0] ?? '');
    }

    expect(answers).toEqual([
      ...Array<string>(OTP_MAX_ATTEMPTS - 1).fill(MESSAGES.otpInvalid),
      MESSAGES.otpTooManyAttempts,
    ]);
    expect((await confirm(body, code)).statusCode).toBe(400);
  });
});

describe('POST /Auth/ResendPhoneConfirmation', () => {
  it('texts a new code that replaces the old one, at most once a minute', async () => {
    const { body, code: first } = await signedUp();
    const resend = () =>
      post('/Auth/ResendPhoneConfirmation', { phoneCode: '27', phoneNumber: body.PhoneNumber });

    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(errorsOf(tooSoon)).toEqual({ PhoneNumber: [MESSAGES.otpResendTooSoon] });

    // A minute later (the send log is moved back rather than the test waiting).
    await app.db
      .updateTable('sendLog')
      .set({ createdAt: new Date(Date.now() - 61_000).toISOString() })
      .where('key', '=', `otp-phone:27${body.PhoneNumber.slice(1)}`)
      .execute();
    const response = await resend();
    expect(response.statusCode).toBe(200);
    const codes = await smsTo(body.PhoneNumber);
    expect(codes).toHaveLength(2);
    const second = codes[1] ?? '';
    if (second !== first) expect((await confirm(body, first)).statusCode).toBe(400);
    expect((await confirm(body, second)).statusCode).toBe(200);
  });

  it('waits as long as otpResendIntervalMs says', async () => {
    const eager = await build({ otpResendIntervalMs: 0 });
    try {
      const body = signUp();
      expect((await eager.inject({ method: 'POST', url: '/Auth/SignUp', payload: body })).statusCode).toBe(
        200,
      );
      const resend = await eager.inject({
        method: 'POST',
        url: '/Auth/ResendPhoneConfirmation',
        payload: { phoneCode: '27', phoneNumber: body.PhoneNumber },
      });
      expect(resend.statusCode).toBe(200);
      const texts = await eager.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').execute();
      expect(texts).toHaveLength(2);
    } finally {
      await eager.close();
    }
  });

  it('answers an unknown number like a known one and texts nothing', async () => {
    const response = await post('/Auth/ResendPhoneConfirmation', {
      phoneCode: '27',
      phoneNumber: '0899999999',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.otpSent });
    expect(await smsTo('0899999999')).toEqual([]);
  });
});

describe('the bot challenge', () => {
  it('is checked on the server when one is configured', async () => {
    const tokens: string[] = [];
    const guarded = await build({
      botChallenge: {
        verify: (token) => {
          tokens.push(token);
          return Promise.resolve(token === 'solved');
        },
      },
    });
    try {
      const refused = await guarded.inject({
        method: 'POST',
        url: '/Auth/SignUp',
        payload: signUp({ turnstileToken: 'forged' }),
      });
      expect(refused.statusCode).toBe(400);
      expect(errorsOf(refused)).toEqual({ TurnstileToken: [MESSAGES.botChallengeFailed] });
      const accepted = await guarded.inject({
        method: 'POST',
        url: '/Auth/SignUp',
        payload: signUp({ turnstileToken: 'solved' }),
      });
      expect(accepted.statusCode).toBe(200);
      expect(tokens).toEqual(['forged', 'solved']);
    } finally {
      await guarded.close();
    }
  });

  it("asks Turnstile's siteverify with the secret, the token and the caller's address", async () => {
    const seen: URLSearchParams[] = [];
    const server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(raw);
        seen.push(form);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ success: form.get('response') === 'good' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const challenge = turnstileBotChallenge({
        secret: 's3cret',
        verifyUrl: `http://127.0.0.1:${String(port)}/`,
      });
      expect(await challenge.verify('good', '10.0.0.1')).toBe(true);
      expect(await challenge.verify('bad', '10.0.0.1')).toBe(false);
      expect(Object.fromEntries(seen[0] ?? [])).toEqual({
        secret: 's3cret',
        response: 'good',
        remoteip: '10.0.0.1',
      });
      expect(
        await turnstileBotChallenge({ secret: 's', verifyUrl: 'http://127.0.0.1:1/' }).verify('good', ''),
      ).toBe(false);
    } finally {
      server.close();
    }
  });
});
