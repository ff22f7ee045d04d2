import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './payment-provider';
import { payfastPaymentProvider } from './payfast-provider';
import type { PayfastOptions } from './payfast-provider';
import { sandboxPaymentProvider } from './sandbox-provider';
import type { SandboxPaymentProvider } from './sandbox-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Collects deposits: PayFast, the sandbox, or a provider given in code. */
    paymentProvider: PaymentProvider;
    /** The sandbox, when it is the provider: its checkout page is served then, and only then. */
    paymentSandbox: SandboxPaymentProvider | null;
    /** The api's public base URL, from configuration: payment links and notify_url start with it. */
    publicApiUrl: string;
  }
}

export interface PaymentsPluginOptions {
  /** Which provider collects deposits. @default 'sandbox' (`start` refuses it in production) */
  provider?: 'sandbox' | 'payfast' | PaymentProvider | undefined;
  /** PayFast's account and endpoints, required with provider 'payfast'. */
  payfast?: PayfastOptions | undefined;
  /** The sandbox's HMAC key; @default PAYMENT_SANDBOX_SECRET, else random per instance */
  sandboxSecret?: string | undefined;
  /** Where the api is reached from outside (PUBLIC_API_URL). @default 'http://localhost:5080' */
  publicApiUrl?: string | undefined;
}

export const paymentsPlugin = fp<PaymentsPluginOptions>(
  (app, options, done) => {
    const chosen = options.provider ?? 'sandbox';
    const sandbox =
      chosen === 'sandbox'
        ? sandboxPaymentProvider(
            options.sandboxSecret ?? process.env['PAYMENT_SANDBOX_SECRET'] ?? randomBytes(32).toString('hex'),
          )
        : null;
    let provider: PaymentProvider;
    if (chosen === 'payfast') {
      if (options.payfast === undefined) {
        done(new Error('The payfast payment provider needs its merchant id, key and passphrase.'));
        return;
      }
      provider = payfastPaymentProvider(options.payfast);
    } else {
      provider = chosen === 'sandbox' ? sandbox! : chosen;
    }
    app.decorate('paymentProvider', provider);
    app.decorate('paymentSandbox', sandbox);
    app.decorate('publicApiUrl', (options.publicApiUrl ?? 'http://localhost:5080').replace(/\/+$/, ''));
    done();
  },
  { name: 'sentinel-payments' },
);
