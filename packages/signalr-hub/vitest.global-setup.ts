// One redis-server for the whole run (tests that restart Redis start their own).
import type { TestProject } from 'vitest/node';
import { startRedisServer } from './src/testing/redis-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `redis://127.0.0.1:<port>` of the run's redis-server. */
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
  return () => redis.dispose();
}
