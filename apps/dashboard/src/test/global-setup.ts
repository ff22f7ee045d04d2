// Runs once, in Node (not in jsdom, whose globals break the api's JWT signing): starts a real api
// with the demo users in memory, in the api's test host, and hands its URL (and the demo sign-ins)
// to every test file through inject().
import { deadUrl, demoSignIns, startApi, startTestHost } from '@sentinel/testing';
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const host = await startTestHost();
  // Every test file signs in as the same few demo users from one address, each opening a live
  // connection: the hub's per-user and per-address limits are for real traffic, not for the suite.
  const api = await startApi({
    hub: {
      maxConnectionsPerUser: 100_000,
      negotiatePerMinute: { perUser: 100_000, perAddress: 100_000 },
    },
  });
  project.provide('apiUrl', api.url);
  project.provide('demoSignIns', [...demoSignIns()]);
  project.provide('deadUrl', await deadUrl());
  return async () => {
    await api.close();
    await host.close();
  };
}
