import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routePlugin } from '../plugins/route-plugin';

const Outcome = Type.Union([
  Type.Literal('ok'),
  Type.Literal('failed'),
  Type.Literal('timed out'),
  Type.Literal('pending'),
  Type.Literal('not used'),
]);

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready'), Type.Literal('shutting down')]),
  checks: Type.Object({ database: Outcome, migrations: Outcome, redis: Outcome }),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database reachability',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['Health'],
        summary: 'The process answers (liveness probe)',
        description:
          'Asks nothing of the database or Redis, so a dependency being away never gets the process restarted; ' +
          'it answers while the api drains at shutdown too.',
        response: { 200: Type.Object({ status: Type.Literal('live') }) },
      },
    },
    () => ({ status: 'live' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['Health'],
        summary: 'Whether this instance should be sent requests (readiness probe)',
        description:
          'Ready when the database answers, every migration is applied, Redis answers PING (when REDIS_URL is ' +
          'set) and the process is not shutting down; each check gives up after a second. 503 names the ' +
          'checks that failed. After two failed checks in a row, and while shutting down, the api answers ' +
          'every other request 503 too, having done nothing, so a proxy may send it to another instance.',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const { ready, shuttingDown, checks } = await app.readiness.check();
      const status = ready ? 'ready' : shuttingDown ? 'shutting down' : 'not ready';
      return reply.code(ready ? 200 : 503).send({ status, checks });
    },
  );
};

/** Public: /health answers once the database does; /health/live and /health/ready are the probes. */
export const healthRoutes = routePlugin('health', routes, {
  dependencies: ['sentinel-readiness'],
  decorators: ['db', 'readiness'],
});
