import { PushKeySchema } from '@sentinel/domain';
import type { PushSubscriptionRequest } from '@sentinel/domain';
import { Type } from '@sinclair/typebox';
import type { Caller } from './caller';

/** Web Push subscriptions of the signed-in staff member's browsers. */
export interface PushApi {
  /**
   * GET /My/PushSubscriptions/Key: the VAPID public key (base64url) to subscribe with as the
   * applicationServerKey; null when Web Push is not set up on the server.
   */
  publicKey(): Promise<string | null>;
  /**
   * PUT /My/PushSubscriptions: this browser receives the caller's alarms. Pass the browser's
   * PushSubscription.toJSON(); 409 when Web Push is not set up on the server.
   */
  subscribe(subscription: PushSubscriptionRequest): Promise<void>;
  /** DELETE /My/PushSubscriptions: this browser stops receiving them (404 when it was not the caller's). */
  unsubscribe(endpoint: string): Promise<void>;
}

/** A 204 answer: nothing to read. */
const NO_CONTENT = Type.Unknown();

export function createPushApi(caller: Pick<Caller, 'callAuthorised'>): PushApi {
  return {
    publicKey: async () =>
      (await caller.callAuthorised({ method: 'get', path: 'My/PushSubscriptions/Key' }, PushKeySchema))
        .publicKey,
    subscribe: async ({ endpoint, keys }) => {
      await caller.callAuthorised(
        { method: 'put', path: 'My/PushSubscriptions', json: { endpoint, keys } },
        NO_CONTENT,
      );
    },
    unsubscribe: async (endpoint) => {
      await caller.callAuthorised(
        { method: 'delete', path: 'My/PushSubscriptions', json: { endpoint } },
        NO_CONTENT,
      );
    },
  };
}
