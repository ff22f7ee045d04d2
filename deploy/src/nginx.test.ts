import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNginxConfig } from '../nginx/render.mjs';
import { localPaymentSettings } from './local-production.mjs';
import { ASSET, INDEX_HTML, writeFixtureDist } from './test/fixture-dist';
import { API_DIR, apiEntry, NGINX, answers, freePort, runToEnd, startUntil, stop } from './test/processes';
import type { Running } from './test/processes';

// nginx from Debian in front of one real api process (NODE_ENV=production, its own SQLite file set
// up by db:setup, the demo simulator on so the hub has something to send) and a miniature built app.
describe('nginx in front of the api and a built app', () => {
  let dir: string;
  let api: Running;
  let nginx: Running;
  let apiUrl: string;
  let appUrl: string;
  const connections: HubConnection[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sentinel-nginx-'));
    // Started by root, nginx's workers run as nobody and must read the app's files.
    await chmod(dir, 0o755);
    const [apiPort, proxyPort, appPort] = [await freePort(), await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${proxyPort}`;
    appUrl = `http://127.0.0.1:${appPort}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_FILE: join(dir, 'sentinel.db'),
      JWT_SECRET: 'a-production-signing-key-of-32-chars!',
      CORS_ORIGINS: appUrl,
      SIMULATOR: 'on',
      // The demo Admin signs in with the password alone: these tests are about the proxy, not sign-in's
      // second factor (on by default in production; src/second-factors tests it).
      MFA_REQUIRED: 'off',
      LOG_LEVEL: 'warn',
      // Stopped at the end: at once, not after production's drain.
      SHUTDOWN_DRAIN_SECONDS: '0',
      PORT: String(apiPort),
      ...localPaymentSettings({}, apiUrl),
    };
    const setup = await runToEnd(process.execPath, await apiEntry('src/db-setup.ts'), {
      cwd: API_DIR,
      env,
    });
    expect(setup.code, setup.output).toBe(0);
    api = await startUntil(process.execPath, await apiEntry('src/server.ts'), { cwd: API_DIR, env }, (out) =>
      Promise.resolve(out.includes('listening on')),
    );

    const root = await writeFixtureDist(join(dir, 'dist'), { baseURL: apiUrl });
    await writeFile(join(root, '.env'), 'JWT_SECRET=do-not-serve\n');
    await mkdir(join(root, '.git'));
    await writeFile(join(root, '.git', 'config'), '[core]\n');
    await writeFile(join(root, 'assets', '.hidden.js'), 'export {};\n');
    // Links that lead out of the app's root, to a file nginx's workers could otherwise read.
    await writeFile(join(dir, 'outside-secret.txt'), 'outside-secret\n');
    await chmod(join(dir, 'outside-secret.txt'), 0o644);
    await symlink(join(dir, 'outside-secret.txt'), join(root, 'link.txt'));
    await symlink(join(dir, 'outside-secret.txt'), join(root, 'assets', 'outside.js'));
    const conf = join(dir, 'sentinel.conf');
    await writeFile(
      conf,
      renderNginxConfig({
        apiInstances: [`127.0.0.1:${apiPort}`],
        apiListen: `127.0.0.1:${proxyPort}`,
        apps: [{ listen: `127.0.0.1:${appPort}`, root }],
        accessLog: join(dir, 'access.log'),
      }),
    );
    nginx = await startUntil(
      NGINX,
      ['-e', 'stderr', '-p', dir, '-c', conf, '-g', 'daemon off;'],
      {},
      async () => (await answers(`${appUrl}/`)) && (await answers(`${apiUrl}/health`)),
    );
  });

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.stop()));
    if (nginx) await stop(nginx.child);
    if (api) await stop(api.child);
    await rm(dir, { recursive: true, force: true });
  });

  it('gzips hashed assets and caches them for a year', async () => {
    const response = await fetch(`${appUrl}${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toContain('export const vehicles');
  });

  it('never caches appsettings.json or index.html', async () => {
    const settings = await fetch(`${appUrl}/appsettings.json`);
    const index = await fetch(`${appUrl}/`);
    expect(settings.headers.get('cache-control')).toBe('no-cache');
    expect(await settings.json()).toEqual({ baseURL: apiUrl });
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a deep link with index.html and a missing asset with 404', async () => {
    const deep = await fetch(`${appUrl}/agent/clients/42`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(await deep.text()).toBe(INDEX_HTML);
    expect((await fetch(`${appUrl}/assets/index-gone.js`)).status).toBe(404);
  });

  it('forbids framing and type sniffing on every answer of an app', async () => {
    for (const path of [
      '/',
      ASSET,
      '/appsettings.json',
      '/agent/clients/42',
      '/assets/index-gone.js',
      '/.env',
    ]) {
      const response = await fetch(`${appUrl}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('answers 404 for a dotfile or anything in a dot folder of an app', async () => {
    for (const path of ['/.env', '/.git/config', '/assets/.hidden.js']) {
      expect((await fetch(`${appUrl}${path}`)).status, path).toBe(404);
    }
  });

  it("never follows a symbolic link out of the app's root", async () => {
    const asset = await fetch(`${appUrl}/assets/outside.js`);
    expect(asset.status).toBe(404);
    // Outside /assets/, a path that is not a file of the build gets the app's shell, as a deep link does.
    const page = await fetch(`${appUrl}/link.txt`);
    expect(await page.text()).not.toContain('outside-secret');
  });

  it('passes /health through to the api', async () => {
    const response = await fetch(`${apiUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('has no /Dev/Outbox in production', async () => {
    expect((await fetch(`${apiUrl}/Dev/Outbox`)).status).toBe(404);
  });

  it('writes no token, query or referer to its access log', async () => {
    const secrets = ['LiveLinkToken0123456789', 'DownloadToken0123456789', 'ReportToken0123456789'];
    const calls = [
      `${apiUrl}/Shared/${secrets[0]}`,
      `${apiUrl}/DataAccessRequests/${secrets[1]}/Download`,
      `${apiUrl}/Sms/DeliveryReports/${secrets[2]}?from=27821234567`,
      `${apiUrl}/DefaultHub/negotiate?access_token=HubJwt0123456789`,
      `${apiUrl}/Users?$filter=contains(firstName,'Thandeka')`,
      `${appUrl}/shared/${secrets[0]}`,
    ];
    for (const url of calls) {
      await (await fetch(url, { headers: { referer: `${appUrl}/shared/${secrets[0]}` } })).arrayBuffer();
    }
    const log = await readFile(join(dir, 'access.log'), 'utf8');
    for (const secret of [...secrets, 'HubJwt0123456789', 'Thandeka', '27821234567']) {
      expect(log).not.toContain(secret);
    }
    // What is left still says which route was called.
    expect(log).toContain('"GET /Shared/[redacted] HTTP/1.1"');
    expect(log).toContain('"GET /DataAccessRequests/[redacted]/Download HTTP/1.1"');
    expect(log).toContain('"GET /DefaultHub/negotiate?[query] HTTP/1.1"');
    expect(log).toContain('"GET /Users?[query] HTTP/1.1"');
  });

  it.each([
    { name: 'WebSockets', transport: HttpTransportType.WebSockets },
    { name: 'ServerSentEvents', transport: HttpTransportType.ServerSentEvents },
    { name: 'LongPolling', transport: HttpTransportType.LongPolling },
  ])('carries a live connection over $name through nginx', async ({ transport }) => {
    const signIn = await fetch(`${apiUrl}/Auth/SignInByEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sentinel.demo', password: 'Sentinel#Admin1' }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const connection = new HubConnectionBuilder()
      .withUrl(`${apiUrl}/DefaultHub`, { transport, accessTokenFactory: () => accessToken })
      .configureLogging(LogLevel.None)
      .build();
    connections.push(connection);
    // The simulator sends a fix of some moving vehicle every round (2 s).
    const fix = new Promise<unknown>((resolve) => connection.on('DeviceGpsLocationMessage', resolve));

    await connection.start();

    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(await fix).toMatchObject({ vehicleId: expect.any(Number), latitudeDegrees: expect.any(Number) });
  });
});

// What nginx tells the api about a client, seen by an upstream that answers with the headers it got.
describe('nginx in front of an api that echoes its request headers', () => {
  let dir: string;
  let upstream: Server;
  let nginx: Running;
  let proxyUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sentinel-nginx-headers-'));
    const [upstreamPort, proxyPort] = [await freePort(), await freePort()];
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    upstream = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(request.headers));
    });
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
    const conf = join(dir, 'sentinel.conf');
    await writeFile(
      conf,
      renderNginxConfig({ apiInstances: [`127.0.0.1:${upstreamPort}`], apiListen: `127.0.0.1:${proxyPort}` }),
    );
    nginx = await startUntil(
      NGINX,
      ['-e', 'stderr', '-p', dir, '-c', conf, '-g', 'daemon off;'],
      {},
      async () => answers(`${proxyUrl}/health`),
    );
  });

  afterAll(async () => {
    if (nginx) await stop(nginx.child);
    await new Promise((resolve) => upstream?.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['/Auth/SignInByEmail', '/DefaultHub/negotiate?negotiateVersion=1'])(
    "passes the client's real address on %s, never the X-Forwarded-* it sent itself",
    async (path) => {
      const response = await fetch(`${proxyUrl}${path}`, {
        method: 'POST',
        headers: {
          'x-forwarded-for': '203.0.113.9',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
      });
      const seen = (await response.json()) as Record<string, string | undefined>;
      expect(seen['x-forwarded-for']).toBe('127.0.0.1');
      expect(seen['x-real-ip']).toBe('127.0.0.1');
      expect(seen['x-forwarded-proto']).toBe('http');
      expect(seen['x-forwarded-host']).toBeUndefined();
    },
  );
});
