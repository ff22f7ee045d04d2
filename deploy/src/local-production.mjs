// The payment settings a production-mode run on one machine falls back to (npm run serve, the
// deploy tests and the scale bench), since production refuses the payment sandbox: PayFast's public
// sandbox site and the generic test merchant its documentation lists. PayFast cannot reach a
// notify_url on this machine, so no deposit is paid in such a run; a deployment sets its own
// merchant, passphrase and public address (README.md, "Production mode").
import { randomBytes } from 'node:crypto';

export const PAYFAST_SANDBOX_URL = 'https://sandbox.payfast.co.za';

/**
 * The payment settings to add to `env`: `publicApiUrl` unless PUBLIC_API_URL is set, and the sandbox
 * merchant unless PAYMENT_PROVIDER is (a provider given comes with its own settings).
 * @param {Record<string, string | undefined>} env
 * @param {string} publicApiUrl
 * @returns {Record<string, string>}
 */
export function localPaymentSettings(env, publicApiUrl) {
  return {
    ...(env.PUBLIC_API_URL?.trim() ? {} : { PUBLIC_API_URL: publicApiUrl }),
    ...(env.PAYMENT_PROVIDER?.trim()
      ? {}
      : {
          PAYMENT_PROVIDER: 'payfast',
          PAYFAST_URL: PAYFAST_SANDBOX_URL,
          PAYFAST_MERCHANT_ID: '10000100',
          PAYFAST_MERCHANT_KEY: '46f0cd694581a',
          // The sandbox merchant's passphrase is not published; a random one keeps the setting's rule.
          PAYFAST_PASSPHRASE: randomBytes(16).toString('hex'),
        }),
  };
}
