/*
 * PayFast (South Africa's common gateway), per its developer documentation: the client's browser
 * posts a signed form to PayFast's process page; PayFast then posts an Instant Transaction
 * Notification (ITN) to notify_url, which is believed only after every documented check: its
 * signature (MD5 with our passphrase), its merchant id, its source address among PayFast's hosts,
 * its amount against the payment's, and PayFast's own validate endpoint answering VALID.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type {
  CheckoutForm,
  CheckoutRequest,
  NotificationRequest,
  PaymentProvider,
  Verification,
} from './payment-provider';

/** PayFast's live site: /eng/process takes the form, /eng/query/validate confirms an ITN. */
export const PAYFAST_LIVE_URL = 'https://www.payfast.co.za';

/** The hosts PayFast's documentation says ITNs come from. */
export const PAYFAST_ITN_HOSTS = [
  'www.payfast.co.za',
  'sandbox.payfast.co.za',
  'w1w.payfast.co.za',
  'w2w.payfast.co.za',
] as const;

export interface PayfastOptions {
  merchantId: string;
  merchantKey: string;
  /** Set on the merchant's PayFast account; without it anyone could compute a signature. */
  passphrase: string;
  /** @default PAYFAST_LIVE_URL */
  baseUrl?: string | undefined;
  /** Host names, addresses or CIDR ranges ITNs may come from. @default PAYFAST_ITN_HOSTS */
  itnSources?: readonly string[] | undefined;
  /** The validate call's time limit. @default 10000 */
  validateTimeoutMs?: number | undefined;
}

/**
 * PHP's urlencode, which PayFast's signatures use: upper-case escapes, a space as '+', and only
 * letters, digits and -_. left as they are.
 */
export function payfastEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** name=value pairs joined by '&', values encoded as PayFast signs them. */
export function payfastParamString(fields: readonly (readonly [string, string])[]): string {
  return fields.map(([name, value]) => `${name}=${payfastEncode(value)}`).join('&');
}

/** The MD5 signature of the fields in the order given, with the passphrase appended. */
export function payfastSignature(fields: readonly (readonly [string, string])[], passphrase: string): string {
  const withPassphrase = passphrase === '' ? fields : [...fields, ['passphrase', passphrase] as const];
  return createHash('md5').update(payfastParamString(withPassphrase)).digest('hex');
}

/** Amount in rand with two decimals, as PayFast's amount field wants it. */
const rand = (cents: number) => (cents / 100).toFixed(2);

function cents(amount: string | undefined): number | undefined {
  if (amount === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(amount)) return undefined;
  return Math.round(Number(amount) * 100);
}

/** IPv4 clients reach a dual-stack socket as ::ffff:a.b.c.d. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

async function allowedSources(sources: readonly string[]): Promise<BlockList> {
  const list = new BlockList();
  const add = (address: string) => {
    const family = isIP(address);
    if (family !== 0) list.addAddress(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  await Promise.all(
    sources.map(async (source) => {
      const [network, prefix] = source.split('/');
      if (prefix !== undefined && isIP(network!) !== 0) {
        list.addSubnet(network!, Number(prefix), isIP(network!) === 6 ? 'ipv6' : 'ipv4');
      } else if (isIP(source) !== 0) {
        add(source);
      } else {
        // A host name that does not resolve adds nothing: the check fails closed.
        const addresses = await lookup(source, { all: true }).catch(() => []);
        for (const { address } of addresses) add(address);
      }
    }),
  );
  return list;
}

export function payfastPaymentProvider(options: PayfastOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? PAYFAST_LIVE_URL).replace(/\/+$/, '');
  const sources = options.itnSources ?? PAYFAST_ITN_HOSTS;
  const timeoutMs = options.validateTimeoutMs ?? 10_000;

  /** The api's page for a payment: the link sent by SMS, and where PayFast sends the payer back. */
  const checkoutUrl = ({ reference, apiBaseUrl }: CheckoutRequest) =>
    `${apiBaseUrl}/Payments/Checkout/${encodeURIComponent(reference)}`;

  const checkoutForm = (request: CheckoutRequest): CheckoutForm => {
    const { reference, amountCents, description, apiBaseUrl } = request;
    const page = checkoutUrl(request);
    // The documented order; blank fields are left out of the form and the signature alike.
    const fields: [string, string][] = [
      ['merchant_id', options.merchantId],
      ['merchant_key', options.merchantKey],
      ['return_url', page],
      ['cancel_url', page],
      ['notify_url', `${apiBaseUrl}/Payments/Notifications`],
      ['m_payment_id', reference],
      ['amount', rand(amountCents)],
      ['item_name', description],
    ];
    const trimmed = fields
      .map(([name, value]) => [name, value.trim()] as [string, string])
      .filter(([, value]) => value !== '');
    return {
      action: `${baseUrl}/eng/process`,
      fields: [...trimmed, ['signature', payfastSignature(trimmed, options.passphrase)]],
    };
  };

  /** PayFast's own word on the ITN: its validate endpoint answers VALID or INVALID. */
  const confirmedByPayfast = async (paramString: string) => {
    try {
      const answer = await fetch(`${baseUrl}/eng/query/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: paramString,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return answer.ok && (await answer.text()).trim() === 'VALID';
    } catch {
      return false;
    }
  };

  return {
    checkoutUrl,
    checkoutForm,
    async verifyNotification(request: NotificationRequest): Promise<Verification> {
      const posted = [...new URLSearchParams(request.rawBody)];
      const signature = posted.find(([name]) => name === 'signature')?.[1];
      // Signed are the fields as posted, in their order, blank ones included, up to the signature.
      const signatureAt = posted.findIndex(([name]) => name === 'signature');
      const signed = signatureAt === -1 ? posted : posted.slice(0, signatureAt);
      const expected = payfastSignature(signed, options.passphrase);
      if (
        signature === undefined ||
        !/^[0-9a-f]{32}$/.test(signature) ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      ) {
        return { refused: 'The notification is not signed by PayFast.' };
      }
      const field = (name: string) => signed.find(([key]) => key === name)?.[1];
      if (field('merchant_id') !== options.merchantId) {
        return { refused: 'The notification is for another merchant.' };
      }
      // Checked only now, so an unsigned flood costs no DNS lookups.
      if (!(await allowedSources(sources)).check(plainAddress(request.sourceAddress))) {
        return { refused: 'The notification does not come from PayFast.' };
      }
      const reference = field('m_payment_id') ?? '';
      const amountCents = cents(field('amount_gross'));
      const due = await request.amountDue(reference);
      if (due === undefined) return { refused: 'The notification names no payment of ours.' };
      if (amountCents !== due) return { refused: 'The amount paid is not the amount due.' };
      const status = field('payment_status');
      const outcome = status === 'COMPLETE' ? 'Paid' : status === 'CANCELLED' ? 'Declined' : null;
      const paymentId = field('pf_payment_id');
      if (outcome === null || paymentId === undefined || paymentId === '') {
        return { refused: 'The notification has no payment id or a status this api does not handle.' };
      }
      if (!(await confirmedByPayfast(payfastParamString(signed)))) {
        return { refused: 'PayFast did not confirm the notification.' };
      }
      return {
        notification: { notificationId: `payfast:${paymentId}`, reference, outcome, amountCents },
      };
    },
  };
}
