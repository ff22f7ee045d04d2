/*
 * The application's side of a connection: its hub methods, invoked in order per connection, and
 * the hooks that run when a connection starts and ends.
 */
import type { HubCallerClients, HubClients } from './clients';
import { createHubCallerClients } from './clients';
import type { CloseOptions, Connection, HubUser } from './connection';
import type { HubGroups } from './fan-out';
import type { HubSettings } from './hub-options';
import { MessageType } from './protocol/messages';
import type { HubMessage, InvocationMessage } from './protocol/messages';
import type { TransportName } from './transports/transport';

/** What a hub method, `onConnected` and `onDisconnected` know about the connection. */
export interface HubContext {
  readonly connectionId: string;
  readonly user: HubUser | undefined;
  readonly transport: TransportName;
  /** Per-connection storage that lives as long as the connection. */
  readonly items: Map<string, unknown>;
  /** Aborted when the connection ends. */
  readonly signal: AbortSignal;
  readonly clients: HubCallerClients;
  readonly groups: HubGroups;
  /** Closes this connection. */
  close(options?: CloseOptions): void;
}

/** A method clients can invoke. The arguments are the JSON the client sent, unchecked. */
export type HubMethod<Args extends unknown[] = unknown[]> = (context: HubContext, ...args: Args) => unknown;

export type ConnectionHook = (context: HubContext) => void | Promise<void>;
export type DisconnectionHook = (context: HubContext, error: string | undefined) => void | Promise<void>;

/** Thrown from a hub method, its message reaches the client as the invocation's error. */
export class HubError extends Error {
  override name = 'HubError';
}

export class Invocations {
  readonly methods = new Map<string, HubMethod>();
  readonly connectedHooks: ConnectionHook[] = [];
  readonly disconnectedHooks: DisconnectionHook[] = [];

  private readonly queues = new WeakMap<Connection, Promise<void>>();
  private readonly contexts = new WeakMap<Connection, HubContext>();

  constructor(
    private readonly settings: HubSettings,
    private readonly clients: HubClients,
    private readonly groups: HubGroups,
  ) {}

  /** Runs the connected hooks; one that throws closes the connection. */
  connected(connection: Connection): void {
    this.enqueue(connection, async () => {
      const context = this.contextFor(connection);
      try {
        for (const hook of this.connectedHooks) await hook(context);
      } catch (error) {
        this.settings.reportError(error);
        connection.close({ error: 'Connection closed with an error.' });
      }
    });
  }

  /** Runs the disconnected hooks, after whatever the connection still had queued. */
  disconnected(connection: Connection, error: string | undefined): void {
    this.enqueue(connection, async () => {
      const context = this.contextFor(connection);
      for (const hook of this.disconnectedHooks) {
        try {
          await hook(context, error);
        } catch (hookError) {
          this.settings.reportError(hookError);
        }
      }
    });
  }

  dispatch(connection: Connection, message: HubMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        if (message.streamIds?.length) {
          this.complete(connection, message.invocationId, {
            error: 'Client-to-server streaming is not supported by this server.',
          });
          return;
        }
        this.enqueue(connection, () => this.invoke(connection, message));
        return;
      case MessageType.StreamInvocation:
        this.complete(connection, message.invocationId, {
          error: 'Streaming hub methods are not supported by this server.',
        });
        return;
      case MessageType.Close:
        connection.transportClosed();
        return;
      // Pings only refresh the client timeout (done on receipt); stream items, completions,
      // cancellations, acks and sequences belong to features this server does not offer.
      case MessageType.Ping:
      case MessageType.StreamItem:
      case MessageType.Completion:
      case MessageType.CancelInvocation:
      case MessageType.Ack:
      case MessageType.Sequence:
        return;
    }
  }

  private contextFor(connection: Connection): HubContext {
    let context = this.contexts.get(connection);
    if (!context) {
      context = {
        connectionId: connection.connectionId,
        user: connection.user,
        transport: connection.transport?.name ?? 'WebSockets',
        items: connection.items,
        signal: connection.signal,
        clients: createHubCallerClients(this.clients, connection.connectionId),
        groups: this.groups,
        close: (options) => connection.close(options),
      };
      this.contexts.set(connection, context);
    }
    return context;
  }

  /** Invocations of one connection run one after another, as in ASP.NET Core by default. */
  private enqueue(connection: Connection, work: () => Promise<void>): void {
    const previous = this.queues.get(connection) ?? Promise.resolve();
    this.queues.set(
      connection,
      previous.then(work).catch((error: unknown) => this.settings.reportError(error)),
    );
  }

  private async invoke(connection: Connection, message: InvocationMessage): Promise<void> {
    const method = this.methods.get(message.target);
    if (!method) {
      this.complete(connection, message.invocationId, { error: `Unknown hub method '${message.target}'.` });
      return;
    }
    let result: unknown;
    try {
      result = await method(this.contextFor(connection), ...message.arguments);
    } catch (error) {
      this.complete(connection, message.invocationId, { error: this.describe(error, message.target) });
      return;
    }
    this.complete(connection, message.invocationId, result === undefined ? {} : { result });
  }

  private describe(error: unknown, target: string): string {
    if (error instanceof HubError) return error.message;
    if (this.settings.detailedErrors && error instanceof Error) {
      return `An error occurred invoking '${target}' on the server. ${error.name}: ${error.message}`;
    }
    if (!this.settings.detailedErrors) this.settings.reportError(error);
    return `An unexpected error occurred invoking '${target}' on the server.`;
  }

  private complete(
    connection: Connection,
    invocationId: string | undefined,
    outcome: { result?: unknown; error?: string },
  ): void {
    // Non-blocking invocations (no id) get no answer at all.
    if (invocationId === undefined) return;
    try {
      connection.send({ type: MessageType.Completion, invocationId, ...outcome });
    } catch (error) {
      this.settings.reportError(error);
      connection.send({
        type: MessageType.Completion,
        invocationId,
        error: 'The result could not be serialised.',
      });
    }
  }
}
