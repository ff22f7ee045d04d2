import {
  ProtocolError,
  RecordReader,
  parseHandshakeRequest,
  parseMessage,
  writeRecord,
} from './protocol/json-hub-protocol';
import { MessagePackReader, writeMessagePack } from './protocol/messagepack-hub-protocol';
import { MessageType } from './protocol/messages';
import type { HubMessage } from './protocol/messages';
import type { Transport } from './transports/transport';

/** Who is on the other end of a connection, as returned by the `authenticate` option. */
export interface HubUser {
  /** Messages sent with `clients.user(userId)` reach every connection of this user. */
  userId: string;
  /** Whatever the application wants to keep about the user (roles, company, token claims). */
  claims?: Readonly<Record<string, unknown>>;
  /**
   * When the credentials this user connected with expire (ms since the epoch, e.g. a JWT's
   * `exp` × 1000): the hub closes the connection then, allowing the client to reconnect.
   */
  expiresAt?: number;
}

interface ConnectionTimings {
  keepAliveIntervalMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
}

interface ConnectionLimits {
  /** Largest message from the client, however many frames or requests carry it. */
  maxMessageBytes: number;
  /** Most text waiting for the client before it counts as too slow and is disconnected. */
  maxBufferedBytes: number;
  /** When the user's access token expires (ms since the epoch); the connection ends then. */
  expiresAt: number | undefined;
  /** How long messages wait to be written together; 0 writes them at the next turn of the event loop. */
  sendCoalesceMs: number;
}

export interface ConnectionEvents {
  /** The handshake succeeded: the connection can receive hub messages. */
  onConnected(connection: Connection): void;
  onMessage(connection: Connection, message: HubMessage): void;
  /** The connection ended, whichever side ended it; `error` when it ended because of one. */
  onClosed(connection: Connection, error: string | undefined): void;
}

export interface CloseOptions {
  /** Sent to the client in the Close message; the client surfaces it as the close error. */
  error?: string;
  /** Lets a client with automatic reconnect enabled reconnect after this close. */
  allowReconnect?: boolean;
}

/** The Close error of a connection whose access token expired. */
const TOKEN_EXPIRED_ERROR = 'The access token expired.';
/** The Close error of a client that did not read its messages fast enough. */
const SLOW_CLIENT_ERROR =
  'Connection closed with an error. The client did not read its messages fast enough.';

type State = 'negotiated' | 'handshaking' | 'connected' | 'closed';

/** The hub protocols a client may ask for in its handshake. */
type HubProtocolName = 'json' | 'messagepack';

/**
 * A message for many connections, encoded at most once per protocol however many receive it:
 * a broadcast to a hundred clients is serialised once, not a hundred times.
 */
export class OutgoingMessage {
  private json: string | undefined;
  private messagePack: Buffer | undefined;

  constructor(readonly message: HubMessage) {}

  get jsonRecord(): string {
    this.json ??= writeRecord(this.message);
    return this.json;
  }

  get messagePackRecord(): Buffer {
    this.messagePack ??= writeMessagePack(this.message);
    return this.messagePack;
  }
}

/**
 * Connections with messages waiting, per delay: one timer (or setImmediate) flushes all of them,
 * instead of one timer per connection per turn, which under a broadcast to many clients cost more
 * than the writes themselves.
 */
const waiting = new Map<number, Set<Connection>>();

function scheduleFlush(connection: Connection, delayMs: number): void {
  let batch = waiting.get(delayMs);
  if (batch) {
    batch.add(connection);
    return;
  }
  batch = new Set([connection]);
  waiting.set(delayMs, batch);
  const flushAll = () => {
    waiting.delete(delayMs);
    for (const each of batch) each.flush();
  };
  if (delayMs > 0) setTimeout(flushAll, delayMs);
  else setImmediate(flushAll);
}

let lastBuffers: readonly Buffer[] = [];
let lastConcatenated = Buffer.alloc(0);

/** The same for MessagePack messages: concatenated once for all the connections of a broadcast. */
function concatOnce(parts: readonly Buffer[]): Buffer {
  if (parts.length === 1) return parts[0] ?? Buffer.alloc(0);
  const same =
    parts.length === lastBuffers.length && parts.every((part, index) => part === lastBuffers[index]);
  if (!same) {
    lastBuffers = parts;
    lastConcatenated = Buffer.concat(parts);
  }
  return lastConcatenated;
}

let lastParts: readonly string[] = [];
let lastJoined = '';

/**
 * The records of one write joined. A broadcast queues the same records (the same strings) for
 * every connection, so the connections flushed one after another join them once between them.
 */
function joinOnce(parts: readonly string[]): string {
  if (parts.length === 1) return parts[0] ?? '';
  const same = parts.length === lastParts.length && parts.every((part, index) => part === lastParts[index]);
  if (!same) {
    lastParts = parts;
    lastJoined = parts.join('');
  }
  return lastJoined;
}

/**
 * One logical SignalR connection: the handshake, framing, keep-alive and timeouts, whatever the
 * transport underneath.
 */
