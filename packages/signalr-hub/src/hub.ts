import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WebSocketServer } from 'ws';
import { InMemoryBackplane } from './backplane';
import type { Audience, Backplane, BackplaneMessage } from './backplane';
import { createHubCallerClients, createHubClients } from './clients';
import type { AudienceSink, HubCallerClients, HubClients } from './clients';
import { Connection } from './connection';
import { ConnectionTokens } from './connection-token';
import type { CloseOptions, HubUser } from './connection';
import {
  PayloadTooLargeError,
  answerPreflight,
  applyCors,
  bearerToken,
  readBodyBytes,
  requestUrl,
  sendJson,
  sendText,
} from './http';
import type { CorsOptions } from './http';
import { OutgoingMessage } from './connection';
import { MessageType } from './protocol/messages';
import type { HubMessage, InvocationMessage } from './protocol/messages';
import { LongPollingTransport } from './transports/long-polling-transport';
import { ServerSentEventsTransport } from './transports/server-sent-events-transport';
import { ALL_TRANSPORTS } from './transports/transport';
import type { TransportName } from './transports/transport';
import { WebSocketTransport } from './transports/websocket-transport';

/** What `authenticate` receives: the bearer token, if any, and the raw request. */
export interface AuthenticateRequest {
  /** From `Authorization: Bearer …`, else the `access_token` query parameter. */
  token: string | undefined;
  /** `negotiate` for the negotiate request, `transport` for WebSocket, event-stream, poll and send requests. */
  kind: 'negotiate' | 'transport';
  request: IncomingMessage;
}

/**
 * Decides who is connecting. Return the user, or null/undefined to accept an anonymous
 * connection; throw (or reject) to refuse the request with 401.
 */
export type Authenticate = (
  request: AuthenticateRequest,
) => HubUser | null | undefined | Promise<HubUser | null | undefined>;

export interface HubOptions {
  /** The URL path the hub answers on, e.g. `/DefaultHub` (negotiate is `${path}/negotiate`). */
  path: string;
  /**
   * Names the hub on the backplane (the channel is `signalr:${name}`), so instances of the same
   * hub share messages and different hubs do not.
   * @default the path without its leading slash
   */
  name?: string;
  /** @default anonymous connections only (no user) */
  authenticate?: Authenticate;
  /** @default ['WebSockets', 'ServerSentEvents', 'LongPolling'] */
  transports?: readonly TransportName[];
  /**
   * The server sends a Ping when it has sent nothing else for this long. Keep it at most half the
   * clients' `serverTimeoutInMilliseconds` (30 s by default).
   * @default 15_000
   */
  keepAliveIntervalMs?: number;
  /**
   * A connection that has sent nothing (not even a Ping) for this long is closed. Keep it at
   * least twice the clients' `keepAliveIntervalInMilliseconds` (15 s by default).
   * @default 30_000
   */
  clientTimeoutMs?: number;
  /**
   * Time from negotiate to the end of the handshake.
   * @default 15_000
   */
  handshakeTimeoutMs?: number;
  /**
   * How long a long-polling GET waits for messages before answering empty. Shorter than the
   * official clients' 100 s poll timeout so the answer always wins the race.
   * @default 90_000
   */
  longPollTimeoutMs?: number;
  /**
   * Largest message (WebSocket frame or POST body) accepted from a client, in bytes.
   * @default 32_768
   */
  maxMessageBytes?: number;
  /**
   * Most text (in bytes, about) waiting for one client, in the WebSocket's or event stream's send
   * buffer or a long poll's queue. A client that falls further behind is disconnected (Close
   * error `Connection closed with an error. The client did not read its messages fast enough.`)
   * rather than make the server hold its messages without limit.
   * @default 1_048_576
   */
  maxBufferedBytes?: number;
  /**
   * How long messages for one connection may wait to be written together (one WebSocket frame,
   * event or poll answer). Each write is a system call, and over long polling a request: under a
   * stream of broadcasts a few milliseconds here save most of them. 0 writes at the next turn of
   * the event loop.
   * @default 0
   */
  sendCoalesceMs?: number;
  /**
   * Most connections one user may hold on this instance, negotiated or connected; more get 429.
   * @default 100
   */
  maxConnectionsPerUser?: number;
  /**
   * How many negotiations (and WebSockets opened without one) a user, and a client address, may
   * start per window on this instance; more get 429 with `Retry-After`. `false` turns it off.
   * @default { perUser: 120, perAddress: 600, windowSeconds: 60 }
   */
  negotiateLimit?: NegotiateLimit | false;
  /**
   * The client's address for the negotiate limit. Behind a reverse proxy every request comes from
   * the proxy: return the address it forwards (e.g. from `X-Forwarded-For`) instead.
   * @default the socket's remote address
   */
  clientAddress?: (request: IncomingMessage) => string;
  /** Cross-origin access for browser clients on other origins. @default same-origin only */
  cors?: CorsOptions;
  /** @default an InMemoryBackplane of this hub alone (a single instance) */
  backplane?: Backplane;
  /**
   * Send the message of any error a hub method throws to the client. Otherwise only `HubError`
   * messages are sent and other errors become a generic message. Turn on in development only.
   * @default false
   */
  detailedErrors?: boolean;
  /**
   * How long `groups.add`/`groups.remove` for a connection held by another instance waits for
   * that instance's ack before rejecting (as when no instance holds the connection any more).
   * @default 30_000
   */
  groupAckTimeoutMs?: number;
  /**
   * Shared by every instance of the hub behind one load balancer. Connection tokens are then
   * signed with it (HMAC-SHA256, bound to the user and expiring with the handshake timeout), so
   * whichever instance receives a connection's first transport request creates the connection,
   * and the balancer may route on the connection id alone (see README, "Negotiate on one
   * instance, connect to another").
   * @default none: a connection is served only by the instance that answered its negotiate
   */
  secret?: string;
  /** Errors the hub cannot hand to anyone else (hook failures, backplane failures). @default console.error */
  onError?: (error: unknown) => void;
}

