/*
 * How deposits are collected: a hosted-checkout provider gives each payment a page where the
 * client pays, and tells the api the outcome with a signed notification. The embedded default is
 * the sandbox (sandbox-provider.ts); a real provider implements the same interface.
 */

export interface CheckoutRequest {
  /** Ours, unique per payment; the provider quotes it back in its notification. */
  reference: string;
  amountCents: number;
  description: string;
  /** The api's own base URL as the caller reached it, for providers whose pages it serves. */
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

export interface PaymentProvider {
  /** The page where the client pays this payment. */
  checkoutUrl(request: CheckoutRequest): string;
  /**
   * The notification in this raw body, when its signature (the header's value) is the provider's;
   * null for an unsigned, badly signed or malformed one.
   */
  verifyNotification(rawBody: string, signature: string | undefined): PaymentNotification | null;
}
