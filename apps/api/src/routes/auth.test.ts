import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { MESSAGES } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';

let app: FastifyInstance;

beforeAll(async () => {
  app = await build({ seed: true });
});

afterAll(async () => {
  await app.close();
});

function signIn(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('POST /Auth/SignInByEmail', () => {
  describe.each(DEMO_SIGN_INS)('given the demo $role $email', ({ role, email, password }) => {
    it('answers 200 with the role, the user id and both tokens', async () => {
      const response = await signIn({ email, password });

      expect(response.statusCode).toBe(200);
      const body = response.json<{
        userRole: string;
        accessToken: string;
        refreshToken: string;
        userId: number;
      }>();
      expect(body.userRole).toBe(role);
      expect(Number.isInteger(body.userId)).toBe(true);
      expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const claims = decodeJwt(body.accessToken);
      expect(claims).toMatchObject({ sub: String(body.userId), role });
      expect(claims.exp! - claims.iat!).toBe(900);
    });
  });

  it('issues a different access token for each sign-in, even within one second', async () => {
    const credentials = { email: 'admin@sentinel.demo', password: 'Sentinel#Admin1' };
    const [first, second] = await Promise.all([signIn(credentials), signIn(credentials)]);

    const tokens = [first, second].map((response) => response.json<{ accessToken: string }>().accessToken);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(decodeJwt(tokens[0]!).jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds the user whatever the case of the address and around spaces', async () => {
    const response = await signIn({ email: '  Admin@Sentinel.DEMO ', password: 'Sentinel#Admin1' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userRole: 'Admin' });
  });

  it('binds body keys case-insensitively, as ASP.NET does', async () => {
    const response = await signIn({ EMAIL: 'agent@sentinel.demo', Password: 'Sentinel#Agent1' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userRole: 'Technical-Agent' });
  });

  describe('given a wrong password', () => {
    it('answers 401 with the message the dashboard shows', async () => {
      const response = await signIn({ email: 'admin@sentinel.demo', password: 'Sentinel#Admin2' });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: 'Invalid email and password',
      });
    });
  });

  describe('given an address nobody has', () => {
    it('answers exactly as for a wrong password', async () => {
      const response = await signIn({ email: 'nobody@sentinel.demo', password: 'Sentinel#Admin1' });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: 'Invalid email and password',
      });
    });
  });

  describe('given an account holder who signed up and has not confirmed the phone', () => {
    const holder = { email: 'unconfirmed.holder@example.co.za', password: 'Str0ng!pw' };

    it('refuses with its own message and errors.PhoneNumber, and signs in once the texted code is entered', async () => {
      const signedUp = await app.inject({
        method: 'POST',
        url: '/Auth/SignUp',
        payload: {
          Email: holder.email,
          FirstName: 'Sipho',
          LastName: 'Ndlovu',
          Password: holder.password,
          PhoneCode: '27',
          PhoneNumber: '0609990017',
          IdNumber: '9001015800085',
          IdNumberIsSouthAfrican: true,
          acceptedTermsAndConditionsAndPolicy: true,
        },
      });
      expect(signedUp.statusCode).toBe(200);

      const refused = await signIn(holder);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: MESSAGES.phoneNotConfirmed,
        errors: { PhoneNumber: [MESSAGES.phoneNotConfirmed] },
      });

      const text = await app.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', '+27609990017')
        .executeTakeFirstOrThrow();
      const confirmed = await app.inject({
        method: 'POST',
        url: '/Auth/ConfirmPhone',
        payload: {
          PhoneCode: '27',
          PhoneNumber: '060 999 0017',
          PhoneConfirmationToken: /\b(\d{6})\b/.exec(text.body)?.[1] ?? '',
        },
      });
      expect(confirmed.statusCode).toBe(200);
      const response = await signIn(holder);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ userRole: 'Account-Holder' });
    });

    it('answers a wrong password as for anyone, so the refusal tells nothing without the password', async () => {
      const response = await signIn({ email: holder.email, password: 'Wr0ng!pw' });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        title: 'Unauthorized',
        status: 401,
        message: 'Invalid email and password',
      });
    });
  });

  describe('given empty fields', () => {
    it('answers 400 with errors.Email and errors.Password', async () => {
      const response = await signIn({ email: '', password: '   ' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: { Email: ['This field is required'], Password: ['This field is required'] },
      });
    });

    it('treats a missing field like an empty one', async () => {
      const response = await signIn({ password: 'Sentinel#Admin1' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, errors: { Email: ['This field is required'] } });
      expect(response.json<{ errors: object }>().errors).not.toHaveProperty('Password');
    });

    it('treats a request with no body at all like one with both fields empty', async () => {
      const response = await app.inject({ method: 'POST', url: '/Auth/SignInByEmail' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errors: { Email: ['This field is required'], Password: ['This field is required'] },
      });
    });
  });

  describe('given a body that cannot be read', () => {
    it('answers 400, not 500, to malformed JSON', async () => {
      const response = await signIn('{"email": "admin@sentinel.demo",');

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, title: 'The request body is not valid JSON.' });
    });

    it('answers 400 to an empty JSON body', async () => {
      const response = await signIn('');

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    });

    it('answers 400 to a content type the api does not read', async () => {
      const response = await signIn('<email/>', { 'content-type': 'application/xml' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        title: "The request body must be sent as 'application/json'.",
        status: 400,
      });
    });

    it('answers 400 keyed by the PascalCase field when a field has the wrong type', async () => {
      const response = await signIn({ email: 'admin@sentinel.demo', password: { secret: true } });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        errors: { Password: ['Password must be string'] },
      });
    });

    it('answers 400 keyed $ when the body is not an object', async () => {
      const response = await signIn('["admin@sentinel.demo"]');

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        errors: { $: ['The request body must be object'] },
      });
    });
  });
});
