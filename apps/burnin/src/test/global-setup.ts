// A real api and test-runner sharing a signing key, started once in Node (the tests run in jsdom).
import { startApi, startTestHost, startTestRunner } from '@sentinel/testing';
import type { TestProject } from 'vitest/node';

/** The key the api and the test-runner sign and check access tokens with (a test's own api uses it too). */
export const SECRET = 'a-shared-signing-key-for-the-bench-app-tests';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    runnerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const host = await startTestHost();
  const api = await startApi({ jwtSecret: SECRET });
  const runner = await startTestRunner({ jwtSecret: SECRET, apiUrl: api.url });
  project.provide('apiUrl', api.url);
  project.provide('runnerUrl', runner.url);
  return async () => {
    await runner.close();
    await api.close();
    await host.close();
  };
}
