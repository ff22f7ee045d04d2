import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Subscription, SubscriptionPlan, Vehicle, Page } from '@sentinel/domain';
import { build } from '../index';
import { DEMO_SIGN_INS } from '../db/seed';
import { payfastParamString, payfastSignature } from './payfast-provider';

const PASSPHRASE = 'jt7NOE43FZPn';
const MERCHANT = { merchantId: '10000100', merchantKey: '46f0cd694581a' };

describe('the PayFast signature', () => {
  it('is the MD5 of the fields in order, encoded as PHP urlencode does, with the passphrase', () => {
    const fields: [string, string][] = [
      ['merchant_id', '10000100'],
      ['merchant_key', '46f0cd694581a'],
      ['return_url', 'https://www.example.com/success'],
      ['cancel_url', 'https://www.example.com/cancel'],
      ['notify_url', 'https://www.example.com/notify'],
      ['m_payment_id', '01AB'],
      ['amount', '100.00'],
      ['item_name', 'Test Item #123'],
    ];
    expect(payfastParamString(fields)).toBe(
      'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fwww.example.com%2Fsuccess' +
        '&cancel_url=https%3A%2F%2Fwww.example.com%2Fcancel&notify_url=https%3A%2F%2Fwww.example.com%2Fnotify' +
        '&m_payment_id=01AB&amount=100.00&item_name=Test+Item+%23123',
    );
    // md5sum of that string with '&passphrase=jt7NOE43FZPn', computed outside this code.
    expect(payfastSignature(fields, PASSPHRASE)).toBe('86b89e4c11762801a3ce762824cdb3d7');
  });
});

// A local stand-in of PayFast's validate endpoint (POST /eng/query/validate answers VALID or INVALID).
let validateAnswer = 'VALID';
const validated: string[] = [];
let standIn: Server;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/eng/query/validate') {
        response.writeHead(404).end();
        return;
      }
      validated.push(body);
      response.writeHead(200, { 'content-type': 'text/plain' }).end(validateAnswer);
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  app = await build({
    seed: true,
    authLimits: { perAccount: { max: 1000, windowMs: 900_000 } },
    payments: {
      provider: 'payfast',
      payfast: { ...MERCHANT, passphrase: PASSPHRASE, baseUrl, itnSources: ['127.0.0.1', '::1'] },
      publicApiUrl: 'https://api.sentinel.example',
    },
  });
  const admin = DEMO_SIGN_INS.find((demo) => demo.role === 'Admin')!;
  const signIn = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: admin.email, password: admin.password },
  });
  token = signIn.json<{ accessToken: string }>().accessToken;
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => standIn.close(resolve));
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

let subscriptionId = 0;
let vehicleId = 0;

/** A fresh pending deposit (a retry after the first) and its reference. */
async function pendingPayment(): Promise<{ url: string; reference: string }> {
  let subscription: Subscription;
  if (subscriptionId === 0) {
    const vehicles = (
      await call('GET', `/Vehicles?$filter=${encodeURIComponent("onBoardingStatus eq 'Booking-Pending'")}`)
    ).json<Page<Vehicle>>().items;
    vehicleId = vehicles[0]!.id;
    const plans = (await call('GET', '/SubscriptionPlans')).json<{ items: SubscriptionPlan[] }>().items;
    const response = await call(
      'POST',
      '/Subscriptions',
      {
        subscriptionPlanId: plans.find((plan) => !plan.isOffline)!.id,
        vehicleId,
        isOffline: false,
        initiallyPayDepositOnly: true,
        installationBooking: null,
        createdByAgentOnBehalfOfUser: true,
      },
      { 'x-forwarded-host': 'pay.evil.example', 'x-forwarded-proto': 'http' },
    );
    expect(response.statusCode, response.body).toBe(200);
    subscription = response.json<Subscription>();
    subscriptionId = subscription.id;
  } else {
    subscription = (
      await call('POST', `/Subscriptions/${subscriptionId}/FirstPaymentRetry`)
    ).json<Subscription>();
  }
  const url = subscription.paymentUrl!;
  return { url, reference: decodeURIComponent(url.split('/').pop()!) };
}

