// A real api and test-runner sharing a signing key, started once in Node (the tests run in jsdom).
import { build as buildTestRunner } from '@sentinel/test-runner';
import { startApi } from '@sentinel/testing';
import type { TestProject } from 'vitest/node';

const SECRET = 'a-shared-signing-key-for-the-bench-app-tests';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    runnerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const api = await startApi({ jwtSecret: SECRET });
  const runner = await buildTestRunner({ jwtSecret: SECRET, apiUrl: api.url });
  project.provide('apiUrl', api.url);
  project.provide('runnerUrl', await runner.listen({ port: 0, host: '127.0.0.1' }));
  return async () => {
    await runner.close();
    await api.close();
  };
}
