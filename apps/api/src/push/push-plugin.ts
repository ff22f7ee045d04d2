/* Web Push to staff browsers: app.webPush sends one message to one subscription. */
import fp from 'fastify-plugin';
import { DeliveryError } from '../providers/messages';
import type { WebPushOptions } from './web-push-settings';

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
   * push service says the subscription is gone (404, 410) or refuses the message (400, 413).
   */
  send(target: PushTarget, payload: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPushSender;
  }
}

export const pushPlugin = fp<WebPushOptions>(
  (app, _options, done) => {
    app.decorate('webPush', {
      publicKey: undefined,
      send: () => Promise.reject(new DeliveryError('Web Push is not set up (VAPID_PUBLIC_KEY).', true)),
    } satisfies WebPushSender);
    done();
  },
  { name: 'sentinel-push' },
);
