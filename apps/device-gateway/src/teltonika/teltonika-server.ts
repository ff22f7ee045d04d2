/*
 * The Teltonika TCP listener: the allow-list and the connection cap are checked before a byte is
 * read; everything after is one TeltonikaConnection per socket.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { AllowCheck } from '../network-allow-list';
import { TeltonikaConnection } from './teltonika-connection';
import type { ConnectionContext } from './teltonika-connection';

export interface TeltonikaServer {
  port: number;
  /** Stops accepting and closes every connection. */
  close(): Promise<void>;
}

export interface TeltonikaServerOptions {
  host: string;
  port: number;
  maxConnections: number;
  allow: AllowCheck;
  context: Omit<ConnectionContext, 'onClosed'>;
}

export async function startTeltonikaServer(options: TeltonikaServerOptions): Promise<TeltonikaServer> {
  const { context, allow, maxConnections } = options;
  const { stats, log } = context;
  const open = new Set<TeltonikaConnection>();
  const connectionContext: ConnectionContext = {
    ...context,
    onClosed: (connection) => {
      open.delete(connection);
      stats.add('connectionsOpen', -1);
    },
  };
  const server = createServer({ noDelay: true }, (socket) => {
    if (!allow(socket.remoteAddress)) {
      stats.closed('not-allowed');
      socket.destroy();
      return;
    }
    if (open.size >= maxConnections) {
      stats.closed('over-capacity');
      socket.destroy();
      return;
    }
    stats.add('connectionsAccepted');
    stats.add('connectionsOpen');
    open.add(new TeltonikaConnection(socket, connectionContext));
  });
  // An accept that fails (out of file descriptors) costs that one connection, never the process.
  server.on('error', (error) => log.error({ err: error }, 'teltonika listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A fleet reconnects at once after a network outage: a deep accept queue keeps those
    // connections waiting in the kernel rather than refused (the kernel caps it at somaxconn).
    server.listen({ host: options.host, port: options.port, backlog: 4_096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of [...open]) connection.close('shutdown');
      await closed;
    },
  };
}
