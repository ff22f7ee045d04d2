// Test support (imported by tests only): a real SignalR hub (@sentinel/signalr-hub) on 127.0.0.1,
// port 0, in front of the real api that global-setup started. Requests for /DefaultHub are the
// hub's; everything else is passed through to the api, so the app can use this one base URL for
// sign-in, refresh and every call while the test decides which live messages are sent. A token is
// accepted exactly when the api accepts it (GET /Roles answers 200).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHub } from '@sentinel/signalr-hub';
import type { Hub } from '@sentinel/signalr-hub';

export interface LiveTestHub {
  hub: Hub;
  /** The base URL to give the app (settings.baseURL). */
  baseUrl: string;
  close(): Promise<void>;
}

async function passThrough(
  request: IncomingMessage,
  response: ServerResponse,
  apiUrl: string,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
  }
  const answer = await fetch(`${apiUrl}${request.url ?? '/'}`, {
    method: request.method ?? 'GET',
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
  const body = Buffer.from(await answer.arrayBuffer());
  const answerHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    // fetch has already decoded and measured the body.
    if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding') {
      answerHeaders[name] = value;
    }
  });
  response.writeHead(answer.status, answerHeaders).end(body);
}

export async function startLiveTestHub(apiUrl: string): Promise<LiveTestHub> {
  const hub = createHub({
    path: '/DefaultHub',
    cors: { origins: '*' },
    onError: () => undefined,
    authenticate: async ({ token }) => {
      const answer = await fetch(`${apiUrl}/Roles`, { headers: { authorization: `Bearer ${token ?? ''}` } });
      await answer.body?.cancel();
      if (answer.status !== 200) throw new Error('A valid staff access token is required.');
      return { userId: 'staff' };
    },
  });
  const server = createServer((request, response) => {
    if (hub.handle(request, response)) return;
    passThrough(request, response, apiUrl).catch(() => response.writeHead(502).end());
  });
  const detach = hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hub,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await hub.close();
      detach();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
