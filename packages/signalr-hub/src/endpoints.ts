/*
 * The hub's HTTP side: negotiate, the transport requests (event stream, long poll, send, DELETE)
 * and WebSocket upgrades, each authenticated, within the negotiate limit, and answered with the
 * status the official clients expect.
 */
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WebSocketServer } from 'ws';
import type { Connection } from './connection';
import type { ConnectionRegistry } from './connection-registry';
import { ConnectionTokens } from './connection-token';
import type { FanOut } from './fan-out';
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
import { normalisePath } from './hub-options';
import type { AuthenticateRequest, HubSettings } from './hub-options';
import { newId } from './ids';
import { LongPollingTransport } from './transports/long-polling-transport';
import { ServerSentEventsTransport } from './transports/server-sent-events-transport';
import { WebSocketTransport } from './transports/websocket-transport';

/** A request answered with a status of its own rather than 500. */
class RequestRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function rejectUpgrade(socket: Duplex, status: number): void {
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  }
  socket.destroy();
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL, body?: string | Buffer) => Promise<void>;

export class HubEndpoints {
  private readonly webSocketServer: WebSocketServer;
  private readonly tokens: ConnectionTokens | undefined;
  private readonly negotiateLimiters: { user: RateLimiterMemory; address: RateLimiterMemory } | undefined;
  private readonly posting = new WeakSet<Connection>();

  constructor(
    private readonly settings: HubSettings,
    private readonly registry: ConnectionRegistry,
    private readonly fanOut: FanOut,
    /** True from the moment the hub starts closing. */
    private readonly isClosed: () => boolean,
  ) {
    this.tokens =
      settings.secret === undefined ? undefined : new ConnectionTokens(settings.secret, settings.channel);
    this.webSocketServer = new WebSocketServer({ noServer: true, maxPayload: settings.maxMessageBytes });
    const limit = settings.negotiateLimit;
    this.negotiateLimiters =
      limit === false
        ? undefined
        : {
            user: new RateLimiterMemory({ points: limit.perUser, duration: limit.windowSeconds }),
            address: new RateLimiterMemory({ points: limit.perAddress, duration: limit.windowSeconds }),
          };
  }

  /** See `Hub.handle`. */
  handle(req: IncomingMessage, res: ServerResponse, body?: string | Buffer): boolean {
    const url = requestUrl(req);
    const path = normalisePath(url.pathname);
    let route: Route;
    if (path === `${this.settings.path}/negotiate`) route = this.negotiate;
    else if (path === this.settings.path) route = this.transportRequest;
    else return false;

    route.call(this, req, res, url, body).catch((error: unknown) => {
      if (error instanceof RequestRefusal) {
        const headers: Record<string, string> =
          error.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : error.headers;
        sendText(res, error.status, error.message, headers);
        return;
      }
      this.settings.reportError(error);
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Internal server error');
    });
    return true;
  }

  /** See `Hub.handleUpgrade`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = requestUrl(req);
    if (normalisePath(url.pathname) !== this.settings.path) return false;
    socket.on('error', () => socket.destroy());
    this.upgrade(req, socket, head, url).catch((error: unknown) => {
      if (error instanceof RequestRefusal) {
        rejectUpgrade(socket, error.status);
        return;
      }
      this.settings.reportError(error);
      rejectUpgrade(socket, 500);
    });
    return true;
  }

  /** Stops accepting WebSockets. */
  close(): void {
    this.webSocketServer.close();
  }

