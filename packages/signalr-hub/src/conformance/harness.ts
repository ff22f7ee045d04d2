// Shared set-up for the conformance tests: a real http server on 127.0.0.1 with the hub mounted,
// and the official @microsoft/signalr client (which brings `ws` and `eventsource` for Node itself).
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection, IHttpConnectionOptions } from '@microsoft/signalr';
import { createHub } from '../index';
import type { Hub, HubOptions } from '../index';

export const TRANSPORTS = [
  { name: 'WebSockets', type: HttpTransportType.WebSockets },
  { name: 'ServerSentEvents', type: HttpTransportType.ServerSentEvents },
  { name: 'LongPolling', type: HttpTransportType.LongPolling },
] as const;

export interface RunningHub {
  hub: Hub;
  server: Server;
  port: number;
  url: string;
  /** Graceful shutdown: the hub tells clients to reconnect, then the server stops. */
  stop(): Promise<void>;
  /** Abrupt shutdown: every socket is destroyed, as when the process dies. */
  crash(): Promise<void>;
}

export async function startHub(
  options: Partial<HubOptions> = {},
  setup: (hub: Hub) => void = () => undefined,
  port = 0,
): Promise<RunningHub> {
  const hub = createHub({ path: '/hub', onError: () => undefined, ...options });
  setup(hub);
  const server = createServer((req, res) => {
    if (!hub.handle(req, res)) res.writeHead(404).end();
  });
  hub.attach(server);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const closed = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    hub,
    server,
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/hub`,
    async stop() {
      await hub.close();
      const done = closed();
      // The client's HTTP pool may hold sockets that never carried a request; Node counts them
      // as busy, so everything is cut once the hub has said goodbye.
      server.closeAllConnections();
      await done;
    },
    async crash() {
      for (const socket of sockets) socket.destroy();
      const done = closed();
      void hub.close();
      await done;
    },
  };
}

export function buildClient(
  url: string,
  transport: HttpTransportType,
  configure: (builder: HubConnectionBuilder) => HubConnectionBuilder = (builder) => builder,
  options: Omit<IHttpConnectionOptions, 'transport'> = {},
): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(url, { ...options, transport })
    .configureLogging(LogLevel.None);
  return configure(builder).build();
}

/** Resolves with the first value `register` reports, or rejects after `timeoutMs`. */
export function waitFor<T>(register: (report: (value: T) => void) => void, timeoutMs = 3_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Nothing happened within ${timeoutMs} ms`)), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** Resolves once `condition` holds, checking every `intervalMs`; rejects after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 3_000,
  intervalMs = 10,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`The condition did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
