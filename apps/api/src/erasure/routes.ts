/*
 * Erasure of an account holder and the legal hold (POPIA section 24), and the end of a vehicle's
 * subscription that an erasure waits for. Admin only (the plugin is registered in the admins'
 * group). An erasure is refused with 409 and the reason, audited, while a subscription of theirs
 * has not ended or a legal hold is set; otherwise it is one transaction (erase-holder.ts) and one
 * HolderErased entry, then their position fixes are deleted in batches (fix-deletion.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ERASURE_MESSAGES,
  ErasureSchema,
  erasureRefusal,
  legalHoldReasonErrors,
  LegalHoldRequestSchema,
  LegalHoldStateSchema,
  SubscriptionEndedSchema,
} from '@sentinel/domain';
import type { Erasure } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { requireStepUp } from '../auth/step-up';
import { inTransaction } from '../db/database';
import type { User } from '../db/schema';
import { ApiError, notFound, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import { eraseHolder } from './erase-holder';
import {
  clearLegalHold,
  endVehicleSubscriptions,
  erasureFacts,
  findHolder,
  findVehicleForEnd,
  legalHoldOf,
  setLegalHold,
} from './erasure-queries';
import { fixDeletionQueue, vehiclesWithLeftFixes } from './fix-deletion';

const answers = <T extends object>(ok: T) => ({
  ...ok,
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
  409: ProblemDetailsRef,
});

const conflict = (message: string) => new ApiError('conflict', undefined, message);
const holderNotFound = (id: number) => notFound(`Account holder ${id} was not found.`);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Privacy'];
  const security = [{ bearer: [] }];
  const fixes = fixDeletionQueue(app.db, app.log);

  // An erasure whose fixes were still being deleted when the api stopped goes on now.
  app.addHook('onReady', async () => {
    fixes.start(await vehiclesWithLeftFixes(app.db));
  });
  app.addHook('preClose', () => fixes.drained());

  /** The holder, in the transaction, or 404 for anyone else (staff, an unknown id). */
  const holderIn = async (trx: typeof app.db, id: number): Promise<User> => {
    const holder = await findHolder(trx, id);
    if (holder === undefined) throw holderNotFound(id);
    return holder;
  };

  const validReason = (body: { reason: string }) => {
    throwIfInvalid(legalHoldReasonErrors(body));
    return body.reason.trim();
  };

  app.post(
    '/Users/:id/Erase',
    {
      schema: {
        tags,
        summary:
          "Erase an account holder (Admin, step-up): their personal fields and their drivers' are replaced, " +
          'what exists only for them is deleted, the records that stay are de-identified, and their ' +
          "vehicles' position fixes are deleted in batches once it has committed",
        description:
          'Refused with 409 and the reason (audited as HolderErasureRefused) while a subscription of ' +
          'one of their vehicles has not ended or a legal hold is set, and for a holder already erased. ' +
          '404 for a user who is not an account holder.',
        security,
        params: IdParams,
        response: answers({ 200: ErasureSchema }),
      },
    },
    async (request): Promise<Erasure> => {
      const { id } = request.params;
      // Irreversible: the second factor again when the session's last one is old.
      await requireStepUp(app, request);
      const result = await inTransaction(app.db, async (trx) => {
        const holder = await holderIn(trx, id);
        if (holder.erasedAt !== null) throw conflict(ERASURE_MESSAGES.alreadyErased);
        const refusal = erasureRefusal(await erasureFacts(trx, holder));
        if (refusal !== undefined) return { refusal, outcome: undefined };
        const outcome = await eraseHolder(trx, holder);
        // The one record that keeps their name: who was erased, when, by whom, and what went.
        await recordAudit(trx, request, {
          action: 'HolderErased',
          targetType: 'User',
          targetId: id,
          subjectUserId: id,
          detail: { name: `${holder.firstName} ${holder.lastName}`, ...outcome.counts },
        });
        return { refusal: undefined, outcome };
      });
      if (result.refusal !== undefined) {
        await recordAudit(app.db, request, {
          action: 'HolderErasureRefused',
          targetType: 'User',
          targetId: id,
          subjectUserId: id,
          detail: { reason: result.refusal },
        });
        throw conflict(result.refusal);
      }
      const outcome = result.outcome!;
      // The rows are gone; this drops the live-sign-in cache, so their access tokens stop at once.
      await app.refreshTokens.revokeAll(id);
      fixes.start(outcome.vehicleIds, { userId: id });
      return { userId: id, erasedAt: outcome.erasedAt, erased: outcome.counts };
    },
  );

  app.put(
    '/Users/:id/LegalHold',
    {
      schema: {
        tags,
        summary:
          'Set (or replace) a legal hold on an account holder (Admin), with its reason: while it stands ' +
          'they are neither erased nor swept by retention',
        description:
          'Errors.Reason when the reason is missing or not 3 to 500 characters; 409 for an erased holder.',
        security,
        params: IdParams,
        body: LegalHoldRequestSchema,
        response: answers({ 200: LegalHoldStateSchema }),
      },
    },
    async (request) => {
      const reason = validReason(request.body);
      const { id } = request.params;
      const legalHold = await inTransaction(app.db, async (trx) => {
        const holder = await holderIn(trx, id);
        if (holder.erasedAt !== null) throw conflict(ERASURE_MESSAGES.erasedNoHold);
        const hold = await setLegalHold(trx, id, reason, request.user!.userId);
        await recordAudit(trx, request, {
          action: 'LegalHoldSet',
          targetType: 'User',
          targetId: id,
          subjectUserId: id,
          detail: {
            reason,
            ...(holder.legalHoldReason === null ? {} : { replaced: holder.legalHoldReason }),
          },
        });
        return hold;
      });
      return { userId: id, legalHold };
    },
  );

  app.delete(
    '/Users/:id/LegalHold',
    {
      schema: {
        tags,
        summary: "Lift an account holder's legal hold (Admin), saying why",
        description: 'Errors.Reason as for setting it; 409 when no legal hold is set.',
        security,
        params: IdParams,
        body: LegalHoldRequestSchema,
        response: answers({ 200: LegalHoldStateSchema }),
      },
    },
    async (request) => {
      const reason = validReason(request.body);
      const { id } = request.params;
      await inTransaction(app.db, async (trx) => {
        const holder = await holderIn(trx, id);
        const hold = legalHoldOf(holder);
        if (hold === null) throw conflict(ERASURE_MESSAGES.notUnderHold);
        await clearLegalHold(trx, id);
        await recordAudit(trx, request, {
          action: 'LegalHoldCleared',
          targetType: 'User',
          targetId: id,
          subjectUserId: id,
          detail: { reason, held: hold.reason, since: hold.setAt },
        });
      });
      return { userId: id, legalHold: null };
    },
  );

  app.post(
    '/Vehicles/:id/EndSubscription',
    {
      schema: {
        tags,
        summary:
          "End a vehicle's subscription (Admin): it becomes Ended, a deposit link still open stops working, " +
          'and the vehicle names no subscription or plan; an account holder whose subscriptions have all ended may be erased',
        description: '409 when the vehicle has no subscription that has not ended.',
        security,
        params: IdParams,
        response: answers({ 200: SubscriptionEndedSchema }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const subscriptionsEnded = await inTransaction(app.db, async (trx) => {
        const vehicle = await findVehicleForEnd(trx, id);
        if (vehicle === undefined) throw notFound(`Vehicle ${id} was not found.`);
        const ended = await endVehicleSubscriptions(trx, vehicle);
        if (ended === 0) throw conflict(ERASURE_MESSAGES.noSubscription);
        await recordAudit(trx, request, {
          action: 'SubscriptionEnded',
          targetType: 'Vehicle',
          targetId: id,
          subjectUserId: vehicle.userId,
          detail: { subscriptionsEnded: ended, subscriptionId: vehicle.subscriptionId },
        });
        return ended;
      });
      return { vehicleId: id, subscriptionsEnded };
    },
  );
};

/** POST /Users/{id}/Erase, PUT and DELETE /Users/{id}/LegalHold, POST /Vehicles/{id}/EndSubscription. */
export const erasureRoutes = routePlugin('erasure', routes, {
  dependencies: ['sentinel-auth', 'sentinel-second-factor-settings'],
  decorators: ['db', 'refreshTokens', 'secondFactorSettings'],
});