export interface NegotiateLimit {
  perUser: number;
  perAddress: number;
  windowSeconds: number;
}

const DEFAULT_NEGOTIATE_LIMIT: NegotiateLimit = { perUser: 120, perAddress: 600, windowSeconds: 60 };

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

export interface HubGroups {
  /** Adds a connection (on any instance) to a group; groups exist while they have members. */
  add(connectionId: string, group: string): Promise<void>;
  remove(connectionId: string, group: string): Promise<void>;
}

/** A method clients can invoke. The arguments are the JSON the client sent, unchecked. */
export type HubMethod<Args extends unknown[] = unknown[]> = (context: HubContext, ...args: Args) => unknown;

export type ConnectionHook = (context: HubContext) => void | Promise<void>;
export type DisconnectionHook = (context: HubContext, error: string | undefined) => void | Promise<void>;

/** Thrown from a hub method, its message reaches the client as the invocation's error. */
export class HubError extends Error {
  override name = 'HubError';
}

const LONG_POLL_DRAIN_MS = 5_000;

function newId(): string {
  return randomBytes(16).toString('base64url');
}

function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed.startsWith('/') ? trimmed : `/${trimmed}`).toLowerCase();
}

function rejectUpgrade(socket: Duplex, status: number): void {
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  }
  socket.destroy();
}

class RequestRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A SignalR hub server: see README.md. Create with `createHub`. */
export class Hub {
  readonly clients: HubClients;
  readonly groups: HubGroups;

