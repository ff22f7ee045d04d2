import { startServerProcess } from './server-process';
import { workspaceFolder } from './workspace';

/** Where a run's test host listens, once startTestHost (or the first startApi) has started it. */
export const TEST_HOST_URL_ENV = 'SENTINEL_TEST_HOST_URL';
/** The demo sign-ins as JSON, put there with the host's URL so test files read them synchronously. */
export const DEMO_SIGN_INS_ENV = 'SENTINEL_DEMO_SIGN_INS';

export interface TestHost {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Ends the host and every api it still runs. */
  close: () => Promise<void>;
}

/**
 * Starts the api's test host (apps/api/src/testing/host.ts) as a process and puts its URL and the
 * demo sign-ins in this process's environment, where test workers started afterwards find them.
 * For a Vitest global set-up: once per run, so test files share one host instead of each loading
 * the api. When SENTINEL_TEST_HOST_URL already names a host (one started for several runs), that
 * host is used and left running.
 */
export async function startTestHost(): Promise<TestHost> {
  // A host the caller already started for several runs (npm test starts one for every package's
  // tests): this run uses it and leaves closing it to its owner.
  const shared = process.env[TEST_HOST_URL_ENV];
  if (shared !== undefined && shared !== '') {
    const response = await fetch(`${shared}/demo-sign-ins`);
    if (!response.ok) throw new Error(`The test host at ${shared} answered ${response.status}.`);
    process.env[DEMO_SIGN_INS_ENV] = JSON.stringify(await response.json());
    return { url: shared, close: () => Promise.resolve() };
  }
  const env = { ...process.env };
  // A suite's PostgreSQL project points ':memory:' at its own template; the api keeps SQLite.
  delete env['SENTINEL_PRIVATE_DATABASE_TEMPLATE_URL'];
  const server = await startServerProcess({
    name: 'The api test host',
    folder: workspaceFolder('apps/api'),
    entry: 'src/testing/host.ts',
    env,
    listening: /^Sentinel test host listening on (\S+)$/,
  });
  try {
    const response = await fetch(`${server.url}/demo-sign-ins`);
    process.env[DEMO_SIGN_INS_ENV] = JSON.stringify(await response.json());
  } catch (error) {
    await server.stop();
    throw error;
  }
  process.env[TEST_HOST_URL_ENV] = server.url;
  return {
    url: server.url,
    close: async () => {
      if (process.env[TEST_HOST_URL_ENV] === server.url) delete process.env[TEST_HOST_URL_ENV];
      await server.stop();
    },
  };
}

let started: Promise<string> | undefined;

/**
 * The URL of this run's test host. A test file whose run has no host (no global set-up started
 * one) starts its own, once per worker, which ends with the worker.
 */
export function testHostUrl(): Promise<string> {
  const url = process.env[TEST_HOST_URL_ENV];
  if (url !== undefined && url !== '') return Promise.resolve(url);
  started ??= startTestHost().then((host) => host.url);
  return started;
}

/** Calls the host; throws with its message when it refuses. */
export async function askHost<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${await testHostUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    ...(init.body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(`The api test host answered ${response.status} to ${path}: ${answer.message ?? ''}`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}