export class Connection {
  readonly groups = new Set<string>();
  readonly items = new Map<string, unknown>();
  private readonly abortController = new AbortController();
  private readonly reader: RecordReader;
  /** Payloads of this turn of the event loop, written to the transport together. */
  private outgoing: string[] = [];
  private outgoingBinary: Buffer[] = [];
  private protocolName: HubProtocolName = 'json';
  private binaryReader: MessagePackReader | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private state: State = 'negotiated';
  private transportValue: Transport | undefined;
  private lastSentAt = Date.now();
  private lastReceivedAt = Date.now();
  private handshakeTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private timeoutTimer: NodeJS.Timeout | undefined;
  private closeError: string | undefined;

  constructor(
    readonly connectionId: string,
    readonly connectionToken: string,
    readonly user: HubUser | undefined,
    private readonly timings: ConnectionTimings,
    private readonly events: ConnectionEvents,
    private readonly limits: ConnectionLimits = {
      maxMessageBytes: Number.POSITIVE_INFINITY,
      maxBufferedBytes: Number.POSITIVE_INFINITY,
      expiresAt: undefined,
      sendCoalesceMs: 0,
    },
  ) {
    this.reader = new RecordReader(limits.maxMessageBytes);
    // The client must open a transport and complete the handshake within this time.
    this.handshakeTimer = setTimeout(
      () => this.close({ error: 'Handshake was canceled: the client did not complete it in time.' }),
      timings.handshakeTimeoutMs,
    ).unref();
  }

  get transport(): Transport | undefined {
    return this.transportValue;
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Aborted when the connection ends, so long-running hub work can stop. */
  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  attach(transport: Transport): void {
    this.transportValue = transport;
    this.state = 'handshaking';
  }

  /** The protocol agreed in the handshake. */
  get protocol(): HubProtocolName {
    return this.protocolName;
  }

  /**
   * What the client sent: JSON text, or MessagePack bytes after a MessagePack handshake (the
   * handshake itself is JSON text either way); any number of messages, possibly cut anywhere.
   */
  receive(data: string | Buffer): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = Date.now();
    try {
      if (this.binaryReader && this.state === 'connected') {
        for (const message of this.binaryReader.push(typeof data === 'string' ? Buffer.from(data) : data)) {
          if (this.isClosed) return;
          this.events.onMessage(this, message);
        }
        return;
      }
      const text = typeof data === 'string' ? data : data.toString('utf8');
      for (const record of this.reader.push(text)) {
        if (this.isClosed) return;
        if (this.state === 'handshaking') {
          this.handshake(record);
          // Bytes after the handshake in the same chunk are MessagePack, not text records.
          if (this.binaryReader && typeof data !== 'string') {
            const rest = data.subarray(data.indexOf(0x1e) + 1);
            if (rest.length > 0) this.receive(rest);
            return;
          }
        } else this.events.onMessage(this, parseMessage(record));
      }
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.close({ error: `Connection closed with an error. ${error.message}` });
    }
  }

  /**
   * Sends already-encoded records. Messages before the handshake completed are dropped. What is
   * sent in one turn of the event loop (or within sendCoalesceMs) goes out in one write (one
   * frame, event or poll answer; the client splits records at their separators), so a burst
   * costs one system call, and over long polling one poll, per client rather than per message.
   */
  sendRaw(payload: string): void {
    if (this.state !== 'connected' || !this.transportValue) return;
    this.lastSentAt = Date.now();
    if (this.outgoing.push(payload) > 1) return;
    scheduleFlush(this, this.limits.sendCoalesceMs);
  }

  /** Queues already-encoded MessagePack messages, written as sendRaw's are. */
  sendBinary(payload: Buffer): void {
    if (this.state !== 'connected' || !this.transportValue) return;
    this.lastSentAt = Date.now();
    if (this.outgoingBinary.push(payload) > 1) return;
    scheduleFlush(this, this.limits.sendCoalesceMs);
  }

  /** Queues a message shared with other connections, in this connection's protocol. */
  sendShared(message: OutgoingMessage): void {
    if (this.protocolName === 'json') this.sendRaw(message.jsonRecord);
    else this.sendBinary(message.messagePackRecord);
  }

  /** Writes what this turn queued; called for every waiting connection at once (see scheduleFlush). */
  flush(): void {
    const transport = this.transportValue;
    if (!transport || this.state !== 'connected') return;
    if (this.outgoing.length === 0 && this.outgoingBinary.length === 0) return;
    const text = this.outgoing.length === 0 ? undefined : joinOnce(this.outgoing);
    const bytes = this.outgoingBinary.length === 0 ? undefined : concatOnce(this.outgoingBinary);
    this.outgoing = [];
    this.outgoingBinary = [];
    const size = (text?.length ?? 0) + (bytes?.length ?? 0);
    // A client that stops reading must not make the server hold its messages without limit.
    if (transport.bufferedBytes() + size > this.limits.maxBufferedBytes) {
      this.closeError = SLOW_CLIENT_ERROR;
      transport.abort();
      this.finish();
      return;
    }
    if (text !== undefined) transport.send(text);
    if (bytes !== undefined) transport.sendBinary(bytes);
  }

