import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { listOutbox } from './outbox-queries';

const OutboxItem = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Literal('partner')]),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  createdAt: Type.String(),
});

/**
 * GET /Dev/Outbox: the e-mails, SMS and partner alerts the dev providers recorded, newest first,
 * so a person or a browser test can follow a link or read a code. Registered only with devOutbox.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Dev/Outbox',
    {
      schema: {
        tags: ['Development'],
        summary: 'Recent outbox messages (development only)',
        security: [{ bearer: [] }],
        querystring: Type.Object({
          recipient: Type.Optional(Type.String({ description: 'Exact recipient, case-insensitive' })),
          channel: Type.Optional(
            Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Literal('partner')]),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
        }),
        response: {
          200: Type.Object({ items: Type.Array(OutboxItem) }),
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const { recipient, channel, limit } = request.query;
      return { items: await listOutbox(app.db, { recipient, channel, limit: limit ?? 50 }) };
    },
  );
};

export const devOutboxRoutes = routePlugin('dev-outbox', routes);
