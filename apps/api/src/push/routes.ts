/*
 * The signed-in staff member's browsers' Web Push subscriptions: the VAPID key to subscribe with,
 * storing a browser's subscription (or binding it to whoever turns alarms on there now) and
 * removing it. What is sent to them is the notifications worker's (see src/notifications).
 */
import { ECDH } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  PUSH_MESSAGES,
  PushKeySchema,
  PushSubscriptionRequestSchema,
  PushUnsubscribeRequestSchema,
  pushSubscriptionErrors,
} from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, instant } from '../db/database';
import { ApiError, notFound, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';

/** A person's browsers beyond this many: the longest-subscribed is dropped (a browser long gone, most likely). */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

const answers = <T extends object>(ok: T) => ({
  ...ok,
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
  409: ProblemDetailsRef,
});
const NoContent = { 204: Type.Null() };

/** Whether the key is a point on P-256 (the shape alone says 65 bytes, not that they make a key). */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The push service a subscription is with, for the audit log (the endpoint itself stays out of it). */
const pushService = (endpoint: string) => new URL(endpoint).origin;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['My push subscriptions'];
  const security = [{ bearer: [] }];
  const notSetUp = () => new ApiError('conflict', undefined, PUSH_MESSAGES.notSetUp);

  app.get(
    '/My/PushSubscriptions/Key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes with (null: Web Push is not set up)',
        security,
        response: answers({ 200: PushKeySchema }),
      },
    },
    async () => ({ publicKey: app.webPush.publicKey ?? null }),
  );

  app.put(
    '/My/PushSubscriptions',
    {
      schema: {
        tags,
        summary: 'Send this browser the alarms in your scope: store its push subscription',
        description:
          "The body is the browser's PushSubscription.toJSON(), made with the key of GET " +
          '/My/PushSubscriptions/Key. An endpoint already stored (this browser, maybe for someone who ' +
          'signed in here before) is bound to the caller with the keys sent. 409 when Web Push is not ' +
          'set up on the server. Audited.',
        security,
        body: PushSubscriptionRequestSchema,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const errors: FieldErrors = pushSubscriptionErrors(request.body);
      if (errors['Keys.P256dh'] === undefined && !isP256Point(keys.p256dh)) {
        errors['Keys.P256dh'] = [PUSH_MESSAGES.p256dh];
      }
      throwIfInvalid(errors);
      if (app.webPush.publicKey === undefined) throw notSetUp();
      const userId = request.user!.userId;
      // Stored as browsers send them, without padding, as web-push reads them.
      const p256dh = keys.p256dh.replace(/=+$/, '');
      const auth = keys.auth.replace(/=+$/, '');
      await inTransaction(app.db, async (trx) => {
        await trx
          .insertInto('pushSubscriptions')
          .values({ userId, endpoint, p256dh, auth, createdAt: instant() })
          .onConflict((conflict) =>
            conflict.column('endpoint').doUpdateSet({ userId, p256dh, auth, createdAt: instant() }),
          )
          .execute();
        const kept = trx
          .selectFrom('pushSubscriptions')
          .select('id')
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
        await trx
          .deleteFrom('pushSubscriptions')
          .where('userId', '=', userId)
          .where('id', 'not in', kept)
          .execute();
        await recordAudit(trx, request, {
          action: 'PushSubscribed',
          targetType: 'User',
          targetId: userId,
          detail: { pushService: pushService(endpoint) },
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/My/PushSubscriptions',
    {
      schema: {
        tags,
        summary: 'Stop sending this browser alarms: remove its push subscription',
        description: "Only the caller's own: another person's endpoint is 404, as one never stored. Audited.",
        security,
        body: PushUnsubscribeRequestSchema,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      const userId = request.user!.userId;
      const { endpoint } = request.body;
      await inTransaction(app.db, async (trx) => {
        const removed = await trx
          .deleteFrom('pushSubscriptions')
          .where('endpoint', '=', endpoint)
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw notFound(PUSH_MESSAGES.notFound);
        await recordAudit(trx, request, {
          action: 'PushUnsubscribed',
          targetType: 'User',
          targetId: userId,
          detail: { pushService: pushService(endpoint) },
        });
      });
      return reply.code(204).send(null);
    },
  );
};

export const pushSubscriptionRoutes = routePlugin('push-subscriptions', routes, {
  dependencies: ['sentinel-push'],
  decorators: ['db', 'webPush'],
});
