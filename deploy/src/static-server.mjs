// The built apps served by Node when nginx is not installed: @fastify/static streams the files
// (ETag, Last-Modified, ranges) and @fastify/compress negotiates brotli or gzip, so the headers and
// the SPA fallback are the same as nginx's (deploy/nginx/app-server.conf.template).
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/** Hashed file names change with their content, so a browser may keep them for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell and its settings are checked with the server every time (a cheap 304). */
export const NO_CACHE = 'no-cache';

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
  const app = Fastify({ logger });
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
