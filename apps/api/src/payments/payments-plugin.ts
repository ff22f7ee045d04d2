import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './payment-provider';
import { sandboxPaymentProvider } from './sandbox-provider';
import type { SandboxPaymentProvider } from './sandbox-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Collects deposits: the sandbox unless a real provider is given. */
    paymentProvider: PaymentProvider;
    /** The sandbox, when it is the provider: its checkout page is served then. */
    paymentSandbox: SandboxPaymentProvider | null;
  }
}

export interface PaymentsPluginOptions {
  /** A real hosted-checkout provider; @default the sandbox */
  provider?: PaymentProvider | undefined;
  /** The sandbox's HMAC key; @default PAYMENT_SANDBOX_SECRET, else random per instance */
  sandboxSecret?: string | undefined;
}

export const paymentsPlugin = fp<PaymentsPluginOptions>(
  (app, options, done) => {
    const sandbox =
      options.provider === undefined
        ? sandboxPaymentProvider(
            options.sandboxSecret ?? process.env['PAYMENT_SANDBOX_SECRET'] ?? randomBytes(32).toString('hex'),
          )
        : null;
    app.decorate('paymentProvider', options.provider ?? sandbox!);
    app.decorate('paymentSandbox', sandbox);
    done();
  },
  { name: 'sentinel-payments' },
);
