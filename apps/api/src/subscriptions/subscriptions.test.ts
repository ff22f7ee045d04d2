import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page, Subscription, SubscriptionPlan, Vehicle } from '@sentinel/domain';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
});

afterAll(async () => {
  await app.close();
});

function call(method: 'GET' | 'POST', url: string, role = 'Technical-Agent', payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[role]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function vehicles(filter: string, role = 'Admin'): Promise<Vehicle[]> {
  const response = await call('GET', `/Vehicles?$filter=${encodeURIComponent(filter)}&$pagesize=100`, role);
  return response.json<Page<Vehicle>>().items;
}

const vehicle = async (id: number) => (await vehicles(`id eq ${id}`))[0]!;

async function plans(): Promise<SubscriptionPlan[]> {
  return (await call('GET', '/SubscriptionPlans')).json<{ items: SubscriptionPlan[] }>().items;
}

/** A client's new vehicle with its driver: no plan yet. */
async function unsubscribed(index: number): Promise<Vehicle> {
  const holder = await call('POST', '/Users/AccountHolder', 'Technical-Agent', {
    FirstName: 'Palesa',
    LastName: 'Molefe',
    Email: `palesa.${index}.${Date.now()}@example.co.za`,
    PhoneNumber: '0824445566',
    IdNumber: '9001015009088',
  });
  const userId = holder.json<{ id: number }>().id;
  const [type] = (await call('GET', '/VehicleTypes/Search?SearchPhrase=swift')).json<
    { id: number; makeVariant: string }[]
  >();
  const created = await call('POST', '/Vehicles', 'Technical-Agent', {
    colour: 'Red',
    registrationNumber: `CA ${index}00-${String(Date.now()).slice(-3)}`,
    vehicle: type!.makeVariant,
    registrationYear: '2024',
    userId,
    vehicleTypeId: type!.id,
  });
  return vehicle(created.json<{ id: number }>().id);
}

function subscribe(
  path: string,
  vehicleId: number,
  planId: number,
  isOffline = false,
  role = 'Technical-Agent',
) {
  return call('POST', path, role, {
    subscriptionPlanId: planId,
    vehicleId,
    isOffline,
    initiallyPayDepositOnly: true,
    installationBooking: null,
    createdByAgentOnBehalfOfUser: true,
  });
}

const checkoutPath = (url: string) => new URL(url).pathname;

describe('POST /Subscriptions and the sandbox checkout', () => {
  it('sends the deposit link by SMS and e-mail, and a payment in the sandbox marks the deposit paid', async () => {
    const target = await unsubscribed(0);
    const online = (await plans()).find((plan) => !plan.isOffline)!;
    const response = await subscribe('/Subscriptions', target.id, online.id);
    expect(response.statusCode, response.body).toBe(200);
    const subscription = response.json<Subscription>();
    // build()'s default public URL, not the request's host.
    expect(subscription.paymentUrl!.startsWith('http://localhost:5080/Sandbox/Checkout/')).toBe(true);
    expect(subscription).toMatchObject({
      status: 'Deposit-Pending',
      depositAmountCents: 149_900,
      isOffline: false,
    });
    expect(subscription.paymentUrl).toMatch(/\/Sandbox\/Checkout\/SNT-/);
    expect(await vehicle(target.id)).toMatchObject({
      subscriptionPlanId: online.id,
      subscriptionId: subscription.id,
      subscriptionDepositAmountPaid: null,
    });
    const sent = await app.db
      .selectFrom('outbox')
      .select(['channel', 'body'])
      .where('body', 'like', `%${subscription.paymentUrl!}%`)
      .execute();
    expect(sent.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    expect(sent[0]!.body).toContain('R1 499');

    const checkout = await app.inject({ method: 'GET', url: checkoutPath(subscription.paymentUrl!) });
    expect(checkout.headers['content-type']).toContain('text/html');
    expect(checkout.body).toContain('Pay R1 499');
    // A bare POST, as anyone could send it, pays nothing: only the page's signed form does.
    for (const payload of ['', 'token=', `token=${'0'.repeat(64)}`]) {
      const bare = await app.inject({
        method: 'POST',
        url: `${checkoutPath(subscription.paymentUrl!)}/Pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(bare.statusCode).toBe(403);
    }
    const declineToken =
      /action="[^"]+\/Decline"[^>]*><input type="hidden" name="token" value="([0-9a-f]+)"/.exec(
        checkout.body,
      )![1]!;
    const swapped = await app.inject({
      method: 'POST',
      url: `${checkoutPath(subscription.paymentUrl!)}/Pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${declineToken}`,
    });
    expect(swapped.statusCode).toBe(403);
    expect((await vehicle(target.id)).subscriptionDepositAmountPaid).toBeNull();

    const payToken = /action="[^"]+\/Pay"[^>]*><input type="hidden" name="token" value="([0-9a-f]+)"/.exec(
      checkout.body,
    )![1]!;
    const paid = await app.inject({
      method: 'POST',
      url: `${checkoutPath(subscription.paymentUrl!)}/Pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${payToken}`,
    });
    expect(paid.body).toContain('your deposit is paid');
    expect((await vehicle(target.id)).subscriptionDepositAmountPaid).toBe(149_900);
    const after = await app.inject({ method: 'GET', url: checkoutPath(subscription.paymentUrl!) });
    expect(after.body).toContain('This payment is paid.');
  });

  it('changes nothing for an unsigned, tampered or replayed notification', async () => {
    const target = await unsubscribed(0);
    const online = (await plans()).find((plan) => !plan.isOffline)!;
    const subscription = (await subscribe('/Subscriptions', target.id, online.id)).json<Subscription>();
    const reference = checkoutPath(subscription.paymentUrl!).split('/').pop()!;
    const notify = (body: string, signature?: string) =>
      app.inject({
        method: 'POST',
        url: '/Payments/Notifications',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'x-sandbox-signature': signature }),
        },
        payload: body,
      });
    const { body, signature } = app.paymentSandbox!.signedNotification(reference, 'Paid', 149_900);

    expect((await notify(body)).statusCode).toBe(401);
    expect((await notify(body.replace('149900', '100'), signature)).statusCode).toBe(401);
    expect((await vehicle(target.id)).subscriptionDepositAmountPaid).toBeNull();

    const first = await notify(body, signature);
    expect(first.json()).toEqual({ result: 'applied' });
    await app.db
      .updateTable('vehicles')
      .set({ subscriptionDepositAmountPaid: null })
      .where('id', '=', target.id)
      .execute();
    const replay = await notify(body, signature);
    expect(replay.json()).toEqual({ result: 'replayed' });
    expect((await vehicle(target.id)).subscriptionDepositAmountPaid).toBeNull();
  });

  it('sends a fresh link on a retry, after which the old one pays nothing', async () => {
    const target = await unsubscribed(1);
    const online = (await plans()).find((plan) => !plan.isOffline)!;
    const first = (await subscribe('/Subscriptions', target.id, online.id)).json<Subscription>();
    const retry = await call('POST', `/Subscriptions/${first.id}/FirstPaymentRetry`);
    expect(retry.statusCode, retry.body).toBe(200);
    const second = retry.json<Subscription>();
    expect(second.paymentUrl).not.toBe(first.paymentUrl);

    const post = (url: string, action: 'Pay' | 'Decline') => {
      const reference = checkoutPath(url).split('/').pop()!;
      const token = app.paymentSandbox!.checkoutToken(reference, action === 'Pay' ? 'Paid' : 'Declined');
      return app.inject({
        method: 'POST',
        url: `${checkoutPath(url)}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${token}`,
      });
    };
    const stale = await post(first.paymentUrl!, 'Pay');
    expect(stale.body).toContain('already settled');
    expect((await vehicle(target.id)).subscriptionDepositAmountPaid).toBeNull();
    await post(second.paymentUrl!, 'Decline');
    expect((await vehicle(target.id)).subscriptionDepositAmountPaid).toBeNull();
  });

  it('takes an offline plan through /My/Offline_Subscription only, without a link', async () => {
    const target = await unsubscribed(2);
    const offline = (await plans()).find((plan) => plan.isOffline)!;
    expect((await subscribe('/Subscriptions', target.id, offline.id)).statusCode).toBe(400);
    const response = await subscribe('/My/Offline_Subscription', target.id, offline.id, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Subscription>()).toMatchObject({ status: 'Offline', paymentUrl: null });
  });

  it("refuses a Company-Admin another company's vehicle", async () => {
    const mine = new Set((await vehicles('id gt 0', 'Company-Admin')).map((item) => item.id));
    const other = (await vehicles("onBoardingStatus eq 'Booking-Pending'")).find(
      (item) => !mine.has(item.id),
    )!;
    const online = (await plans()).find((plan) => !plan.isOffline)!;
    expect((await subscribe('/Subscriptions', other.id, online.id, false, 'Company-Admin')).statusCode).toBe(
      404,
    );
  });
});