  send(message: HubMessage): void {
    if (this.protocolName === 'json') this.sendRaw(writeRecord(message));
    else this.sendBinary(writeMessagePack(message));
  }

  /** Ends the connection from the server side, telling the client why when it can. */
  close(options: CloseOptions = {}): void {
    if (this.state === 'closed') return;
    this.flush();
    if (this.isClosed) return;
    if (this.state === 'connected' && this.transportValue) {
      const message: HubMessage = {
        type: MessageType.Close,
        ...(options.error === undefined ? {} : { error: options.error }),
        ...(options.allowReconnect === undefined ? {} : { allowReconnect: options.allowReconnect }),
      };
      if (this.protocolName === 'json') this.transportValue.send(writeRecord(message));
      else this.transportValue.sendBinary(writeMessagePack(message));
    }
    this.closeError = options.error;
    this.transportValue?.close();
    this.finish();
  }

  /** The transport ended underneath (socket closed, event stream dropped, DELETE received). */
  transportClosed(): void {
    if (this.state === 'closed') return;
    this.transportValue?.close();
    this.finish();
  }

  private finish(): void {
    this.state = 'closed';
    clearTimeout(this.handshakeTimer);
    clearTimeout(this.pingTimer);
    clearTimeout(this.timeoutTimer);
    clearTimeout(this.expiryTimer);
    this.outgoing = [];
    this.outgoingBinary = [];
    this.abortController.abort();
    this.events.onClosed(this, this.closeError);
  }

  private handshake(record: string): void {
    const request = parseHandshakeRequest(record);
    const transport = this.transportValue;
    if (!transport) return;
    const binary = request.protocol === 'messagepack';
    if ((request.protocol !== 'json' && !binary) || request.version !== 1 || (binary && !transport.binary)) {
      // The handshake answer is always JSON, whatever protocol was asked for.
      transport.send(
        writeRecord({
          error: `Requested protocol '${request.protocol}' version ${request.version} is not available.`,
        }),
      );
      this.closeError = 'Unsupported protocol.';
      transport.close();
      this.finish();
      return;
    }
    clearTimeout(this.handshakeTimer);
    this.state = 'connected';
    // The answer is JSON text, written before anything in the agreed protocol.
    transport.send(writeRecord({}));
    this.lastSentAt = Date.now();
    if (binary) {
      this.protocolName = 'messagepack';
      this.binaryReader = new MessagePackReader(this.limits.maxMessageBytes);
    }
    if (!transport.inherentKeepAlive) this.schedulePing();
    this.scheduleTimeout();
    this.scheduleExpiry();
    this.events.onConnected(this);
  }

  // Both timers re-arm from the last activity instead of being reset on every message.
  private schedulePing(): void {
    const { keepAliveIntervalMs } = this.timings;
    const due = this.lastSentAt + keepAliveIntervalMs - Date.now();
    this.pingTimer = setTimeout(
      () => {
        if (Date.now() - this.lastSentAt >= keepAliveIntervalMs) this.send({ type: MessageType.Ping });
        if (this.isConnected) this.schedulePing();
      },
      Math.max(0, due),
    ).unref();
  }

  /**
   * The access token's end ends the connection, as ASP.NET Core's CloseOnAuthenticationExpiration
   * does: a client that may reconnect does so through its token factory, with a fresh token.
   */
  private scheduleExpiry(): void {
    const { expiresAt } = this.limits;
    if (expiresAt === undefined) return;
    // setTimeout holds at most about 24.8 days; a later expiry is checked again then.
    const due = Math.min(expiresAt - Date.now(), 2_147_483_647);
    this.expiryTimer = setTimeout(
      () => {
        if (Date.now() >= expiresAt) this.close({ error: TOKEN_EXPIRED_ERROR, allowReconnect: true });
        else this.scheduleExpiry();
      },
      Math.max(0, due),
    ).unref();
  }

  /** When the client last proved it is there. */
  private get lastHeardAt(): number {
    const transport = this.transportValue;
    return transport?.inherentKeepAlive
      ? Math.max(transport.lastSeenAt(), this.lastReceivedAt)
      : this.lastReceivedAt;
  }

  private scheduleTimeout(): void {
    const { clientTimeoutMs } = this.timings;
    const due = this.lastHeardAt + clientTimeoutMs - Date.now();
    this.timeoutTimer = setTimeout(
      () => {
        if (Date.now() - this.lastHeardAt >= clientTimeoutMs) {
          this.close({
            error: `Client timeout (${clientTimeoutMs} ms) elapsed without receiving a message from the client.`,
            allowReconnect: true,
          });
        } else if (this.isConnected) {
          this.scheduleTimeout();
        }
      },
      Math.max(0, due),
    ).unref();
  }
}
