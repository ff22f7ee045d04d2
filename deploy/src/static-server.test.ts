import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaticApp } from './static-server.mjs';
import { ASSET, INDEX_HTML, writeFixtureDist } from './test/fixture-dist';

describe('the Node static server', () => {
  let dir: string;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sentinel-static-'));
    const root = await writeFixtureDist(join(dir, 'dist'));
    // What must never be served: dotfiles beside the build, and a secret outside it that a symlink
    // inside the root points to.
    await writeFile(join(root, '.env'), 'JWT_SECRET=do-not-serve\n');
    await mkdir(join(root, '.git'));
    await writeFile(join(root, '.git', 'config'), '[core]\n');
    await writeFile(join(dir, 'secret.txt'), 'outside the root\n');
    await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'leak.txt'));
    await symlink(dir, join(root, 'outside'));
    app = await buildStaticApp({ root });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year', async () => {
    const response = await fetch(`${url}${ASSET}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('compresses with brotli or gzip as the browser asks', async () => {
    const br = await fetch(`${url}${ASSET}`, { headers: { 'accept-encoding': 'br' } });
    const gzip = await fetch(`${url}${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes: the text is the file's either way.
    expect(await br.text()).toBe(await gzip.text());
  });

  it('never caches appsettings.json or index.html', async () => {
    const settings = await fetch(`${url}/appsettings.json`);
    const index = await fetch(`${url}/`);
    expect(settings.headers.get('cache-control')).toBe('no-cache');
    expect(await settings.json()).toEqual({ baseURL: 'http://localhost:5080' });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toBe(INDEX_HTML);
  });

  it('answers a deep link with index.html', async () => {
    const response = await fetch(`${url}/agent/clients/42?tab=vehicles`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('answers 404 for a missing asset or file', async () => {
    expect((await fetch(`${url}/assets/index-gone.js`)).status).toBe(404);
    expect((await fetch(`${url}/favicon.ico`)).status).toBe(404);
  });

  it('forbids framing and type sniffing on every answer', async () => {
    for (const path of ['/', ASSET, '/appsettings.json', '/agent/clients/42', '/favicon.ico', '/.env']) {
      const response = await fetch(`${url}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('adds frame-ancestors to a policy an answer already has, in place of its own', async () => {
    const other = await buildStaticApp({ root: join(dir, 'dist') });
    other.get('/with-policy', (_request, reply) =>
      reply.header('content-security-policy', "default-src 'self'; frame-ancestors *").send('ok'),
    );
    const response = await other.inject({ url: '/with-policy' });
    await other.close();
    expect(response.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
  });

  it('answers 404 for a dotfile or anything in a dot folder', async () => {
    for (const path of ['/.env', '/.git/config', '/.git/', '/.git', '/%2eenv', '/assets/../.env']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('Not found');
    }
  });

  it('answers 404 for a file a symlink leads out of the root to', async () => {
    for (const path of ['/assets/leak.txt', '/outside/secret.txt', '/outside/']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('Not found');
    }
  });

  it('refuses a folder that was never built', async () => {
    await expect(buildStaticApp({ root: join(dir, 'missing') })).rejects.toThrow(
      /has no index.html: run npm run build first\./,
    );
  });
});
