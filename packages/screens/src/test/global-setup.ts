// Starts a real api and a real test-runner once, in Node (the tests themselves run in jsdom, whose
// typed arrays the servers' crypto would not accept), and hands their URLs to the test files.
import { startApi, startTestHost, startTestRunner } from '@sentinel/testing';
import type { TestProject } from 'vitest/node';

const SECRET = 'a-shared-signing-key-for-the-screen-tests';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    runnerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const host = await startTestHost();
  // The outbox lets the password screens' tests read the e-mailed links as a person would.
  const api = await startApi({ jwtSecret: SECRET, devOutbox: true });
  // The first free demo device has a weak lock relay; tests run fast so a bench finishes in seconds.
  const runner = await startTestRunner({
    jwtSecret: SECRET,
    apiUrl: api.url,
    durationScale: 0.02,
    pinnedFaults: { 'SNT-000127': ['weakLockRelay'] },
  });
  project.provide('apiUrl', api.url);
  project.provide('runnerUrl', runner.url);
  return async () => {
    await runner.close();
    await api.close();
    await host.close();
  };
}
