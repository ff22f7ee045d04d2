/*
 * Messages to many connections, on every instance: `hub.clients` and `hub.groups` deliver to this
 * instance's connections at once and publish on the backplane; messages from other instances are
 * delivered here the same way. Group changes for a connection another instance holds wait for
 * that instance's ack.
 */
import type { Backplane, BackplaneMessage } from './backplane';
import { createHubClients } from './clients';
import type { AudienceSink, HubClients } from './clients';
import { OutgoingMessage } from './connection';
import type { ConnectionRegistry } from './connection-registry';
import type { HubSettings } from './hub-options';
import { newId } from './ids';
import { MessageType } from './protocol/messages';
import type { InvocationMessage } from './protocol/messages';

export interface HubGroups {
  /** Adds a connection (on any instance) to a group; groups exist while they have members. */
  add(connectionId: string, group: string): Promise<void>;
  remove(connectionId: string, group: string): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class FanOut {
  readonly clients: HubClients;
  readonly groups: HubGroups;

  private readonly instanceId = newId();
  private readonly pendingAcks = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly subscription: Promise<() => Promise<void>>;
  /** Set once the subscription is active. */
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly settings: HubSettings,
    private readonly backplane: Backplane,
    private readonly registry: ConnectionRegistry,
    /** True from the moment the hub starts closing. */
    private readonly isClosed: () => boolean,
  ) {
    const sink: AudienceSink = {
      send: (audience, target, args) => this.publish({ kind: 'send', audience, target, arguments: args }),
      close: (audience, closeOptions) => this.publish({ kind: 'close', audience, ...closeOptions }),
    };
    this.clients = createHubClients(sink);
    this.groups = {
      add: (connectionId, group) => this.changeGroup('add', connectionId, group),
      remove: (connectionId, group) => this.changeGroup('remove', connectionId, group),
    };
    this.subscription = Promise.all([
      backplane.subscribe(settings.channel, (message) => {
        if (message.origin !== this.instanceId) this.received(message);
      }),
      backplane.subscribe(this.ackChannel(this.instanceId), (message) => {
        if (message.kind === 'ack') this.pendingAcks.get(message.ackId)?.resolve();
      }),
    ]).then((unsubscribes) => async () => {
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    });
    // After close, a subscription that never became active fails as its backplane shuts down.
    this.subscription.then(
      (unsubscribe) => {
        this.unsubscribe = unsubscribe;
      },
      (error: unknown) => {
        if (!isClosed()) settings.reportError(error);
      },
    );
  }

  /** Resolves once the backplane subscription is active. */
  async ready(): Promise<void> {
    await this.subscription;
  }

  /**
   * Tells the other instances a signed token opened a connection here: should this instance die,
   * the client's next request (re-routed by the balancer) gets 404 and the client reconnects,
   * instead of a second, silent connection.
   */
  announceOpened(signature: string, expiresAt: number): void {
    this.backplane
      .publish(this.settings.channel, { kind: 'opened', signature, expiresAt, origin: this.instanceId })
      .catch((error: unknown) => this.settings.reportError(error));
  }

  /** Rejects the group changes still waiting for an ack and leaves the backplane. */
  async close(): Promise<void> {
    for (const pending of [...this.pendingAcks.values()]) pending.reject(new Error('The hub closed.'));
    if (this.unsubscribe) {
      await this.unsubscribe();
    } else {
      // Not active yet (the backplane is unreachable): leave once it is, without waiting for it.
      this.subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  }

  private async publish(
    message: DistributiveOmit<Extract<BackplaneMessage, { kind: 'send' | 'close' }>, 'origin'>,
  ): Promise<void> {
    const full = { ...message, origin: this.instanceId } as BackplaneMessage;
    this.apply(full);
    // A message for connections this instance holds needs no other instance.
    const local =
      message.audience.kind === 'connections' &&
      message.audience.connectionIds.every((id) => this.registry.has(id));
    if (!local) await this.backplane.publish(this.settings.channel, full);
  }

  private ackChannel(instanceId: string): string {
    return `${this.settings.channel}:ack:${instanceId}`;
  }

  /** A message from another instance. */
  private received(message: BackplaneMessage): void {
    this.apply(message);
    // Only the instance holding the connection acks a group change, once it is applied.
    if (message.kind === 'group' && this.registry.has(message.connectionId)) {
      this.backplane
        .publish(this.ackChannel(message.origin), {
          kind: 'ack',
          ackId: message.ackId,
          origin: this.instanceId,
        })
        .catch((error: unknown) => this.settings.reportError(error));
    }
  }

  /** Delivers a backplane message to this instance's connections. */
  private apply(message: BackplaneMessage): void {
    switch (message.kind) {
      case 'send': {
        const invocation: InvocationMessage = {
          type: MessageType.Invocation,
          target: message.target,
          arguments: message.arguments,
        };
        const shared = new OutgoingMessage(invocation);
        for (const connection of this.registry.audience(message.audience)) connection.sendShared(shared);
        return;
      }
      case 'close':
        for (const connection of this.registry.audience(message.audience)) {
          connection.close({
            ...(message.error === undefined ? {} : { error: message.error }),
            ...(message.allowReconnect === undefined ? {} : { allowReconnect: message.allowReconnect }),
          });
        }
        return;
      case 'ack':
        return;
      case 'opened':
        this.registry.spend(message.signature, message.expiresAt);
        return;
      case 'group': {
        const connection = this.registry.get(message.connectionId);
        if (!connection) return;
        if (message.action === 'add') this.registry.addToGroup(connection, message.group);
        else this.registry.removeFromGroup(connection, message.group);
        return;
      }
    }
  }

  /**
   * Changes a group locally when this instance holds the connection; otherwise asks the others
   * and resolves once the holder acks, as ASP.NET Core's Redis backplane does.
   */
  private async changeGroup(action: 'add' | 'remove', connectionId: string, group: string): Promise<void> {
    const ackId = newId();
    const message: BackplaneMessage = {
      kind: 'group',
      action,
      connectionId,
      group,
      ackId,
      origin: this.instanceId,
    };
    if (this.registry.has(connectionId)) {
      this.apply(message);
      return;
    }
    if (this.isClosed()) throw new Error('The hub closed.');
    const timeoutMs = this.settings.groupAckTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const acked = new Promise<void>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        this.pendingAcks.delete(ackId);
      };
      this.pendingAcks.set(ackId, {
        resolve: () => {
          settle();
          resolve();
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      timer = setTimeout(() => {
        this.pendingAcks
          .get(ackId)
          ?.reject(
            new Error(
              `No instance acknowledged the ${action} of connection ${connectionId} within ${timeoutMs} ms.`,
            ),
          );
      }, timeoutMs);
    });
    // Marked as handled now: the timeout may fire while the publish is still under way.
    acked.catch(() => undefined);
    try {
      await this.backplane.publish(this.settings.channel, message);
    } catch (error) {
      clearTimeout(timer);
      this.pendingAcks.delete(ackId);
      throw error;
    }
    await acked;
  }
}
