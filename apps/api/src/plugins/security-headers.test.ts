import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, DEMO_SIGN_INS } from '../index';
import type { BuildOptions } from '../app';
import { redactUrl } from './log-redaction';

const AGENT = DEMO_SIGN_INS.find((user) => user.role === 'Technical-Agent')!;

const apps: FastifyInstance[] = [];
async function api(options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await build({ seed: true, ...options });
  apps.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function signIn(app: FastifyInstance) {
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: AGENT.email, password: AGENT.password },
  });
  return { response, ...response.json<{ accessToken: string; refreshToken: string }>() };
}

describe('security headers', () => {
  it('forbids sniffing and framing on every answer, and sends no HSTS outside production', async () => {
    const app = await api();
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(health.headers['content-security-policy']).toContain("default-src 'none'");
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS for a year when asked (production)', async () => {
    const app = await api({ hsts: true });
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps tokens and signed-in answers out of every cache, and leaves public answers be', async () => {
    const app = await api();
    const { response, accessToken, refreshToken } = await signIn(app);
    expect(response.headers['cache-control']).toBe('no-store');
    const refreshed = await app.inject({
      method: 'POST',
      url: '/Auth/RefreshTokens',
      payload: { accessToken, refreshToken },
    });
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const users = await app.inject({
      method: 'GET',
      url: '/Users',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(users.statusCode).toBe(200);
    expect(users.headers['cache-control']).toBe('no-store');
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});

describe('CORS', () => {
  const preflight = (app: FastifyInstance, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/Auth/SignInByEmail',
      headers: { origin, 'access-control-request-method': 'POST' },
    });

  it('allows the three apps’ origins by default, on localhost or 127.0.0.1, and no other port', async () => {
    const app = await api();
    for (const origin of [
      'http://localhost:5173',
      'http://localhost:5174',
      'http://localhost:5175',
      'http://127.0.0.1:5173',
    ]) {
      expect((await preflight(app, origin)).headers['access-control-allow-origin'], origin).toBe(origin);
    }
    expect(
      (await preflight(app, 'http://localhost:8080')).headers['access-control-allow-origin'],
    ).toBeUndefined();
    expect(
      (await preflight(app, 'https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('follows the apps where they are configured', async () => {
    const app = await api({
      dashboardUrl: 'https://dashboard.example',
      signupUrl: 'https://signup.example/',
      burninAppUrl: 'https://bench.example',
    });
    expect((await preflight(app, 'https://signup.example')).headers['access-control-allow-origin']).toBe(
      'https://signup.example',
    );
    expect(
      (await preflight(app, 'http://localhost:5173')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('allows exactly CORS_ORIGINS when they are given', async () => {
    const app = await api({ corsOrigins: ['https://only.example'] });
    expect((await preflight(app, 'https://only.example')).headers['access-control-allow-origin']).toBe(
      'https://only.example',
    );
    expect(
      (await preflight(app, 'http://localhost:5173')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});

describe('the request log', () => {
  it('holds no token, key or password, whether sent in a header, a body or the query', async () => {
    const lines: string[] = [];
    const app = await api({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
    const { accessToken, refreshToken } = await signIn(app);
    await app.inject({
      method: 'POST',
      url: `/DefaultHub/negotiate?negotiateVersion=1&access_token=${accessToken}`,
    });
    await app.inject({
      method: 'GET',
      url: `/Roles?access_token=${accessToken}&token=${refreshToken}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await app.inject({
      method: 'POST',
      url: '/Devices/SNT-000101/Telemetry',
      headers: { authorization: 'Device a-device-key-that-must-not-show' },
      payload: {},
    });
    app.log.info({ body: { password: AGENT.password, refreshToken } }, 'a handler logging a body by mistake');

    const log = lines.join('');
    expect(log).toContain('/Roles?access_token=[redacted]&token=[redacted]');
    expect(log).toContain('negotiateVersion=1&access_token=[redacted]');
    for (const secret of [accessToken, refreshToken, AGENT.password, 'a-device-key-that-must-not-show']) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts the hub connection token and access token in a URL, keeping the rest', () => {
    expect(redactUrl('/DefaultHub?id=abc123&access_token=eyJ.x.y')).toBe(
      '/DefaultHub?id=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/Vehicles?$filter=id%20eq%201&$pagesize=5')).toBe(
      '/Vehicles?$filter=id%20eq%201&$pagesize=5',
    );
  });
});
