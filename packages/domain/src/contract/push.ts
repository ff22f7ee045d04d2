/*
 * Web Push to staff browsers: a browser subscribes at its push service with the api's VAPID public
 * key, hands the api its subscription (PushSubscription.toJSON()), and the api sends each new alarm
 * in the scope of the person signed in there to it, encrypted for that browser alone (RFC 8291).
 * The dashboard's service worker (apps/dashboard/public/alarm-service-worker.js) shows the message,
 * a StaffPushPayload (notification-messages.ts), also when no dashboard tab is open.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { FieldErrors } from '../messages';
import { Nullable } from './common';

/** The longest push endpoint taken; the push services' own are under 500 characters. */
export const MAX_PUSH_ENDPOINT_LENGTH = 1000;

/** GET /My/PushSubscriptions/Key answer. */
export const PushKeySchema = Type.Object({
  publicKey: Nullable(
    Type.String({
      description:
        "The VAPID public key (base64url, 65 bytes) to pass as the subscription's applicationServerKey; " +
        'null when Web Push is not set up on this server.',
    }),
  ),
});
export type PushKey = Static<typeof PushKeySchema>;

/** PUT /My/PushSubscriptions body: the browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionRequestSchema = Type.Object({
  endpoint: Type.String({
    maxLength: MAX_PUSH_ENDPOINT_LENGTH,
    description: "The browser's push service URL for this subscription (https).",
  }),
  expirationTime: Type.Optional(
    Nullable(Type.Number({ description: 'Sent by browsers; not used (push services set none).' })),
  ),
  keys: Type.Object({
    p256dh: Type.String({ maxLength: 100, description: "The browser's P-256 public key, base64url." }),
    auth: Type.String({ maxLength: 100, description: "The browser's 16-byte auth secret, base64url." }),
  }),
});
export type PushSubscriptionRequest = Static<typeof PushSubscriptionRequestSchema>;

/** DELETE /My/PushSubscriptions body: which of the caller's browsers stops receiving alarms. */
export const PushUnsubscribeRequestSchema = Type.Object({
  endpoint: Type.String({ maxLength: MAX_PUSH_ENDPOINT_LENGTH }),
});
export type PushUnsubscribeRequest = Static<typeof PushUnsubscribeRequestSchema>;

export const PUSH_MESSAGES = {
  endpoint: "Send the https URL of the browser's push service.",
  p256dh: "Send the browser's P-256 public key: 65 bytes, base64url.",
  auth: "Send the browser's 16-byte auth secret, base64url.",
  notSetUp: 'Web Push is not set up on this server.',
  notFound: 'This browser is not subscribed to your alarms.',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes a base64url text decodes to (padding allowed); undefined when it is not base64url. */
export function base64urlLength(text: string): number | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const unpadded = text.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return undefined;
  if (text.length !== unpadded.length && text.length % 4 !== 0) return undefined;
  return Math.floor((unpadded.length * 6) / 8);
}

/**
 * The WHATWG URL parser, which browsers and Node both have; declared here because the domain is
 * built against the ECMAScript library alone, which names neither.
 */
declare const URL: new (input: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
};

/** A host that is an address rather than a name: no push service is reached that way. */
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** Whether `endpoint` may be a push service's URL: https, a host name (not localhost or an address), no user. */
export function isPushEndpoint(endpoint: string): boolean {
  if (endpoint.length > MAX_PUSH_ENDPOINT_LENGTH) return false;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    host.includes('.') &&
    !IP_LITERAL.test(host) &&
    host !== 'localhost' &&
    !host.endsWith('.localhost')
  );
}

/**
 * The field errors of a subscription a browser sends (Endpoint, Keys.P256dh, Keys.Auth), by the
 * shapes RFC 8291 gives them: an uncompressed P-256 point (65 bytes) and a 16-byte secret.
 */
export function pushSubscriptionErrors(request: PushSubscriptionRequest): FieldErrors {
  const errors: FieldErrors = {};
  if (!isPushEndpoint(request.endpoint)) errors['Endpoint'] = [PUSH_MESSAGES.endpoint];
  if (base64urlLength(request.keys.p256dh) !== 65) errors['Keys.P256dh'] = [PUSH_MESSAGES.p256dh];
  if (base64urlLength(request.keys.auth) !== 16) errors['Keys.Auth'] = [PUSH_MESSAGES.auth];
  return errors;
}
