// The backplane carries outgoing hub messages between the instances of one hub, the way ASP.NET
// Core's Redis backplane does: an instance delivers to the connections it holds at once, then
// publishes; every other instance receives and delivers to its own. Messages are plain JSON so a
// Redis implementation only needs JSON.stringify/JSON.parse around PUBLISH/SUBSCRIBE.

/** Who a message is for. Connections, users and groups are matched by each instance locally. */
export type Audience =
  | { kind: 'all'; excludedConnectionIds?: string[] }
  | { kind: 'connections'; connectionIds: string[] }
  | { kind: 'users'; userIds: string[] }
  | { kind: 'groups'; groups: string[]; excludedConnectionIds?: string[] };

export type BackplaneMessage = {
  /** The instance that published; it has already delivered to its own connections. */
  origin: string;
} & (
  | /** Invoke a client method (a non-blocking invocation, no result) on every connection in the audience. */
    {
      kind: 'send';
      audience: Audience;
      target: string;
      arguments: unknown[];
    } /** Add or remove a connection held by whichever instance has it. */
  | {
      kind: 'group';
      action: 'add' | 'remove';
      connectionId: string;
      group: string;
      /** The instance holding the connection answers with an `ack` of this id on the origin's ack channel. */
      ackId: string;
    } /** The group change `ackId` is done (sent on `${channel}:ack:${origin of the group message}`). */
  | {
      kind: 'ack';
      ackId: string;
    } /** Close connections (for example every connection of a user whose access was revoked). */
  | { kind: 'close'; audience: Audience; error?: string; allowReconnect?: boolean }
  /**
   * A connection was opened from the signed token with this signature (see the hub's `secret`):
   * every instance counts the token as spent until it expires, so a request re-routed after its
   * instance died cannot open the connection a second time elsewhere.
   */
  | { kind: 'opened'; signature: string; expiresAt: number }
);

export type BackplaneHandler = (message: BackplaneMessage) => void;

/**
 * Publish/subscribe between the instances of a hub. A hub uses one channel for its messages (see
 * the hub's `name` option), so several hubs can share one backplane, and each instance one more
 * for the acks of its group changes.
 *
 * Implementations must deliver a published message to every subscriber of the channel, the
 * publishing instance included, in publish order per publisher. Delivery may be asynchronous.
 */
export interface Backplane {
  publish(channel: string, message: BackplaneMessage): Promise<void>;
  /** Resolves once the subscription is active, with a function that ends it. */
  subscribe(channel: string, handler: BackplaneHandler): Promise<() => Promise<void>>;
}

/**
 * The default backplane: delivery within this process only. Share one instance between several
 * hubs to simulate scale-out in tests. Messages are cloned through JSON so nothing works here
 * that would fail over Redis.
 */
export class InMemoryBackplane implements Backplane {
  private readonly handlers = new Map<string, Set<BackplaneHandler>>();

  async publish(channel: string, message: BackplaneMessage): Promise<void> {
    const wire = JSON.stringify(message);
    for (const handler of [...(this.handlers.get(channel) ?? [])]) {
      handler(JSON.parse(wire) as BackplaneMessage);
    }
  }

  async subscribe(channel: string, handler: BackplaneHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    // A wrapper makes each subscription distinct even when the same handler subscribes twice.
    const subscription: BackplaneHandler = (message) => handler(message);
    set.add(subscription);
    return async () => {
      set.delete(subscription);
      if (set.size === 0) this.handlers.delete(channel);
    };
  }
}
