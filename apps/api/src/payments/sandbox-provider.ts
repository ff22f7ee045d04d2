/*
 * The payment sandbox: behaves like a hosted-checkout provider without leaving the machine. Its
 * checkout page (served by the api at /Sandbox/Checkout/{reference}) lets a person pay or decline,
 * and it then calls the api back with a notification signed by HMAC-SHA-256 under its secret.
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
}

export function sandboxPaymentProvider(secret: string): SandboxPaymentProvider {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  return {
    checkoutUrl: ({ reference, apiBaseUrl }) =>
      `${apiBaseUrl}/Sandbox/Checkout/${encodeURIComponent(reference)}`,
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
    verifyNotification(rawBody, signature) {
      if (signature === undefined || !/^[0-9a-f]{64}$/.test(signature)) return null;
      const expected = Buffer.from(sign(rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
      try {
        const parsed = JSON.parse(rawBody) as Partial<PaymentNotification>;
        if (
          typeof parsed.notificationId !== 'string' ||
          typeof parsed.reference !== 'string' ||
          (parsed.outcome !== 'Paid' && parsed.outcome !== 'Declined') ||
          typeof parsed.amountCents !== 'number'
        ) {
          return null;
        }
        return parsed as PaymentNotification;
      } catch {
        return null;
      }
    },
  };
}
