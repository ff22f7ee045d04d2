/*
 * The hub as the application sees it: methods and hooks to register, `clients` and `groups` to
 * address connections, and the mounting points. It puts together the parts that do the work:
 * the options (hub-options.ts), the HTTP endpoints (endpoints.ts), the connections this instance
 * holds (connection-registry.ts), the messages to many connections across instances (fan-out.ts)
 * and the hub methods and hooks (invocations.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { InMemoryBackplane } from './backplane';
import type { HubClients } from './clients';
import type { CloseOptions } from './connection';
import { ConnectionRegistry } from './connection-registry';
import { HubEndpoints } from './endpoints';
import { FanOut } from './fan-out';
import type { HubGroups } from './fan-out';
import { resolveOptions } from './hub-options';
import type { HubOptions } from './hub-options';
import { Invocations } from './invocations';
import type { ConnectionHook, DisconnectionHook, HubMethod } from './invocations';
import { LongPollingTransport } from './transports/long-polling-transport';

/** A SignalR hub server: see README.md. Create with `createHub`. */
export class Hub {
  readonly clients: HubClients;
  readonly groups: HubGroups;

  private readonly registry: ConnectionRegistry;
  private readonly fanOut: FanOut;
  private readonly endpoints: HubEndpoints;
  private readonly invocations: Invocations;
  private closed = false;

  constructor(options: HubOptions) {
    const settings = resolveOptions(options);
    const isClosed = () => this.closed;
    this.registry = new ConnectionRegistry(settings, {
      onConnected: (connection) => {
        this.registry.connected(connection);
        this.invocations.connected(connection);
      },
      onMessage: (connection, message) => this.invocations.dispatch(connection, message),
      onClosed: (connection, error) => {
        if (this.registry.disconnected(connection)) this.invocations.disconnected(connection, error);
      },
    });
    this.fanOut = new FanOut(settings, options.backplane ?? new InMemoryBackplane(), this.registry, isClosed);
    this.clients = this.fanOut.clients;
    this.groups = this.fanOut.groups;
    this.invocations = new Invocations(settings, this.clients, this.groups);
    this.endpoints = new HubEndpoints(settings, this.registry, this.fanOut, isClosed);
  }

  // ---- Application API ----------------------------------------------------------------------

  /** Registers a method clients can invoke. The name is case-sensitive, as in the protocol. */
  on<Args extends unknown[] = unknown[]>(method: string, handler: HubMethod<Args>): this {
    // The arguments arrive as unchecked JSON; the handler's declared types are its own claim.
    this.invocations.methods.set(method, handler as unknown as HubMethod);
    return this;
  }

  /** Runs after a client completed the handshake; throwing closes the connection. */
  onConnected(hook: ConnectionHook): this {
    this.invocations.connectedHooks.push(hook);
    return this;
  }

  /** Runs after a connected client went away, with the error that ended it, if any. */
  onDisconnected(hook: DisconnectionHook): this {
    this.invocations.disconnectedHooks.push(hook);
    return this;
  }

  /** Resolves once the backplane subscription is active (messages from other instances arrive). */
  async ready(): Promise<void> {
    await this.fanOut.ready();
  }

  /** Connections held by this instance that completed the handshake. */
  get connectionCount(): number {
    return this.registry.connectedCount;
  }

  // ---- Mounting ------------------------------------------------------------------------------

  /**
   * Handles a request for the hub's path on raw Node request/response objects. Returns false,
   * without touching anything, when the request is for another path. `body` is for frameworks that
   * already consumed the request stream.
   */
  handle(req: IncomingMessage, res: ServerResponse, body?: string | Buffer): boolean {
    return this.endpoints.handle(req, res, body);
  }

  /**
   * Handles an HTTP upgrade for the hub's path (the WebSockets transport). Returns false, without
   * touching the socket, when the upgrade is for another path.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    return this.endpoints.handleUpgrade(req, socket, head);
  }

  /**
   * Listens for WebSocket upgrades on a server. Requests still need `handle` (see README.md).
   * Returns a function that stops listening.
   */
  attach(server: Server): () => void {
    const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.handleUpgrade(req, socket, head);
    };
    server.on('upgrade', listener);
    return () => server.off('upgrade', listener);
  }

  /**
   * Closes every connection of this instance, telling clients they may reconnect (to another
   * instance, or to this server once it is back), and leaves the backplane.
   */
  async close(options: CloseOptions = { allowReconnect: true }): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const drains: Promise<void>[] = [];
    for (const connection of this.registry.all()) {
      const transport = connection.transport;
      if (connection.isClosed) continue;
      connection.close(options);
      if (transport instanceof LongPollingTransport) {
        drains.push(new Promise((resolve) => transport.onDrained(resolve)));
      }
    }
    // Long-polling clients collect the Close message with their next poll, normally already waiting.
    await Promise.race([Promise.all(drains), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    this.registry.clear();
    this.endpoints.close();
    await this.fanOut.close();
  }
}

/** Creates a hub; mount it with `hub.handle` and `hub.attach` (see README.md). */
export function createHub(options: HubOptions): Hub {
  return new Hub(options);
}