  private readonly path: string;
  private readonly channel: string;
  private readonly instanceId = newId();
  private readonly pendingAcks = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly transports: ReadonlySet<TransportName>;
  private readonly backplane: Backplane;
  private readonly webSocketServer: WebSocketServer;
  private readonly methods = new Map<string, HubMethod>();
  private readonly connectedHooks: ConnectionHook[] = [];
  private readonly disconnectedHooks: DisconnectionHook[] = [];
  private readonly byToken = new Map<string, Connection>();
  private readonly tokens: ConnectionTokens | undefined;
  /** Signatures of tokens that opened a connection on any instance, until they expire: each opens one. */
  private readonly spentTokens = new Map<string, number>();
  private readonly byId = new Map<string, Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly byGroup = new Map<string, Set<Connection>>();
  /** Connections per user on this instance, negotiated or connected, for maxConnectionsPerUser. */
  private readonly userConnectionCounts = new Map<string, number>();
  private readonly negotiateLimiters: { user: RateLimiterMemory; address: RateLimiterMemory } | undefined;
  private readonly invocationQueues = new WeakMap<Connection, Promise<void>>();
  private readonly posting = new WeakSet<Connection>();
  private readonly contexts = new WeakMap<Connection, HubContext>();
  private readonly subscription: Promise<() => Promise<void>>;
  /** Set once the subscription is active. */
  private unsubscribe: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(private readonly options: HubOptions) {
    this.path = normalisePath(options.path);
    this.channel = `signalr:${options.name ?? this.path.slice(1)}`;
    this.transports = new Set(options.transports ?? ALL_TRANSPORTS);
    this.tokens =
      options.secret === undefined ? undefined : new ConnectionTokens(options.secret, this.channel);
    this.backplane = options.backplane ?? new InMemoryBackplane();
    this.webSocketServer = new WebSocketServer({ noServer: true, maxPayload: this.maxMessageBytes });
    const limit = options.negotiateLimit ?? DEFAULT_NEGOTIATE_LIMIT;
    this.negotiateLimiters =
      limit === false
        ? undefined
        : {
            user: new RateLimiterMemory({ points: limit.perUser, duration: limit.windowSeconds }),
            address: new RateLimiterMemory({ points: limit.perAddress, duration: limit.windowSeconds }),
          };
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
      this.backplane.subscribe(this.channel, (message) => {
        if (message.origin !== this.instanceId) this.received(message);
      }),
      this.backplane.subscribe(this.ackChannel(this.instanceId), (message) => {
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
        if (!this.closed) this.reportError(error);
      },
    );
  }

  // ---- Application API ----------------------------------------------------------------------

  /** Registers a method clients can invoke. The name is case-sensitive, as in the protocol. */
  on<Args extends unknown[] = unknown[]>(method: string, handler: HubMethod<Args>): this {
    // The arguments arrive as unchecked JSON; the handler's declared types are its own claim.
    this.methods.set(method, handler as unknown as HubMethod);
    return this;
  }

  /** Runs after a client completed the handshake; throwing closes the connection. */
  onConnected(hook: ConnectionHook): this {
    this.connectedHooks.push(hook);
    return this;
  }

  /** Runs after a connected client went away, with the error that ended it, if any. */
  onDisconnected(hook: DisconnectionHook): this {
    this.disconnectedHooks.push(hook);
    return this;
  }

  /** Resolves once the backplane subscription is active (messages from other instances arrive). */
  async ready(): Promise<void> {
    await this.subscription;
  }

  /** Connections held by this instance that completed the handshake. */
  get connectionCount(): number {
    return this.byId.size;
  }

  // ---- Mounting ------------------------------------------------------------------------------

  /**
   * Handles a request for the hub's path on raw Node request/response objects. Returns false,
   * without touching anything, when the request is for another path. `body` is for frameworks that
   * already consumed the request stream.
   */
  handle(req: IncomingMessage, res: ServerResponse, body?: string | Buffer): boolean {
    const url = requestUrl(req);
    const path = normalisePath(url.pathname);
    let route: (req: IncomingMessage, res: ServerResponse, url: URL, body?: string | Buffer) => Promise<void>;
    if (path === `${this.path}/negotiate`) route = this.negotiate;
    else if (path === this.path) route = this.transportRequest;
    else return false;

    route.call(this, req, res, url, body).catch((error: unknown) => {
      if (error instanceof RequestRefusal) {
        const headers: Record<string, string> =
          error.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : error.headers;
        sendText(res, error.status, error.message, headers);
        return;
      }
      this.reportError(error);
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Internal server error');
    });
    return true;
  }

