/*
 * POST /Sms/DeliveryReports/{token}: Clickatell's status callbacks. Public, as the provider calls
 * it: the token (SMS_DELIVERY_REPORT_TOKEN) proves who it is, and a wrong or missing one answers
 * exactly as a route that does not exist. The documented body is validated (400 otherwise); each
 * final status moves its notification (see sms-delivery.ts). Everything else, a status still on
 * its way, a message we do not know, a report told before, answers 200: the provider sends again
 * whatever is not 2xx.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RawServerDefault } from 'fastify';
import { ProblemDetailsRef } from '../errors';
import { clickatellOutcome } from './clickatell';
import type { ClickatellStatusCallback } from './clickatell';
import { recordDeliveryReport } from './sms-delivery';
import { DELIVERY_REPORT_PATH } from './sms-settings';
import type { SmsOptions } from './sms-settings';

/** One status update; fields Clickatell adds later are let through, as its callbacks page asks. */
const StatusUpdateSchema = Type.Object({
  channel: Type.Optional(Type.String({ maxLength: 40 })),
  messageId: Type.String({ minLength: 1, maxLength: 100 }),
  clientMessageId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  timestamp: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  statusCode: Type.Integer({ minimum: 0, maximum: 10_000 }),
  status: Type.Optional(Type.String({ maxLength: 100 })),
});

/** A One API status callback. Other events (a reply) carry no messageStatusUpdate and change nothing. */
const StatusCallbackSchema = Type.Object({
  integrationId: Type.Optional(Type.String({ maxLength: 100 })),
  integrationName: Type.Optional(Type.String({ maxLength: 200 })),
  event: Type.Object({
    messageStatusUpdate: Type.Optional(Type.Array(StatusUpdateSchema, { maxItems: 100 })),
  }),
});

/** SHA-256 of a token, so two tokens compare in constant time whatever their lengths. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/** A report's time: the provider's, unless it is missing or ahead of our clock. */
function reportedAt(timestamp: number | undefined, now: Date): Date {
  return timestamp !== undefined && timestamp <= now.getTime() ? new Date(timestamp) : now;
}

export interface SmsDeliveryRouteOptions {
  sms?: SmsOptions | undefined;
}

const routes: FastifyPluginAsyncTypebox<SmsDeliveryRouteOptions> = async (app, options) => {
  const token = options.sms?.provider === 'clickatell' ? options.sms.deliveryReportToken : undefined;
  const expected = token === undefined ? undefined : digest(token);

  app.post(
    `${DELIVERY_REPORT_PATH}/:token`,
    {
      schema: {
        tags: ['SMS'],
        summary: "The SMS provider's delivery reports (Clickatell's One API status callback)",
        description:
          "Called by Clickatell, not by people: configure the integration's status callback URL as " +
          '`<PUBLIC_API_URL>/Sms/DeliveryReports/<SMS_DELIVERY_REPORT_TOKEN>`. A wrong token answers 404. ' +
          'A delivered (5, 6) or failed (20 and above, but 24) status moves the SMS notification it names ' +
          "and adds a 'Message' line to its alarm's timeline; anything else answers 200 and changes nothing.",
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        body: StatusCallbackSchema,
        response: {
          200: Type.Null({ description: 'Taken (or nothing to change).' }),
          400: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
      // Before the body is read or validated: nobody without the token learns the route exists.
      onRequest: async (request, reply) => {
        const given = (request.params as { token?: unknown }).token;
        if (
          expected === undefined ||
          typeof given !== 'string' ||
          !timingSafeEqual(digest(given), expected)
        ) {
          return reply.callNotFound();
        }
      },
    },
    async (request, reply) => {
      const body: ClickatellStatusCallback = request.body;
      const now = new Date();
      for (const update of body.event.messageStatusUpdate ?? []) {
        const outcome = clickatellOutcome(update);
        if (outcome === undefined) continue;
        await recordDeliveryReport(
          app.db,
          app.vehicleEvents,
          {
            providerMessageId: update.messageId,
            outcome,
            at: reportedAt(update.timestamp, now),
          },
          now,
        );
      }
      return reply.code(200).send(null);
    },
  );
};

/** Registered with build()'s `sms` options, whose token it checks. */
export const smsDeliveryRoutes = fp<SmsDeliveryRouteOptions, RawServerDefault, TypeBoxTypeProvider>(routes, {
  name: 'sentinel-sms-delivery-routes',
  fastify: '5.x',
  encapsulate: true,
  dependencies: ['sentinel-db', 'sentinel-vehicle-events'],
  decorators: { fastify: ['db', 'vehicleEvents'] },
});
