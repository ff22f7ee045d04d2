/*
 * The hub's options and their defaults. Everything else reads the resolved settings, so a default
 * is written once, here.
 */
import type { IncomingMessage } from 'node:http';
import type { Backplane } from './backplane';
import type { HubUser } from './connection';
import type { CorsOptions } from './http';
import { ALL_TRANSPORTS } from './transports/transport';
import type { TransportName } from './transports/transport';

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

interface NegotiateLimit {
  perUser: number;
  perAddress: number;
  windowSeconds: number;
}

/** The options with every default applied, as the parts of the hub read them. */
export interface HubSettings {
  /** Lower case, with a leading slash and no trailing one. */
  path: string;
  /** The hub's backplane channel. */
  channel: string;
  transports: ReadonlySet<TransportName>;
  authenticate: Authenticate | undefined;
  keepAliveIntervalMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  longPollTimeoutMs: number;
  maxMessageBytes: number;
  maxBufferedBytes: number;
  sendCoalesceMs: number;
  maxConnectionsPerUser: number;
  negotiateLimit: NegotiateLimit | false;
  clientAddress: (request: IncomingMessage) => string;
  cors: CorsOptions | undefined;
  detailedErrors: boolean;
  groupAckTimeoutMs: number;
  secret: string | undefined;
  reportError: (error: unknown) => void;
}

/** Matches request paths against the hub's: case-insensitive, trailing slash ignored. */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed.startsWith('/') ? trimmed : `/${trimmed}`).toLowerCase();
}

export function resolveOptions(options: HubOptions): HubSettings {
  const path = normalisePath(options.path);
  return {
    path,
    channel: `signalr:${options.name ?? path.slice(1)}`,
    transports: new Set(options.transports ?? ALL_TRANSPORTS),
    authenticate: options.authenticate,
    keepAliveIntervalMs: options.keepAliveIntervalMs ?? 15_000,
    clientTimeoutMs: options.clientTimeoutMs ?? 30_000,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 15_000,
    longPollTimeoutMs: options.longPollTimeoutMs ?? 90_000,
    maxMessageBytes: options.maxMessageBytes ?? 32_768,
    maxBufferedBytes: options.maxBufferedBytes ?? 1_048_576,
    sendCoalesceMs: options.sendCoalesceMs ?? 0,
    maxConnectionsPerUser: options.maxConnectionsPerUser ?? 100,
    negotiateLimit: options.negotiateLimit ?? { perUser: 120, perAddress: 600, windowSeconds: 60 },
    clientAddress: options.clientAddress ?? ((request) => request.socket.remoteAddress ?? 'unknown'),
    cors: options.cors,
    detailedErrors: options.detailedErrors ?? false,
    groupAckTimeoutMs: options.groupAckTimeoutMs ?? 30_000,
    secret: options.secret,
    reportError: options.onError ?? ((error: unknown) => console.error('[signalr-hub]', error)),
  };
}
