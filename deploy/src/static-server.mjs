// The built apps served by Node when nginx is not installed: @fastify/static streams the files
// (ETag, Last-Modified, ranges) and @fastify/compress negotiates brotli or gzip, so the headers and
// the SPA fallback are the same as nginx's (deploy/nginx/app-server.conf.template).
import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/** Hashed file names change with their content, so a browser may keep them for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell and its settings are checked with the server every time (a cheap 304). */
export const NO_CACHE = 'no-cache';

/**
 * Sent with every answer, as nginx does: no other site may frame an app (the dashboard's Lock
 * button under a decoy), and a browser takes each file as the type we say it is.
 */
export const SECURITY_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

/**
 * @typedef {object} StaticAppOptions
 * @property {string} root              the app's built files, with index.html at the top
 * @property {boolean | { level: string }} [logger]  Fastify's request logger  @default false
 */

/**
 * One built app as a Fastify instance, ready to listen.
 * @param {StaticAppOptions} options
 * @returns {Promise<import('fastify').FastifyInstance>}
 */
export async function buildStaticApp({ root, logger = false }) {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root} has no index.html: run npm run build first.`);
  }
  const assets = join(resolve(root), 'assets') + sep;
  const realRoot = await realpath(root);
  const app = Fastify({ logger });
  app.addHook('onSend', async (_request, reply, payload) => {
    // An answer that already has a policy keeps it, with framing forbidden in place of any other
    // frame-ancestors (a browser obeys the first of two).
    const policy = String(reply.getHeader('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive !== '' && !/^frame-ancestors\b/i.test(directive));
    void reply.headers({
      ...SECURITY_HEADERS,
      'content-security-policy': [...policy, SECURITY_HEADERS['content-security-policy']].join('; '),
    });
    return payload;
  });
  // Only the built files: no dotfile or dot folder (.env, .git), and nothing a symlink inside the
  // root leads out to. Both answer 404, as a file that is not there.
  app.addHook('onRequest', async (request, reply) => {
    const path = decodedPath(request.url);
    if (path === undefined || path.split('/').some((segment) => segment.startsWith('.'))) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const real = await realpath(join(realRoot, path)).catch(() => undefined);
    if (real !== undefined && real !== realRoot && !real.startsWith(realRoot + sep)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return undefined;
  });
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root,
    // Our own Cache-Control below; ETag and Last-Modified stay for revalidation.
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : NO_CACHE);
    },
  });
  // Deep links get index.html; a missing asset or file with an extension stays a 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.sendFile('index.html');
  });
  return app;
}

/**
 * The URL's path as a file name, or undefined when it cannot be decoded.
 * @param {string} url
 */
function decodedPath(url) {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
}