  private async authenticate(req: IncomingMessage, url: URL, kind: AuthenticateRequest['kind']) {
    const authenticate = this.settings.authenticate;
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
      const address = this.settings.clientAddress(req);
      await this.consume(limiters.address, address, 'Too many connection attempts from this address.');
    }
    const user = await this.authenticate(req, url, kind);
    if (limiters && user) {
      await this.consume(limiters.user, user.userId, 'Too many connection attempts for this user.');
    }
    if (user) this.refuseOverConnectionLimit(user.userId);
    return user;
  }

  private refuseOverConnectionLimit(userId: string): void {
    if (this.registry.connectionsOf(userId) >= this.settings.maxConnectionsPerUser) {
      throw new RequestRefusal(429, 'Too many connections for this user.', { 'Retry-After': '60' });
    }
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

  private async negotiate(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === 'OPTIONS') {
      answerPreflight(this.settings.cors, req, res);
      return;
    }
    applyCors(this.settings.cors, req, res);
    if (req.method !== 'POST') throw new RequestRefusal(405, 'Negotiate accepts POST only.');
    if (this.isClosed()) throw new RequestRefusal(503, 'The hub is shutting down.');
    const user = await this.throttledAuthenticate(req, url, 'negotiate');
    const requested = Number.parseInt(url.searchParams.get('negotiateVersion') ?? '0', 10);
    const version = Number.isNaN(requested) || requested < 1 ? 0 : 1;
    let connectionId = newId();
    let connectionToken: string;
    if (this.tokens) {
      // Nothing is kept here: the instance that receives the first transport request creates the
      // connection from the token. Version 0 clients address transports by the connection id, so
      // for them the signed token is the id.
      const expiresAt = Date.now() + this.settings.handshakeTimeoutMs;
      connectionToken = this.tokens.issue(version, connectionId, user?.userId, expiresAt);
      if (version === 0) connectionId = connectionToken;
    } else {
      // Version 0 clients address transports by the connection id itself.
      connectionToken = version === 0 ? connectionId : newId();
      this.registry.create(connectionId, connectionToken, user);
    }
    sendJson(res, 200, {
      negotiateVersion: version,
      connectionId,
      ...(version === 0 ? {} : { connectionToken }),
      availableTransports: [...this.settings.transports].map((transport) => ({
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
      answerPreflight(this.settings.cors, req, res);
      return;
    }
    applyCors(this.settings.cors, req, res);
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
    const connection = this.registry.byConnectionToken(token);
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
    if (!tokens || !ticket || this.registry.isSpent(ticket.signature) || this.isClosed()) throw unknown;
    const user = await this.authenticate(req, url, 'transport');
    if (!tokens.isFor(ticket, user?.userId)) {
      throw new RequestRefusal(403, 'The connection belongs to another user.');
    }
    // Another request of this connection (an SSE send racing its stream) may have created it
    // while this one was authenticated; the user check above holds for it too.
    const raced = this.registry.byConnectionToken(token);
    if (raced) return raced;
    if (this.registry.isSpent(ticket.signature) || this.isClosed() || ticket.expiresAt <= Date.now()) {
      throw unknown;
    }
    if (user) this.refuseOverConnectionLimit(user.userId);
    this.registry.spend(ticket.signature, ticket.expiresAt);
    this.fanOut.announceOpened(ticket.signature, ticket.expiresAt);
    const connectionId = ticket.negotiateVersion === 0 ? token : ticket.connectionId;
    // The handshake must still end within the time counted from negotiate.
    return this.registry.create(connectionId, token, user, ticket.expiresAt - Date.now());
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
      if (!this.settings.transports.has('ServerSentEvents')) {
        throw new RequestRefusal(404, 'Transport not enabled.');
      }
      connection.attach(new ServerSentEventsTransport(res, () => connection.transportClosed()));
      return;
    }
    if (!this.settings.transports.has('LongPolling')) throw new RequestRefusal(404, 'Transport not enabled.');
    const longPolling = new LongPollingTransport(this.settings.longPollTimeoutMs);
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
      data = body === undefined ? await readBodyBytes(req, this.settings.maxMessageBytes) : Buffer.from(body);
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
    if (!this.settings.transports.has('WebSockets') || this.isClosed()) {
      throw new RequestRefusal(404, 'Not found.');
    }
    // Browsers do not apply CORS to WebSockets, so the origin is checked here instead.
    const origin = req.headers.origin;
    const cors = this.settings.cors;
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
      connection = this.registry.create(id, id, user);
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
}
