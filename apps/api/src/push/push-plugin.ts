/*
 * Web Push to staff browsers: app.webPush sends one message to one subscription.
 *
 * web-push builds the request (the VAPID JWT for the push service's origin, the payload encrypted
 * for the browser's keys as RFC 8291's aes128gcm); the api sends it with fetch. web-push's own
 * sendNotification speaks only https and times out only an idle socket, where fetch bounds the
 * whole answer and lets the tests' push service be a plain local HTTP server. The routes refuse
 * any endpoint that is not an https URL, so nothing else is ever stored to be sent to.
 */
import fp from 'fastify-plugin';
import webPush from 'web-push';
import { DeliveryError } from '../providers/messages';
import { vapidDetails } from './web-push-settings';
import type { VapidDetails, WebPushOptions } from './web-push-settings';

/** A browser's subscription, as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface WebPushSender {
  /** The VAPID public key browsers subscribe with; undefined when Web Push is not set up. */
  readonly publicKey: string | undefined;
  /**
   * Sends `payload` (JSON text) to one subscription. Throws DeliveryError: permanent when the
   * push service says the subscription is gone (404, 410: a SubscriptionGoneError, whose
   * subscription should be deleted) or refuses the message (400, 401, 403, 413 and the other 4xx
   * but 408 and 429); not permanent when it is busy or down (408, 429, 5xx, no answer in time).
   */
  send(target: PushTarget, payload: string): Promise<void>;
}

/** The push service says the subscription no longer exists (404, 410): delete it. */
export class SubscriptionGoneError extends DeliveryError {
  constructor(message: string) {
    super(message, true);
    this.name = 'SubscriptionGoneError';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPushSender;
  }
}

/** An alarm an hour old is stale: a browser offline longer gets the queue, not a late alarm. */
export const DEFAULT_PUSH_TTL_SECONDS = 3600;
export const DEFAULT_PUSH_TIMEOUT_MS = 10_000;

/** The sender of one server's VAPID details. */
export function webPushSender(
  vapid: VapidDetails,
  options: Pick<WebPushOptions, 'ttlSeconds' | 'timeoutMs'> = {},
): WebPushSender {
  const ttl = options.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  return {
    publicKey: vapid.publicKey,
    async send(target, payload) {
      let request: webPush.RequestDetails;
      try {
        request = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails: vapid, TTL: ttl, urgency: 'high', contentEncoding: 'aes128gcm' },
        );
      } catch (error) {
        // Keys that do not make a P-256 point or a URL that is none: sending again cannot help.
        throw new DeliveryError(`The push subscription cannot be used: ${(error as Error).message}`, true);
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch counts the body itself.
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      let answer: Response;
      try {
        answer = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          ...(request.body === null ? {} : { body: new Uint8Array(request.body) }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? 'did not answer in time'
            : 'could not be reached';
        throw new DeliveryError(`The push service ${reason}.`, false);
      }
      // The body says nothing the status does not; read it only to free the connection.
      await answer.arrayBuffer().catch(() => undefined);
      if (answer.ok) return;
      const status = answer.status;
      if (status === 404 || status === 410) {
        throw new SubscriptionGoneError(`The push service says the subscription is gone (${status}).`);
      }
      if (status === 408 || status === 429 || status >= 500) {
        throw new DeliveryError(`The push service is busy or down (${status}).`, false);
      }
      throw new DeliveryError(`The push service refused the message (${status}).`, true);
    },
  };
}

/** The sender when VAPID_* are not set: nothing can be sent, and browsers are told so. */
const OFF: WebPushSender = {
  publicKey: undefined,
  send: () => Promise.reject(new DeliveryError('Web Push is not set up (VAPID_PUBLIC_KEY).', true)),
};

export const pushPlugin = fp<WebPushOptions>(
  (app, options, done) => {
    let vapid: VapidDetails | undefined;
    try {
      vapid = vapidDetails(options);
    } catch (error) {
      done(error as Error);
      return;
    }
    app.decorate('webPush', vapid === undefined ? OFF : webPushSender(vapid, options));
    done();
  },
  { name: 'sentinel-push' },
);
