/*
 * For the SDK's own tests, never exported: a client signed in as a demo user against a running
 * api, checking every answer against the contract, so a drift between api and SDK fails them.
 */
import { demoSignIn } from '@sentinel/testing';
import type { DemoRole } from '@sentinel/testing';
import { createApiClient } from './client';
import type { ApiClient } from './client';

export async function signedInClient(baseUrl: string, role: DemoRole): Promise<ApiClient> {
  let user = await createApiClient({
    baseUrl,
    session: { get: () => null, set() {}, clear() {} },
    validateAnswers: true,
  }).auth.signInByEmail(demoSignIn(role));
  return createApiClient({
    baseUrl,
    session: { get: () => user, set: (next) => (user = next), clear() {} },
    validateAnswers: true,
  });
}
