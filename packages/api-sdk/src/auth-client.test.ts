// The auth calls on their own, as the signup app uses them: against a real api, and against a
// server whose answers drifted from the contract (the schemas are named, loaded only to check).
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from './auth-client';
import { isApiError } from './errors/api-error';
import { isContractError } from './errors/contract-error';
import type { ContractError } from './errors/contract-error';

let api: RunningApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api.close();
});

const SIGN_UP = {
  Email: 'thandi.nkosi@example.co.za',
  FirstName: 'Thandi',
  LastName: 'Nkosi',
  Password: 'Str0ng!pw',
  PhoneNumber: '0765551234',
  IdNumber: '9001015800085',
  IdNumberIsSouthAfrican: true,
  acceptedTermsAndConditionsAndPolicy: true,
};

describe('createAuthClient', () => {
  it('signs a customer up and answers the number to confirm, checked against the contract', async () => {
    const auth = createAuthClient({ baseUrl: api.url, validateAnswers: true });

    await expect(auth.signUp(SIGN_UP)).resolves.toEqual({ PhoneNumber: '765551234', PhoneCode: '27' });
  });

  it('throws ApiError with the field errors of a refused call', async () => {
    const auth = createAuthClient({ baseUrl: api.url, validateAnswers: true });

    const error: unknown = await auth
      .createPassword({ password: 'Str0ng!pw', passwordResetToken: 'not-a-token' })
      .catch((caught: unknown) => caught);

    expect(isApiError(error) && error.body?.errors).toEqual({ PasswordResetToken: [expect.any(String)] });
  });
});

describe('given an auth answer that drifted from the contract', () => {
  let server: Server;
  let driftedUrl: string;

  beforeAll(async () => {
    // Answers POST /Auth/StartPasswordReset with a number where the contract has the message.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 42 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    driftedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('throws a ContractError from the named schema when answers are checked', async () => {
    const auth = createAuthClient({ baseUrl: driftedUrl, validateAnswers: true });

    const error = await auth
      .startPasswordReset({ Email: 'a@example.co.za' })
      .catch((caught: unknown) => caught);

    expect(isContractError(error)).toBe(true);
    const { call, issues } = error as ContractError;
    expect(call).toBe('POST Auth/StartPasswordReset');
    expect(issues).toEqual([
      expect.objectContaining({ path: '/message', message: 'Expected string', value: 42 }),
    ]);
  });

  it('hands the answer over unchecked when validation is off', async () => {
    const auth = createAuthClient({ baseUrl: driftedUrl });

    await expect(auth.startPasswordReset({ Email: 'a@example.co.za' })).resolves.toEqual({ message: 42 });
  });
});
