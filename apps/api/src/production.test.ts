import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from './app';
import { serverBuildOptions } from './config';
import { apiEntryArgs } from './testing/api-entry';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-signing-key-of-32-chars!',
  CORS_ORIGINS: 'https://dashboard.example',
  DATABASE_FILE: ':memory:',
  LOG_LEVEL: 'silent',
  PAYMENT_PROVIDER: 'payfast',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'a-production-payfast-passphrase',
  PUBLIC_API_URL: 'https://api.example',
};

async function adminOutbox(app: FastifyInstance): Promise<number> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: 'admin@sentinel.demo', password: 'Sentinel#Admin1' },
  });
  expect(signIn.statusCode).toBe(200);
  const { accessToken } = signIn.json<{ accessToken: string }>();
  const outbox = await app.inject({
    method: 'GET',
    url: '/Dev/Outbox',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return outbox.statusCode;
}

describe('the api built from a production environment', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('has no GET /Dev/Outbox, even for an Admin', async () => {
    app = await build({ ...serverBuildOptions(PRODUCTION), seed: true });
    expect(await adminOutbox(app)).toBe(404);
  });

  it('allows only the configured origins', async () => {
    app = await build({ ...serverBuildOptions(PRODUCTION), seed: true });
    const preflight = (origin: string) =>
      app?.inject({
        method: 'OPTIONS',
        url: '/health',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('https://dashboard.example'))?.headers['access-control-allow-origin']).toBe(
      'https://dashboard.example',
    );
    expect(
      (await preflight('http://localhost:5173'))?.headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('serves GET /Dev/Outbox to an Admin in development, the same build otherwise', async () => {
    const { NODE_ENV: _production, ...development } = PRODUCTION;
    app = await build({ ...serverBuildOptions(development), seed: true });
    expect(await adminOutbox(app)).toBe(200);
  });
});

describe('the api process with NODE_ENV=production', () => {
  it('refuses to start without JWT_SECRET and says which setting is missing', async () => {
    const child = spawn(process.execPath, apiEntryArgs('server'), {
      cwd: APP_DIR,
      env: { ...process.env, ...PRODUCTION, PORT: '0', JWT_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Sentinel api cannot start: JWT_SECRET must be set to at least 32 characters with NODE_ENV=production; it is not set.',
    );
  });
});
