// Runs once, in Node (not in jsdom, whose globals break the api's JWT signing): starts a real api
// with the demo users in memory and hands its URL (and the demo sign-ins) to every test file
// through inject(), so the api's modules are never loaded into the jsdom workers.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { build, DEMO_SIGN_INS } from '@sentinel/api';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real api's base URL, e.g. http://127.0.0.1:41234. */
    apiUrl: string;
    /** A local URL where nothing listens, for "server unreachable" cases. */
    deadUrl: string;
    /** The seeded demo users (role, email, password, name). */
    demoSignIns: { role: string; email: string; password: string; name: string }[];
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const api = await build({ databaseFile: ':memory:', seed: true });
  project.provide('apiUrl', await api.listen({ port: 0, host: '127.0.0.1' }));
  project.provide('demoSignIns', [...DEMO_SIGN_INS]);
  project.provide('deadUrl', `http://127.0.0.1:${await freePort()}`);
  return () => api.close();
}
