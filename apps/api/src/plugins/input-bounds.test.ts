import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, DEMO_SIGN_INS } from '../index';
import { inputFault, MAX_INPUT_DEPTH } from './input-bounds';

const ADMIN = DEMO_SIGN_INS.find((user) => user.role === 'Admin')!;

/** `levels` objects nested in one another under the key 'a', with a text at the bottom. */
const deepObject = (levels: number): string => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
/** `levels` arrays nested in one another. */
const deepArray = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

let app: FastifyInstance;

beforeAll(async () => {
  app = await build({ seed: true });
});

afterAll(async () => {
  await app.close();
});

const signIn = (payload: string) =>
  app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('given a body nested thousands of levels deep', () => {
  it('answers 400 with a validation problem for a deep object, never 500', async () => {
    const response = await signIn(`{"email":${deepObject(5_000)},"password":"x"}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      title: 'One or more validation errors occurred.',
    });
    expect(JSON.stringify(response.json<{ errors: object }>().errors)).toContain(
      `Must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
    );
  });

  it('answers 400 with a validation problem for a deep array, as the body and as a field', async () => {
    for (const payload of [deepArray(5_000), `{"email":"a@b.co","password":${deepArray(5_000)}}`]) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        title: 'One or more validation errors occurred.',
      });
    }
  });

  it('still signs in with an ordinary body', async () => {
    const response = await signIn(JSON.stringify({ email: ADMIN.email, password: ADMIN.password }));
    expect(response.statusCode).toBe(200);
  });
});

describe('inputFault', () => {
  it(`takes ${MAX_INPUT_DEPTH} levels of nesting and refuses one more`, () => {
    expect(inputFault(JSON.parse(deepObject(MAX_INPUT_DEPTH)))).toBeUndefined();
    expect(inputFault(JSON.parse(deepArray(MAX_INPUT_DEPTH)))).toBeUndefined();
    expect(inputFault(JSON.parse(deepObject(MAX_INPUT_DEPTH + 1)))).toMatchObject({
      message: `Must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
    });
    expect(inputFault(JSON.parse(deepArray(MAX_INPUT_DEPTH + 1)))).toBeDefined();
  });

  it('names the first text holding a NUL character', () => {
    expect(inputFault({ vehicle: { make: 'To\u0000yota' }, list: ['a', 'b\u0000'] })).toEqual({
      path: '/vehicle/make',
      message: 'Must not contain a NUL character',
    });
  });
});
