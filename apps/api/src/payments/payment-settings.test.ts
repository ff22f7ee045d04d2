import { describe, expect, it } from 'vitest';
import { paymentOptions, serverBuildOptions } from '../config';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'k3y-0f-th1rty-tw0-ch4r4ct3rs-long-4nd-mix3d',
  CORS_ORIGINS: 'https://dashboard.sentinel.example',
  PUBLIC_API_URL: 'https://api.sentinel.example',
};
const PAYFAST = {
  PAYMENT_PROVIDER: 'payfast',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
};

describe('PAYMENT_PROVIDER and PUBLIC_API_URL', () => {
  it('keeps the sandbox outside production, with links on the listening address', () => {
    expect(paymentOptions({})).toEqual({
      payments: { provider: 'sandbox', publicApiUrl: 'http://127.0.0.1:5080' },
    });
    expect(paymentOptions({ PORT: '5280', HOST: '0.0.0.0' }).payments?.publicApiUrl).toBe(
      'http://localhost:5280',
    );
    expect(paymentOptions({ PUBLIC_API_URL: 'https://api.example.com' }).payments?.publicApiUrl).toBe(
      'https://api.example.com',
    );
  });

  it('refuses the sandbox in production, and a production start without a provider or a public URL', () => {
    expect(() => serverBuildOptions({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER cannot be sandbox with NODE_ENV=production/,
    );
    expect(() => serverBuildOptions(PRODUCTION)).toThrow(/PAYMENT_PROVIDER must be set to payfast/);
    const { PUBLIC_API_URL: _unset, ...withoutUrl } = PRODUCTION;
    expect(() => serverBuildOptions({ ...withoutUrl, ...PAYFAST })).toThrow(/PUBLIC_API_URL must be set/);
    expect(serverBuildOptions({ ...PRODUCTION, ...PAYFAST }).payments?.provider).toBe('payfast');
  });

  it('reads every PayFast setting, with the live site and its documented hosts by default', () => {
    expect(paymentOptions(PAYFAST).payments?.payfast).toEqual({
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase: 'jt7NOE43FZPn',
      baseUrl: undefined,
      itnSources: undefined,
    });
    const custom = paymentOptions({
      ...PAYFAST,
      PAYFAST_URL: 'https://sandbox.payfast.co.za',
      PAYFAST_ITN_SOURCES: 'sandbox.payfast.co.za, 197.97.145.144/28',
    }).payments?.payfast;
    expect(custom).toMatchObject({
      baseUrl: 'https://sandbox.payfast.co.za',
      itnSources: ['sandbox.payfast.co.za', '197.97.145.144/28'],
    });
  });

  it('names each missing PayFast setting and refuses an unknown provider or a bad URL', () => {
    for (const name of ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY', 'PAYFAST_PASSPHRASE'] as const) {
      expect(() => paymentOptions({ ...PAYFAST, [name]: '' })).toThrow(name);
    }
    expect(() => paymentOptions({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/sandbox or payfast/);
    expect(() => paymentOptions({ PUBLIC_API_URL: 'api.example.com' })).toThrow(/PUBLIC_API_URL/);
  });
});
