/*
 * The connections this instance holds: by connection token (negotiated or connected, what
 * transport requests name), by connection id, user and group (connected ones, what messages are
 * addressed to), the count per user for maxConnectionsPerUser, and the signed tokens already spent.
 */
import type { Audience } from './backplane';
import { Connection } from './connection';
import type { ConnectionEvents, HubUser } from './connection';
import type { HubSettings } from './hub-options';
import { LongPollingTransport } from './transports/long-polling-transport';

/** How long a closed long-polling connection stays findable for its client to poll what is left. */
const LONG_POLL_DRAIN_MS = 5_000;

export class ConnectionRegistry {
  private readonly byToken = new Map<string, Connection>();
  private readonly byId = new Map<string, Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly byGroup = new Map<string, Set<Connection>>();
  /** Connections per user on this instance, negotiated or connected. */
  private readonly userConnectionCounts = new Map<string, number>();
  /** Signatures of tokens that opened a connection on any instance, until they expire: each opens one. */
  private readonly spentTokens = new Map<string, number>();

  constructor(
    private readonly settings: HubSettings,
    private readonly events: ConnectionEvents,
  ) {}

  /** A negotiated connection, findable by its token until it ends. */
  create(
    connectionId: string,
    token: string,
    user: HubUser | undefined,
    handshakeTimeoutMs = this.settings.handshakeTimeoutMs,
  ): Connection {
    const settings = this.settings;
    const connection = new Connection(
      connectionId,
      token,
      user,
      {
        keepAliveIntervalMs: settings.keepAliveIntervalMs,
        clientTimeoutMs: settings.clientTimeoutMs,
        handshakeTimeoutMs,
      },
      this.events,
      {
        maxMessageBytes: settings.maxMessageBytes,
        maxBufferedBytes: settings.maxBufferedBytes,
        expiresAt: user?.expiresAt,
        sendCoalesceMs: settings.sendCoalesceMs,
      },
    );
    this.byToken.set(token, connection);
    if (user) this.userConnectionCounts.set(user.userId, this.connectionsOf(user.userId) + 1);
    return connection;
  }

  byConnectionToken(token: string): Connection | undefined {
    return this.byToken.get(token);
  }

  /** A connected connection of this instance. */
  get(connectionId: string): Connection | undefined {
    return this.byId.get(connectionId);
  }

  has(connectionId: string): boolean {
    return this.byId.has(connectionId);
  }

  /** Connections that completed the handshake. */
  get connectedCount(): number {
    return this.byId.size;
  }

  /** Every connection, negotiated or connected. */
  all(): Connection[] {
    return [...this.byToken.values()];
  }

  connectionsOf(userId: string): number {
    return this.userConnectionCounts.get(userId) ?? 0;
  }

  /** The handshake completed: messages may now be addressed to the connection. */
  connected(connection: Connection): void {
    this.byId.set(connection.connectionId, connection);
    const userId = connection.user?.userId;
    if (userId !== undefined) index(this.byUser, userId).add(connection);
  }

  /** Forgets an ended connection; true when it had been connected (its hooks must run). */
  disconnected(connection: Connection): boolean {
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
    if (this.byId.get(connection.connectionId) !== connection) return false;
    this.byId.delete(connection.connectionId);
    const userId = connection.user?.userId;
    if (userId !== undefined) unindex(this.byUser, userId, connection);
    for (const group of connection.groups) unindex(this.byGroup, group, connection);
    return true;
  }

  /** Forgets every connection (the hub closed them). */
  clear(): void {
    this.byToken.clear();
  }

  addToGroup(connection: Connection, group: string): void {
    connection.groups.add(group);
    index(this.byGroup, group).add(connection);
  }

  removeFromGroup(connection: Connection, group: string): void {
    connection.groups.delete(group);
    unindex(this.byGroup, group, connection);
  }

  /** The connections of this instance a message is for. */
  audience(audience: Audience): Connection[] {
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

  isSpent(signature: string): boolean {
    return this.spentTokens.has(signature);
  }

  /** Counts a signed token as used until it expires. */
  spend(signature: string, expiresAt: number): void {
    const now = Date.now();
    // Tokens are spent in roughly the order they expire, so the expired ones sit at the front.
    for (const [spent, until] of this.spentTokens) {
      if (until > now) break;
      this.spentTokens.delete(spent);
    }
    if (expiresAt > now) this.spentTokens.set(signature, expiresAt);
  }
}

function index(map: Map<string, Set<Connection>>, key: string): Set<Connection> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

function unindex(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  const set = map.get(key);
  set?.delete(connection);
  if (set?.size === 0) map.delete(key);
}
