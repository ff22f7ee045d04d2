/*
 * The payment sandbox: behaves like a hosted-checkout provider without leaving the machine. Its
 * checkout page (served by the api at /Sandbox/Checkout/{reference}, only with
 * PAYMENT_PROVIDER=sandbox and never in production) lets a person pay or decline; its forms carry a
 * token signed for that payment and outcome, so a bare POST pays nothing. It then calls the api back
 * with a notification signed by HMAC-SHA-256 under its secret.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { PaymentNotification, PaymentOutcome, PaymentProvider } from './payment-provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxPaymentProvider extends PaymentProvider {
  /** The body and signature the sandbox sends when the person pays or declines. */
  signedNotification(
    reference: string,
    outcome: PaymentOutcome,
    amountCents: number,
  ): { body: string; signature: string };
  /** The token the checkout page's Pay or Decline form carries for this payment. */
  checkoutToken(reference: string, outcome: PaymentOutcome): string;
  /** Whether a posted token is the one checkoutToken gives. */
  validCheckoutToken(reference: string, outcome: PaymentOutcome, token: string | undefined): boolean;
}

const sameHex = (given: string | undefined, expected: string) =>
  given !== undefined &&
  given.length === expected.length &&
  /^[0-9a-f]+$/.test(given) &&
  timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));

export function sandboxPaymentProvider(secret: string): SandboxPaymentProvider {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  const checkoutToken = (reference: string, outcome: PaymentOutcome) =>
    sign(`sandbox-checkout\n${reference}\n${outcome}`);
  return {
    checkoutUrl: ({ reference, apiBaseUrl }) =>
      `${apiBaseUrl}/Sandbox/Checkout/${encodeURIComponent(reference)}`,
    checkoutToken,
    validCheckoutToken: (reference, outcome, token) => sameHex(token, checkoutToken(reference, outcome)),
    signedNotification(reference, outcome, amountCents) {
      const notification: PaymentNotification = {
        notificationId: randomUUID(),
        reference,
        outcome,
        amountCents,
      };
      const body = JSON.stringify(notification);
      return { body, signature: sign(body) };
    },
    verifyNotification({ rawBody, header }) {
      const refused = { refused: 'The notification is not signed by the payment provider.' };
      if (!sameHex(header(SANDBOX_SIGNATURE_HEADER), sign(rawBody))) return Promise.resolve(refused);
      try {
        const parsed = JSON.parse(rawBody) as Partial<PaymentNotification>;
        if (
          typeof parsed.notificationId !== 'string' ||
          typeof parsed.reference !== 'string' ||
          (parsed.outcome !== 'Paid' && parsed.outcome !== 'Declined') ||
          typeof parsed.amountCents !== 'number'
        ) {
          return Promise.resolve(refused);
        }
        return Promise.resolve({ notification: parsed as PaymentNotification });
      } catch {
        return Promise.resolve(refused);
      }
    },
  };
}