const depositPaid = async () =>
  (await call('GET', `/Vehicles?$filter=${encodeURIComponent(`id eq ${vehicleId}`)}`)).json<Page<Vehicle>>()
    .items[0]!.subscriptionDepositAmountPaid;

/** An ITN as PayFast posts it: its return variables, signed with the passphrase. */
function itn(reference: string, overrides: Record<string, string> = {}, passphrase = PASSPHRASE) {
  const fields: [string, string][] = Object.entries({
    m_payment_id: reference,
    pf_payment_id: String(Math.floor(Math.random() * 1e9)),
    payment_status: 'COMPLETE',
    item_name: 'Sentinel installation deposit',
    item_description: '',
    amount_gross: '1499.00',
    amount_fee: '-34.48',
    amount_net: '1464.52',
    name_first: 'Palesa',
    name_last: 'Molefe',
    email_address: 'palesa@example.co.za',
    merchant_id: MERCHANT.merchantId,
    ...overrides,
  });
  return `${payfastParamString(fields)}&signature=${payfastSignature(fields, passphrase)}`;
}

const notify = (body: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/Payments/Notifications',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
    remoteAddress,
  });

describe('PAYMENT_PROVIDER=payfast', () => {
  it('sends a link on the configured public URL, whatever X-Forwarded-Host says, to a page posting the signed form', async () => {
    const { url, reference } = await pendingPayment();
    expect(url).toBe(`https://api.sentinel.example/Payments/Checkout/${reference}`);
    const sms = await app.db
      .selectFrom('outbox')
      .select('body')
      .where('body', 'like', `%${reference}%`)
      .execute();
    expect(sms.length).toBeGreaterThan(0);
    for (const message of sms) expect(message.body).not.toContain('evil');

    const page = await app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="http://127.0.0.1:`);
    expect(page.body).toContain('/eng/process"');
    expect(page.body).toContain(
      'name="notify_url" value="https://api.sentinel.example/Payments/Notifications"',
    );
    expect(page.body).toContain('name="amount" value="1499.00"');
    expect(page.body).toMatch(/name="signature" value="[0-9a-f]{32}"/);
    expect(page.headers['content-security-policy']).toContain('form-action http://127.0.0.1:');
  });

  it('serves no sandbox checkout', async () => {
    const { reference } = await pendingPayment();
    expect((await app.inject({ method: 'GET', url: `/Sandbox/Checkout/${reference}` })).statusCode).toBe(404);
    const pay = await app.inject({ method: 'POST', url: `/Sandbox/Checkout/${reference}/Pay` });
    expect(pay.statusCode).toBe(404);
    expect(await depositPaid()).toBeNull();
  });

  it('refuses an ITN with a bad signature, from elsewhere, for another amount, or that PayFast calls INVALID', async () => {
    const { reference } = await pendingPayment();
    validated.length = 0;
    expect((await notify(itn(reference, {}, 'not-the-passphrase'))).statusCode).toBe(401);
    expect((await notify(itn(reference).replace('1499.00', '1.00'))).statusCode).toBe(401);
    expect((await notify(itn(reference), '203.0.113.9')).statusCode).toBe(401);
    const cheaper = await notify(itn(reference, { amount_gross: '1.00' }));
    expect(cheaper.json()).toMatchObject({ message: 'The amount paid is not the amount due.' });
    expect((await notify(itn(reference, { merchant_id: '10000999' }))).statusCode).toBe(401);
    // None of these reached PayFast's validate endpoint.
    expect(validated).toEqual([]);
    validateAnswer = 'INVALID';
    const invalid = await notify(itn(reference));
    validateAnswer = 'VALID';
    expect(invalid.json()).toMatchObject({ message: 'PayFast did not confirm the notification.' });
    expect(validated).toHaveLength(1);
    expect(validated[0]).not.toContain('signature=');
    expect(await depositPaid()).toBeNull();
  });

  it('marks the deposit paid once on a good ITN, confirmed by PayFast', async () => {
    const { reference } = await pendingPayment();
    const body = itn(reference);
    const first = await notify(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ result: 'applied' });
    expect(await depositPaid()).toBe(149_900);
    expect((await notify(body)).json()).toEqual({ result: 'replayed' });
    const page = await app.inject({ method: 'GET', url: `/Payments/Checkout/${reference}` });
    expect(page.body).toContain('This payment is paid.');
  });
});
