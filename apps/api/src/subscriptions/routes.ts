import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CreateSubscriptionRequestSchema, formatRand, ref, SubscriptionSchema } from '@sentinel/domain';
import type { CreateSubscriptionRequest } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import { ApiError, notFound, ProblemDetailsRef, refused } from '../errors';
import { newPayment } from '../payments/payment-queries';
import { DEPOSIT_DESCRIPTION } from '../payments/payment-provider';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import { VEHICLE_OWNER, vehicleExists } from '../vehicles/vehicle-queries';
import {
  findPlan,
  findSubscription,
  insertSubscription,
  ownerOf,
  subscriptionItem,
} from './subscription-queries';

const Answers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SubscriptionSchema);

  const requireVehicle = async (request: FastifyRequest, vehicleId: number) => {
    const scope = userInScope(await scopeOf(app.db, request.user!), VEHICLE_OWNER);
    if (!(await vehicleExists(app.db, vehicleId, scope)))
      throw notFound(`Vehicle ${vehicleId} was not found.`);
  };

  /** A fresh deposit link for the subscription, sent to the vehicle's owner by SMS and e-mail. */
  const sendDepositLink = async (subscription: {
    id: number;
    vehicleId: number;
    depositAmountCents: number;
  }) => {
    const reference = await newPayment(app.db, subscription.id, subscription.depositAmountCents);
    const url = app.paymentProvider.checkoutUrl({
      reference,
      amountCents: subscription.depositAmountCents,
      description: DEPOSIT_DESCRIPTION,
      // Configured, never the request's Host or X-Forwarded-Host: the link goes to the owner by SMS.
      apiBaseUrl: app.publicApiUrl,
    });
    const owner = await ownerOf(app.db, subscription.vehicleId);
    const amount = formatRand(subscription.depositAmountCents);
    const text = `Hi ${owner.firstName}, please pay the ${amount} deposit for ${owner.registrationNumber}'s Sentinel installation: ${url}`;
    await app.messages.sendSms({ to: `+${owner.phoneCode}${owner.phoneNumber}`, body: text });
    await app.messages.sendEmail({
      to: owner.email,
      subject: `Your Sentinel deposit of ${amount}`,
      body: text,
    });
    return url;
  };

  const subscribe = async (request: FastifyRequest, body: CreateSubscriptionRequest, offline: boolean) => {
    await requireVehicle(request, body.vehicleId);
    const plan = await findPlan(app.db, body.subscriptionPlanId);
    if (!plan || plan.available !== 1) {
      throw new ApiError('validation', { SubscriptionPlanId: ['Please choose an available plan'] });
    }
    if ((plan.isOffline === 1) !== offline) {
      throw refused(offline ? 'This plan is paid online' : 'This plan is paid offline');
    }
    const id = await insertSubscription(app.db, {
      vehicleId: body.vehicleId,
      subscriptionPlanId: plan.id,
      isOffline: offline,
      depositAmountCents: plan.depositAmountCents,
      createdByUserId: request.user!.userId,
    });
    const subscription = (await findSubscription(app.db, id))!;
    const url = offline ? null : await sendDepositLink(subscription);
    return subscriptionItem(subscription, url);
  };

  app.post(
    '/Subscriptions',
    {
      schema: {
        tags: ['Subscriptions'],
        summary: "Subscribe the vehicle to an online plan and send its owner the deposit's checkout link",
        security: [{ bearer: [] }],
        body: CreateSubscriptionRequestSchema,
        response: { 200: ref(SubscriptionSchema), ...Answers },
      },
    },
    async (request) => subscribe(request, request.body, false),
  );

  app.post(
    '/My/Offline_Subscription',
    {
      schema: {
        tags: ['Subscriptions'],
        summary: 'Subscribe the vehicle to an offline plan (paid at a branch; no link is sent)',
        security: [{ bearer: [] }],
        body: CreateSubscriptionRequestSchema,
        response: { 200: ref(SubscriptionSchema), ...Answers },
      },
    },
    async (request) => subscribe(request, request.body, true),
  );

  app.post(
    '/Subscriptions/:id/FirstPaymentRetry',
    {
      schema: {
        tags: ['Subscriptions'],
        summary: 'Send a fresh deposit link (earlier links stop working)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: ref(SubscriptionSchema), ...Answers },
      },
    },
    async (request) => {
      const subscription = await findSubscription(app.db, request.params.id);
      if (!subscription) throw notFound(`Subscription ${request.params.id} was not found.`);
      await requireVehicle(request, subscription.vehicleId);
      if (subscription.status !== 'Deposit-Pending')
        throw refused('The deposit of this subscription is not due');
      return subscriptionItem(subscription, await sendDepositLink(subscription));
    },
  );
};

/** Subscriptions and their deposit links. */
export const subscriptionsRoutes = routePlugin('subscriptions', routes, {
  dependencies: ['sentinel-providers', 'sentinel-payments'],
  decorators: ['db', 'messages', 'paymentProvider', 'publicApiUrl'],
});
