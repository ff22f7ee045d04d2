// The three apps as users get them: each app's production build (apps/<app>/dist) served by the
// product's own static server (deploy/src/static-server.mjs, what `npm run serve` falls back to),
// with /appsettings.json answered from the built file and the environment's overrides, so the apps
// reach the browser tests' api and test-runner without the built files being edited.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStaticApp } from '@sentinel/deploy/static-server';
import { resolveAppSettings } from '../vite.shared';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface AppServer {
  /** The workspace package, e.g. '@sentinel/dashboard'. */
  name: 'dashboard' | 'signup' | 'burnin';
  port: number;
  /** SENTINEL_API_URL and SENTINEL_BURNIN_URL, as the dev server reads them. */
  env: NodeJS.ProcessEnv;
}

export const appRoot = (name: AppServer['name']) => join(root, 'apps', name);

/** Built, installed and written-by-tests folders; dot folders (.turbo, .data, .vite) too. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'storybook-static', 'coverage']);

/** The newest modification time of the files under `dir`, outside built and installed folders. */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestChange(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The app's dist, built first when it is missing or older than the app's or the packages' sources,
 * so a run of the browser tests alone tests the code as it is (npm test has just built it).
 */
function ensureBuilt(name: AppServer['name']): string {
  const dist = join(appRoot(name), 'dist');
  const index = join(dist, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt > 0 && Math.max(newestChange(appRoot(name)), newestChange(join(root, 'packages'))) < builtAt) {
    return dist;
  }
  console.log(`apps/${name}/dist is ${builtAt > 0 ? 'older than its sources' : 'missing'}: building it`);
  const result = spawnSync('pnpm', ['--filter', `@sentinel/${name}`, 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`pnpm --filter @sentinel/${name} build exited with ${result.status}`);
  return dist;
}

/** Starts every app's server on 127.0.0.1; the returned function stops them. */
export async function startAppServers(servers: AppServer[]): Promise<() => Promise<void>> {
  const started: Awaited<ReturnType<typeof buildStaticApp>>[] = [];
  for (const { name, port, env } of servers) {
    const dist = ensureBuilt(name);
    const app = await buildStaticApp({ root: dist });
    // Read on each request, like the dev server's, from the file the build copied out of public/.
    app.get('/appsettings.json', (_request, reply) =>
      reply.header('cache-control', 'no-store').send(resolveAppSettings(dist, env)),
    );
    await app.listen({ port, host: '127.0.0.1' });
    started.push(app);
  }
  return async () => {
    await Promise.all(started.map((app) => app.close()));
  };
}

/**
 * Resolves once `${url}/health` answers 200, polling every 100 ms; fails naming the server after
 * `timeoutMs` (a server Playwright starts without waiting for it, see playwright.config.ts).
 */
export async function waitForHealth(name: string, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url}/health within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
