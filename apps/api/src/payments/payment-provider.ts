/*
 * How deposits are collected: a hosted-checkout provider gives each payment a page where the
 * client pays, and tells the api the outcome with a signed notification. PAYMENT_PROVIDER picks
 * PayFast (payfast-provider.ts) or, outside production, the sandbox (sandbox-provider.ts).
 */

/** What the deposit is called on the provider's page and statement. */
export const DEPOSIT_DESCRIPTION = 'Sentinel installation deposit';

export interface CheckoutRequest {
  /** Ours, unique per payment; the provider quotes it back in its notification. */
  reference: string;
  amountCents: number;
  description: string;
  /** The api's public base URL from configuration (PUBLIC_API_URL), never from request headers. */
  apiBaseUrl: string;
}

export type PaymentOutcome = 'Paid' | 'Declined';

/** What a verified notification says. */
export interface PaymentNotification {
  /** Unique per notification: one seen before is a replay and changes nothing. */
  notificationId: string;
  reference: string;
  outcome: PaymentOutcome;
  amountCents: number;
}

/** A notification as it reached the api. */
export interface NotificationRequest {
  /** The body as sent: signatures cover these bytes. */
  rawBody: string;
  header(name: string): string | undefined;
  /** The sender's address, as the trusted proxies report it. */
  sourceAddress: string;
  /** The amount of our payment with this reference; undefined for one we never issued. */
  amountDue(reference: string): Promise<number | undefined>;
}

export type Verification = { notification: PaymentNotification } | { refused: string };

/** The signed form a person's browser posts to the provider's hosted page. */
export interface CheckoutForm {
  action: string;
  fields: [name: string, value: string][];
}

export interface PaymentProvider {
  /** The page where the client pays this payment. */
  checkoutUrl(request: CheckoutRequest): string;
  /** The notification, when the provider sent it; a refusal with its reason otherwise. */
  verifyNotification(request: NotificationRequest): Promise<Verification>;
  /** For providers paid through a form posted from the api's own checkout page. */
  checkoutForm?(request: CheckoutRequest): CheckoutForm;
}