  /**
   * Handles an HTTP upgrade for the hub's path (the WebSockets transport). Returns false, without
   * touching the socket, when the upgrade is for another path.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = requestUrl(req);
    if (normalisePath(url.pathname) !== this.path) return false;
    socket.on('error', () => socket.destroy());
    this.upgrade(req, socket, head, url).catch((error: unknown) => {
      if (error instanceof RequestRefusal) {
        rejectUpgrade(socket, error.status);
        return;
      }
      this.reportError(error);
      rejectUpgrade(socket, 500);
    });
    return true;
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
    for (const connection of [...this.byToken.values()]) {
      const transport = connection.transport;
      if (connection.isClosed) continue;
      connection.close(options);
      if (transport instanceof LongPollingTransport) {
        drains.push(new Promise((resolve) => transport.onDrained(resolve)));
      }
    }
    // Long-polling clients collect the Close message with their next poll, normally already waiting.
    await Promise.race([Promise.all(drains), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    this.byToken.clear();
    this.webSocketServer.close();
    for (const pending of [...this.pendingAcks.values()]) pending.reject(new Error('The hub closed.'));
    if (this.unsubscribe) {
      await this.unsubscribe();
    } else {
      // Not active yet (the backplane is unreachable): leave once it is, without waiting for it.
      this.subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  }

  // ---- HTTP routes ---------------------------------------------------------------------------

  private get maxMessageBytes(): number {
    return this.options.maxMessageBytes ?? 32_768;
  }

  private async authenticate(req: IncomingMessage, url: URL, kind: AuthenticateRequest['kind']) {
    const authenticate = this.options.authenticate;
    if (!authenticate) return undefined;
    try {
      return (await authenticate({ token: bearerToken(req, url), kind, request: req })) ?? undefined;
    } catch {
      throw new RequestRefusal(401, 'Unauthorized');
    }
  }

  /**
   * Authenticates a request that starts a connection, within the negotiate limit: the address is
   * counted before the token is checked (so a flood costs no verification), the user after.
   */
  private async throttledAuthenticate(req: IncomingMessage, url: URL, kind: AuthenticateRequest['kind']) {
    const limiters = this.negotiateLimiters;
    if (limiters) {
      const address = this.options.clientAddress?.(req) ?? req.socket.remoteAddress ?? 'unknown';
      await this.consume(limiters.address, address, 'Too many connection attempts from this address.');
    }
    const user = await this.authenticate(req, url, kind);
    if (limiters && user) {
      await this.consume(limiters.user, user.userId, 'Too many connection attempts for this user.');
    }
    if (user && this.connectionsOf(user.userId) >= this.maxConnectionsPerUser) {
      throw new RequestRefusal(429, 'Too many connections for this user.', { 'Retry-After': '60' });
    }
    return user;
  }

