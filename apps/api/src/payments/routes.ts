import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { formatRand } from '@sentinel/domain';
import { Type } from '@sinclair/typebox';
import { notFound, ProblemDetailsRef } from '../errors';
import { applyNotification, findPayment } from './payment-queries';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-provider';
import { DEPOSIT_DESCRIPTION } from './payment-provider';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}` +
  `button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * Public payment routes: the provider's notifications (verified by signature, never by a token)
 * and, when the sandbox is the provider, its checkout page with Pay and Decline.
 */
export const paymentPublicRoutes: FastifyPluginAsync = async (app) => {
  // The signature covers the bytes sent, so the body is read as text and parsed after checking.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  // PayFast's notifications and the sandbox page's forms: kept as text for the same reason.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/Payments/Notifications',
    {
      schema: {
        tags: ['Payments'],
        summary: "The payment provider's signed notification of a payment's outcome",
        hide: false,
        response: { 200: Type.Object({ result: Type.String() }), 401: ProblemDetailsRef },
      },
    },
    async (request: FastifyRequest, reply) => {
      const verification = await app.paymentProvider.verifyNotification({
        rawBody: typeof request.body === 'string' ? request.body : '',
        header: (name) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        },
        sourceAddress: request.ip,
        amountDue: async (reference) => (await findPayment(app.db, reference))?.amountCents,
      });
      if ('refused' in verification) {
        request.log.warn({ reason: verification.refused }, 'payment notification refused');
        return reply.code(401).send({ title: 'Unauthorized', status: 401, message: verification.refused });
      }
      return { result: await applyNotification(app.db, verification.notification) };
    },
  );

  const checkoutForm = app.paymentProvider.checkoutForm?.bind(app.paymentProvider);
  if (checkoutForm !== undefined) {
    // The link sent by SMS: the payment's state, and for a pending one a button posting the
    // provider's signed form, signed only now so a superseded link starts nothing.
    app.get<{ Params: { reference: string } }>(
      '/Payments/Checkout/:reference',
      { schema: { hide: true } },
      async (request, reply) => {
        const payment = await findPayment(app.db, request.params.reference);
        if (!payment) throw notFound('This payment link is not known.');
        const amount = formatRand(payment.amountCents);
        if (payment.status !== 'Pending') {
          const body = `<p role="status">This payment is ${escapeHtml(payment.status.toLowerCase())}.</p>`;
          return reply.type('text/html; charset=utf-8').send(page('Sentinel deposit', body));
        }
        const form = checkoutForm({
          reference: payment.reference,
          amountCents: payment.amountCents,
          description: DEPOSIT_DESCRIPTION,
          apiBaseUrl: app.publicApiUrl,
        });
        const inputs = form.fields
          .map(
            ([name, value]) =>
              `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
          )
          .join('');
        const body =
          `<p>Deposit due: <strong>${amount}</strong></p><p>Reference ${escapeHtml(payment.reference)}</p>` +
          `<form method="post" action="${escapeHtml(form.action)}">${inputs}<button type="submit">Pay ${amount}</button></form>`;
        // The form posts to the provider's origin: the one place form-action allows another origin.
        void reply.header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; form-action ${new URL(form.action).origin}; base-uri 'none'; frame-ancestors 'none'`,
        );
        return reply.type('text/html; charset=utf-8').send(page('Sentinel deposit', body));
      },
    );
  }

  const sandbox = app.paymentSandbox;
  if (sandbox === null) return;

  app.get<{ Params: { reference: string } }>(
    '/Sandbox/Checkout/:reference',
    // A page for a person, not an api call: kept out of the OpenAPI document.
    { schema: { hide: true } },
    async (request, reply) => {
      const payment = await findPayment(app.db, request.params.reference);
      if (!payment) throw notFound('This payment link is not known.');
      const amount = formatRand(payment.amountCents);
      const action = `/Sandbox/Checkout/${encodeURIComponent(payment.reference)}`;
      const body =
        payment.status === 'Pending'
          ? `<p>Deposit due: <strong>${amount}</strong></p><p>Reference ${escapeHtml(payment.reference)}</p>` +
            `<form method="post" action="${action}/Pay" style="display:inline"><input type="hidden" name="token" value="${sandbox.checkoutToken(payment.reference, 'Paid')}"><button type="submit">Pay ${amount}</button></form>` +
            `<form method="post" action="${action}/Decline" style="display:inline"><input type="hidden" name="token" value="${sandbox.checkoutToken(payment.reference, 'Declined')}"><button type="submit">Decline</button></form>`
          : `<p>This payment is ${escapeHtml(payment.status.toLowerCase())}.</p>`;
      return reply.type('text/html; charset=utf-8').send(page('Sentinel payment sandbox', body));
    },
  );

  app.post<{ Params: { reference: string; outcome: string } }>(
    '/Sandbox/Checkout/:reference/:outcome',
    { schema: { hide: true } },
    async (request, reply) => {
      const outcome =
        request.params.outcome === 'Pay' ? 'Paid' : request.params.outcome === 'Decline' ? 'Declined' : null;
      const payment = await findPayment(app.db, request.params.reference);
      if (!payment || outcome === null) throw notFound('This payment link is not known.');
      // Only the sandbox's own page, which signs its forms, can pay or decline.
      const token = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('token');
      if (!sandbox.validCheckoutToken(payment.reference, outcome, token ?? undefined)) {
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(page('Sentinel payment sandbox', '<p role="alert">Please pay from the checkout page.</p>'));
      }
      // As a hosted provider would: the sandbox calls the api back with a signed notification.
      const { body, signature } = sandbox.signedNotification(payment.reference, outcome, payment.amountCents);
      const answer = await app.inject({
        method: 'POST',
        url: '/Payments/Notifications',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      const applied = answer.statusCode === 200 && answer.json<{ result: string }>().result === 'applied';
      const message = !applied
        ? 'This payment was already settled.'
        : outcome === 'Paid'
          ? 'Thank you: your deposit is paid. You may close this page.'
          : 'The payment was declined.';
      return reply
        .type('text/html; charset=utf-8')
        .send(page('Sentinel payment sandbox', `<p role="status">${message}</p>`));
    },
  );
};
