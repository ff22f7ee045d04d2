import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { formatRand } from '@sentinel/domain';
import { Type } from '@sinclair/typebox';
import { notFound, ProblemDetailsRef } from '../errors';
import { applyNotification, findPayment } from './payment-queries';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-provider';

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
  // The checkout page's buttons post empty forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
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
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SANDBOX_SIGNATURE_HEADER];
      const notification = app.paymentProvider.verifyNotification(
        raw,
        typeof header === 'string' ? header : undefined,
      );
      if (notification === null) {
        return reply.code(401).send({
          title: 'Unauthorized',
          status: 401,
          message: 'The notification is not signed by the payment provider.',
        });
      }
      return { result: await applyNotification(app.db, notification) };
    },
  );

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
            `<form method="post" action="${action}/Pay" style="display:inline"><button type="submit">Pay ${amount}</button></form>` +
            `<form method="post" action="${action}/Decline" style="display:inline"><button type="submit">Decline</button></form>`
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
