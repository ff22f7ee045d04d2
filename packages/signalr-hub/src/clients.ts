import type { Audience } from './backplane';
import type { CloseOptions } from './connection';

/** A set of client connections the server can call. */
export interface ClientProxy {
  /**
   * Invokes `target` (the name the client registered with `connection.on(target, ...)`) on every
   * connection in the set, on every instance of the hub. Resolves once the message is handed to
   * local transports and published to the backplane; there is no delivery acknowledgement.
   */
  send(target: string, ...args: unknown[]): Promise<void>;
  /** Closes every connection in the set, sending the client a Close message. */
  close(options?: CloseOptions): Promise<void>;
}

/** Ways to address client connections, as in ASP.NET Core's `IHubClients`. */
export interface HubClients {
  /** Every connection. */
  readonly all: ClientProxy;
  /** Every connection but these. */
  except(...connectionIds: string[]): ClientProxy;
  client(connectionId: string): ClientProxy;
  clients(connectionIds: readonly string[]): ClientProxy;
  /** Every connection of a user (the `userId` returned by `authenticate`). */
  user(userId: string): ClientProxy;
  users(userIds: readonly string[]): ClientProxy;
  group(name: string): ClientProxy;
  groups(names: readonly string[]): ClientProxy;
  /** The members of a group but these connections. */
  groupExcept(name: string, ...connectionIds: string[]): ClientProxy;
}

/** The same, plus addresses relative to the connection that called a hub method. */
export interface HubCallerClients extends HubClients {
  readonly caller: ClientProxy;
  /** Every connection but the caller. */
  readonly others: ClientProxy;
  /** The members of a group but the caller. */
  othersInGroup(name: string): ClientProxy;
}

export interface AudienceSink {
  send(audience: Audience, target: string, args: unknown[]): Promise<void>;
  close(audience: Audience, options: CloseOptions): Promise<void>;
}

function proxy(sink: AudienceSink, audience: Audience): ClientProxy {
  return {
    send: (target, ...args) => sink.send(audience, target, args),
    close: (options = {}) => sink.close(audience, options),
  };
}

export function createHubClients(sink: AudienceSink): HubClients {
  return {
    all: proxy(sink, { kind: 'all' }),
    except: (...connectionIds) => proxy(sink, { kind: 'all', excludedConnectionIds: connectionIds }),
    client: (connectionId) => proxy(sink, { kind: 'connections', connectionIds: [connectionId] }),
    clients: (connectionIds) => proxy(sink, { kind: 'connections', connectionIds: [...connectionIds] }),
    user: (userId) => proxy(sink, { kind: 'users', userIds: [userId] }),
    users: (userIds) => proxy(sink, { kind: 'users', userIds: [...userIds] }),
    group: (name) => proxy(sink, { kind: 'groups', groups: [name] }),
    groups: (names) => proxy(sink, { kind: 'groups', groups: [...names] }),
    groupExcept: (name, ...connectionIds) =>
      proxy(sink, { kind: 'groups', groups: [name], excludedConnectionIds: connectionIds }),
  };
}

export function createHubCallerClients(clients: HubClients, callerId: string): HubCallerClients {
  return {
    ...clients,
    caller: clients.client(callerId),
    others: clients.except(callerId),
    othersInGroup: (name) => clients.groupExcept(name, callerId),
  };
}