  private async consume(limiter: RateLimiterMemory, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw new RequestRefusal(429, message, { 'Retry-After': String(seconds) });
    }
  }

  private get maxConnectionsPerUser(): number {
    return this.options.maxConnectionsPerUser ?? 100;
  }

  private connectionsOf(userId: string): number {
    return this.userConnectionCounts.get(userId) ?? 0;
  }

  private async negotiate(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === 'OPTIONS') {
      answerPreflight(this.options.cors, req, res);
      return;
    }
    applyCors(this.options.cors, req, res);
    if (req.method !== 'POST') throw new RequestRefusal(405, 'Negotiate accepts POST only.');
    if (this.closed) throw new RequestRefusal(503, 'The hub is shutting down.');
    const user = await this.throttledAuthenticate(req, url, 'negotiate');
    const requested = Number.parseInt(url.searchParams.get('negotiateVersion') ?? '0', 10);
    const version = Number.isNaN(requested) || requested < 1 ? 0 : 1;
    let connectionId = newId();
    let connectionToken: string;
    if (this.tokens) {
      // Nothing is kept here: the instance that receives the first transport request creates the
      // connection from the token. Version 0 clients address transports by the connection id, so
      // for them the signed token is the id.
      const expiresAt = Date.now() + this.handshakeTimeoutMs;
      connectionToken = this.tokens.issue(version, connectionId, user?.userId, expiresAt);
      if (version === 0) connectionId = connectionToken;
    } else {
      // Version 0 clients address transports by the connection id itself.
      connectionToken = version === 0 ? connectionId : newId();
      this.createConnection(connectionId, connectionToken, user);
    }
    sendJson(res, 200, {
      negotiateVersion: version,
      connectionId,
      ...(version === 0 ? {} : { connectionToken }),
      availableTransports: [...this.transports].map((transport) => ({
        transport,
        transferFormats: transport === 'ServerSentEvents' ? ['Text'] : ['Text', 'Binary'],
      })),
    });
  }

  private async transportRequest(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body?: string | Buffer,
  ): Promise<void> {
    if (req.method === 'OPTIONS') {
      answerPreflight(this.options.cors, req, res);
      return;
    }
    applyCors(this.options.cors, req, res);
    // Only a GET (event stream or first poll) starts a connection from a signed token.
    const connection = await this.connectionFor(req, url, req.method === 'GET');
    switch (req.method ?? '') {
      case 'GET':
        return this.receiveRequest(req, res, connection);
      case 'POST':
        return this.sendRequest(req, res, connection, body);
      case 'DELETE':
        if (!(connection.transport instanceof LongPollingTransport)) {
          throw new RequestRefusal(400, 'Only long-polling connections are closed with DELETE.');
        }
        connection.transportClosed();
        sendText(res, 202);
        return;
      default:
        throw new RequestRefusal(405, 'Method not allowed.');
    }
  }

  /** Finds the connection a transport request is for, and checks it is the same user's. */
  private async connectionFor(req: IncomingMessage, url: URL, mayStart: boolean): Promise<Connection> {
    const token = url.searchParams.get('id');
    if (!token) throw new RequestRefusal(400, 'Connection ID required.');
    const connection = this.byToken.get(token);
    if (!connection) {
      if (mayStart) return this.connectionFromToken(req, url, token);
      throw new RequestRefusal(404, 'No connection with that ID.');
    }
    const user = await this.authenticate(req, url, 'transport');
    if (user?.userId !== connection.user?.userId) {
      throw new RequestRefusal(403, 'The connection belongs to another user.');
    }
    return connection;
  }

  /**
   * The first transport request of a connection negotiated with a signed token, by this instance
   * or another: creates the connection once the token and the request's own credentials check out.
   * Anything else (no secret, a forged, expired or spent token) is as unknown as ever.
   */
  private async connectionFromToken(req: IncomingMessage, url: URL, token: string): Promise<Connection> {
    const unknown = new RequestRefusal(404, 'No connection with that ID.');
    const tokens = this.tokens;
    const ticket = tokens?.verify(token, Date.now());
    if (!tokens || !ticket || this.spentTokens.has(ticket.signature) || this.closed) throw unknown;
    const user = await this.authenticate(req, url, 'transport');
    if (!tokens.isFor(ticket, user?.userId)) {
      throw new RequestRefusal(403, 'The connection belongs to another user.');
    }
    // Another request of this connection (an SSE send racing its stream) may have created it
    // while this one was authenticated; the user check above holds for it too.
    const raced = this.byToken.get(token);
    if (raced) return raced;
    if (this.spentTokens.has(ticket.signature) || this.closed || ticket.expiresAt <= Date.now()) {
      throw unknown;
    }
    if (user && this.connectionsOf(user.userId) >= this.maxConnectionsPerUser) {
      throw new RequestRefusal(429, 'Too many connections for this user.', { 'Retry-After': '60' });
    }
    this.spend(ticket.signature, ticket.expiresAt);
    // The other instances learn it too: should this one die, the client's next poll (re-routed by
    // the balancer) gets 404 and the client reconnects, instead of a second, silent connection.
    this.backplane
      .publish(this.channel, {
        kind: 'opened',
        signature: ticket.signature,
        expiresAt: ticket.expiresAt,
        origin: this.instanceId,
      })
      .catch((error: unknown) => this.reportError(error));
    const connectionId = ticket.negotiateVersion === 0 ? token : ticket.connectionId;
    // The handshake must still end within the time counted from negotiate.
    return this.createConnection(connectionId, token, user, ticket.expiresAt - Date.now());
  }

  private spend(signature: string, expiresAt: number): void {
    const now = Date.now();
    // Tokens are spent in roughly the order they expire, so the expired ones sit at the front.
    for (const [spent, until] of this.spentTokens) {
      if (until > now) break;
      this.spentTokens.delete(spent);
    }
    if (expiresAt > now) this.spentTokens.set(signature, expiresAt);
  }

  private async receiveRequest(req: IncomingMessage, res: ServerResponse, connection: Connection) {
    const transport = connection.transport;
    const wantsEvents = (req.headers.accept ?? '').includes('text/event-stream');
    if (transport instanceof LongPollingTransport && !wantsEvents) {
      transport.poll(res);
      return;
    }
    if (transport || connection.isClosed) {
      throw new RequestRefusal(409, 'The connection already has a transport.');
    }
    if (wantsEvents) {
      if (!this.transports.has('ServerSentEvents')) throw new RequestRefusal(404, 'Transport not enabled.');
      connection.attach(new ServerSentEventsTransport(res, () => connection.transportClosed()));
      return;
    }
    if (!this.transports.has('LongPolling')) throw new RequestRefusal(404, 'Transport not enabled.');
    const longPolling = new LongPollingTransport(this.options.longPollTimeoutMs ?? 90_000);
    connection.attach(longPolling);
    longPolling.poll(res);
  }

  private async sendRequest(
    req: IncomingMessage,
    res: ServerResponse,
    connection: Connection,
    body?: string | Buffer,
  ) {
    const transport = connection.transport;
    if (!(transport instanceof LongPollingTransport || transport instanceof ServerSentEventsTransport)) {
      throw new RequestRefusal(400, 'This connection does not send with POST.');
    }
    if (connection.isClosed) throw new RequestRefusal(404, 'The connection has ended.');
    if (this.posting.has(connection)) throw new RequestRefusal(409, 'Another send is in progress.');
    this.posting.add(connection);
    let data: Buffer;
    try {
      data = body === undefined ? await readBodyBytes(req, this.maxMessageBytes) : Buffer.from(body);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) throw new RequestRefusal(413, error.message);
      throw error;
    } finally {
      this.posting.delete(connection);
    }
    connection.receive(connection.protocol === 'messagepack' ? data : data.toString('utf8'));
    sendText(res, 200);
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    if (!this.transports.has('WebSockets') || this.closed) throw new RequestRefusal(404, 'Not found.');
    // Browsers do not apply CORS to WebSockets, so the origin is checked here instead.
    const origin = req.headers.origin;
    const cors = this.options.cors;
    if (cors && origin && cors.origins !== '*') {
      const allowed =
        typeof cors.origins === 'function' ? cors.origins(origin) : cors.origins.includes(origin);
      if (!allowed) throw new RequestRefusal(403, 'Origin not allowed.');
    }
    let connection: Connection;
    if (url.searchParams.has('id')) {
      connection = await this.connectionFor(req, url, true);
      if (connection.transport || connection.isClosed) throw new RequestRefusal(409, 'Already connected.');
    } else {
      // Clients that skip negotiation open the WebSocket directly.
      const user = await this.throttledAuthenticate(req, url, 'transport');
      const id = newId();
      connection = this.createConnection(id, id, user);
    }
    if (socket.destroyed) {
      connection.transportClosed();
      return;
    }
    this.webSocketServer.handleUpgrade(req, socket, head, (webSocket) => {
      connection.attach(
        new WebSocketTransport(webSocket, {
          onData: (data) => connection.receive(data),
          onClose: () => connection.transportClosed(),
        }),
      );
    });
  }

  // ---- Connections ---------------------------------------------------------------------------

  private get handshakeTimeoutMs(): number {
    return this.options.handshakeTimeoutMs ?? 15_000;
  }

  private createConnection(
    connectionId: string,
    token: string,
    user: HubUser | undefined,
    handshakeTimeoutMs = this.handshakeTimeoutMs,
  ): Connection {
    const connection = new Connection(
      connectionId,
      token,
      user,
      {
        keepAliveIntervalMs: this.options.keepAliveIntervalMs ?? 15_000,
        clientTimeoutMs: this.options.clientTimeoutMs ?? 30_000,
        handshakeTimeoutMs,
      },
      {
        onConnected: (c) => this.connected(c),
        onMessage: (c, message) => this.dispatch(c, message),
        onClosed: (c, error) => this.disconnected(c, error),
      },
      {
        maxMessageBytes: this.maxMessageBytes,
        maxBufferedBytes: this.options.maxBufferedBytes ?? 1_048_576,
        expiresAt: user?.expiresAt,
        sendCoalesceMs: this.options.sendCoalesceMs ?? 0,
      },
    );
    this.byToken.set(token, connection);
    if (user) this.userConnectionCounts.set(user.userId, this.connectionsOf(user.userId) + 1);
    return connection;
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

  private connected(connection: Connection): void {
    this.byId.set(connection.connectionId, connection);
    const userId = connection.user?.userId;
    if (userId !== undefined) this.index(this.byUser, userId).add(connection);
    this.enqueue(connection, async () => {
      const context = this.contextFor(connection);
      try {
        for (const hook of this.connectedHooks) await hook(context);
      } catch (error) {
        this.reportError(error);
        connection.close({ error: 'Connection closed with an error.' });
      }
    });
  }

  private disconnected(connection: Connection, error: string | undefined): void {
    const ownerId = connection.user?.userId;
    if (ownerId !== undefined) {
      const count = this.connectionsOf(ownerId) - 1;
      if (count > 0) this.userConnectionCounts.set(ownerId, count);
      else this.userConnectionCounts.delete(ownerId);
    }
    const transport = connection.transport;
    if (transport instanceof LongPollingTransport) {
      // The connection stays findable until its client has polled the remaining messages.
      const forget = () => {
        if (this.byToken.get(connection.connectionToken) === connection) {
          this.byToken.delete(connection.connectionToken);
        }
      };
      transport.onDrained(forget);
      setTimeout(forget, LONG_POLL_DRAIN_MS).unref();
    } else {
      this.byToken.delete(connection.connectionToken);
    }
    if (this.byId.get(connection.connectionId) !== connection) return;
    this.byId.delete(connection.connectionId);
    const userId = connection.user?.userId;
    if (userId !== undefined) this.unindex(this.byUser, userId, connection);
    for (const group of connection.groups) this.unindex(this.byGroup, group, connection);
    this.enqueue(connection, async () => {
      const context = this.contextFor(connection);
      for (const hook of this.disconnectedHooks) {
        try {
          await hook(context, error);
        } catch (hookError) {
          this.reportError(hookError);
        }
      }
    });
  }

  private index(map: Map<string, Set<Connection>>, key: string): Set<Connection> {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    return set;
  }

  private unindex(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
    const set = map.get(key);
    set?.delete(connection);
    if (set?.size === 0) map.delete(key);
  }

  /** Invocations of one connection run one after another, as in ASP.NET Core by default. */
  private enqueue(connection: Connection, work: () => Promise<void>): void {
    const previous = this.invocationQueues.get(connection) ?? Promise.resolve();
    this.invocationQueues.set(
      connection,
      previous.then(work).catch((error: unknown) => this.reportError(error)),
    );
  }

  private dispatch(connection: Connection, message: HubMessage): void {
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
    if (this.options.detailedErrors && error instanceof Error) {
      return `An error occurred invoking '${target}' on the server. ${error.name}: ${error.message}`;
    }
    if (!this.options.detailedErrors) this.reportError(error);
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
      this.reportError(error);
      connection.send({
        type: MessageType.Completion,
        invocationId,
        error: 'The result could not be serialised.',
      });
    }
  }

  // ---- Fan-out -------------------------------------------------------------------------------

  private async publish(
    message: DistributiveOmit<Extract<BackplaneMessage, { kind: 'send' | 'close' }>, 'origin'>,
  ): Promise<void> {
    const full = { ...message, origin: this.instanceId } as BackplaneMessage;
    this.apply(full);
    // A message for connections this instance holds needs no other instance.
    const local =
      message.audience.kind === 'connections' &&
      message.audience.connectionIds.every((id) => this.byId.has(id));
    if (!local) await this.backplane.publish(this.channel, full);
  }

  private ackChannel(instanceId: string): string {
    return `${this.channel}:ack:${instanceId}`;
  }

  /** A message from another instance. */
  private received(message: BackplaneMessage): void {
    this.apply(message);
    // Only the instance holding the connection acks a group change, once it is applied.
    if (message.kind === 'group' && this.byId.has(message.connectionId)) {
      this.backplane
        .publish(this.ackChannel(message.origin), {
          kind: 'ack',
          ackId: message.ackId,
          origin: this.instanceId,
        })
        .catch((error: unknown) => this.reportError(error));
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
        for (const connection of this.audience(message.audience)) connection.sendShared(shared);
        return;
      }
      case 'close':
        for (const connection of this.audience(message.audience)) {
          connection.close({
            ...(message.error === undefined ? {} : { error: message.error }),
            ...(message.allowReconnect === undefined ? {} : { allowReconnect: message.allowReconnect }),
          });
        }
        return;
      case 'ack':
        return;
      case 'opened':
        this.spend(message.signature, message.expiresAt);
        return;
      case 'group': {
        const connection = this.byId.get(message.connectionId);
        if (!connection) return;
        if (message.action === 'add') {
          connection.groups.add(message.group);
          this.index(this.byGroup, message.group).add(connection);
        } else {
          connection.groups.delete(message.group);
          this.unindex(this.byGroup, message.group, connection);
        }
        return;
      }
    }
  }

  private audience(audience: Audience): Connection[] {
    switch (audience.kind) {
      case 'all': {
        // The common broadcast: no set of exclusions to build per message.
        if (!audience.excludedConnectionIds?.length) return [...this.byId.values()];
        const excluded = new Set(audience.excludedConnectionIds);
        return [...this.byId.values()].filter((c) => !excluded.has(c.connectionId));
      }
      case 'connections':
        return audience.connectionIds.flatMap((id) => this.byId.get(id) ?? []);
      case 'users':
        return [...new Set(audience.userIds.flatMap((id) => [...(this.byUser.get(id) ?? [])]))];
      case 'groups': {
        const excluded = new Set(audience.excludedConnectionIds);
        const members = new Set(audience.groups.flatMap((group) => [...(this.byGroup.get(group) ?? [])]));
        return [...members].filter((c) => !excluded.has(c.connectionId));
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
    if (this.byId.has(connectionId)) {
      this.apply(message);
      return;
    }
    if (this.closed) throw new Error('The hub closed.');
    const timeoutMs = this.options.groupAckTimeoutMs ?? 30_000;
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
      await this.backplane.publish(this.channel, message);
    } catch (error) {
      clearTimeout(timer);
      this.pendingAcks.delete(ackId);
      throw error;
    }
    await acked;
  }

  private reportError(error: unknown): void {
    (this.options.onError ?? ((e: unknown) => console.error('[signalr-hub]', e)))(error);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Creates a hub; mount it with `hub.handle` and `hub.attach` (see README.md). */
export function createHub(options: HubOptions): Hub {
  return new Hub(options);
}
