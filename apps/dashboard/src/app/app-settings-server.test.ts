// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type { ViteDevServer } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The real dev server from this app's vite.config.ts, on a random port: the root vite.shared.ts
// plugin answers /appsettings.json from public/ with the environment's overrides.
const appRoot = fileURLToPath(new URL('../..', import.meta.url));
const publicSettings: unknown = JSON.parse(readFileSync(`${appRoot}/public/appsettings.json`, 'utf8'));
let server: ViteDevServer;
let origin: string;

beforeAll(async () => {
  server = await createServer({
    root: appRoot,
    configFile: `${appRoot}/vite.config.ts`,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server has no port');
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  delete process.env['SENTINEL_API_URL'];
  delete process.env['SENTINEL_BURNIN_URL'];
});

async function settings(): Promise<Response> {
  return fetch(`${origin}/appsettings.json`);
}

describe('GET /appsettings.json on the dev server', () => {
  it("answers public/appsettings.json's values when no override is set", async () => {
    const response = await settings();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(publicSettings);
    expect(publicSettings).toMatchObject({
      baseURL: 'http://localhost:5080',
      burnInURL: 'http://localhost:5090',
    });
  });

  it('takes baseURL from SENTINEL_API_URL and burnInURL from SENTINEL_BURNIN_URL', async () => {
    process.env['SENTINEL_API_URL'] = 'http://127.0.0.1:5280';
    process.env['SENTINEL_BURNIN_URL'] = 'http://127.0.0.1:5290';

    expect(await (await settings()).json()).toEqual({
      ...(publicSettings as object),
      baseURL: 'http://127.0.0.1:5280',
      burnInURL: 'http://127.0.0.1:5290',
    });
  });
});
