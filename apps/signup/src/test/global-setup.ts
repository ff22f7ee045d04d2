// Starts a real api once, in Node (the tests run in jsdom, whose typed arrays the api's crypto would
// not accept), and hands its URL to the test files. Its outbox holds the texted codes.
import { startApi, startTestHost } from '@sentinel/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const host = await startTestHost();
  const api = await startApi({ devOutbox: true });
  project.provide('apiUrl', api.url);
  return async () => {
    await api.close();
    await host.close();
  };
}
