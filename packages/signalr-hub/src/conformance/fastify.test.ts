import type { AddressInfo } from 'node:net';
import cors from '@fastify/cors';
import type { HubConnection } from '@microsoft/signalr';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHub } from '../index';
import type { Hub } from '../index';
import { TRANSPORTS, buildClient } from './harness';

const BROWSER_APP = 'http://localhost:5173';

// The way apps/api mounts the hub (README.md): an onRequest hook before body parsing and before
// @fastify/cors, and the upgrade listener on fastify.server.
async function startFastify(): Promise<{ app: FastifyInstance; hub: Hub; url: string }> {
  const app = Fastify();
  const hub = createHub({ path: '/DefaultHub', cors: { origins: [BROWSER_APP] } });
  hub.on('Echo', (_ctx, text: string) => text);
  app.addHook('onRequest', (request, reply, done) => {
    if (hub.handle(request.raw, reply.raw)) reply.hijack();
    done();
  });
  hub.attach(app.server);
  app.addHook('onClose', () => hub.close());
  await app.register(cors, { origin: [BROWSER_APP], credentials: true });
  app.get('/health', async () => ({ ok: true }));
  app.post('/echo', async (request) => request.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, hub, url: `http://127.0.0.1:${port}` };
}

describe('given the hub mounted in Fastify at /DefaultHub', () => {
  let app: FastifyInstance;
  let url: string;
  let client: HubConnection | undefined;

  beforeEach(async () => {
    ({ app, url } = await startFastify());
  });

  afterEach(async () => {
    await client?.stop();
    client = undefined;
    app.server.closeAllConnections();
    await app.close();
  });

  it.each(TRANSPORTS)('serves the official client over $name', async ({ type }) => {
    client = buildClient(`${url}/DefaultHub`, type);
    await client.start();

    expect(await client.invoke('Echo', 'through fastify')).toBe('through fastify');
  });

  it("leaves Fastify's own routes alone, bodies included", async () => {
    const health = await fetch(`${url}/health`);
    const echo = await fetch(`${url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plate: 'CA 1' }),
    });

    expect(await health.json()).toEqual({ ok: true });
    expect(await echo.json()).toEqual({ plate: 'CA 1' });
  });

  it('answers the preflight of a browser app on another port', async () => {
    const preflight = await fetch(`${url}/DefaultHub/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: {
        Origin: BROWSER_APP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-requested-with, x-signalr-user-agent',
      },
    });

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(BROWSER_APP);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-requested-with, x-signalr-user-agent',
    );
  });

  it('adds CORS headers to negotiate for an allowed origin only', async () => {
    const allowed = await fetch(`${url}/DefaultHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Origin: BROWSER_APP },
    });
    const other = await fetch(`${url}/DefaultHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example' },
    });

    expect(allowed.headers.get('access-control-allow-origin')).toBe(BROWSER_APP);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
