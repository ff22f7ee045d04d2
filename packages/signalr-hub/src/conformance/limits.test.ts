// The hub's limits (README, "Limits"): what one client may send, how far it may fall behind, how
// many connections and negotiations one user or address may have, and connections ending with
// their access token. Clients that misbehave on purpose are raw HTTP and WebSocket; the rest is
// the official client.
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { HubConnection } from '@microsoft/signalr';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthenticateRequest, HubOptions } from '../index';
import { TRANSPORTS, buildClient, startHub, waitUntil } from './harness';
import type { RunningHub } from './harness';

const RS = '\u001e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
type TransportName = (typeof TRANSPORTS)[number]['name'];

/** A client speaking the transport by hand, so it can send what no official client would. */
interface RawClient {
  /** Everything the server sent, records and all. */
  received(): string;
  send(text: string): Promise<void>;
  /** Stops reading what the server sends (a client that cannot keep up). */
  stopReading(): void;
  readonly ended: Promise<void>;
  dispose(): void;
}

async function negotiate(url: string, token?: string): Promise<string> {
  const response = await fetch(`${url}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { connectionToken: string };
  return body.connectionToken;
}

async function post(url: string, id: string, text: string): Promise<void> {
  // The server may already have ended the connection (404); the test watches the connection.
  await fetch(`${url}?id=${encodeURIComponent(id)}`, { method: 'POST', body: text }).catch(() => undefined);
}

async function rawClient(url: string, transport: TransportName): Promise<RawClient> {
  const id = await negotiate(url);
  let text = '';
  if (transport === 'WebSockets') {
    const socket = new WebSocket(`${url.replace('http', 'ws')}?id=${encodeURIComponent(id)}`);
    socket.on('message', (data: Buffer) => {
      text += data.toString('utf8');
    });
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return {
      received: () => text,
      send: (payload) =>
        new Promise((resolve) => {
          socket.send(payload, () => resolve());
        }),
      stopReading: () => socket.pause(),
      ended,
      dispose: () => socket.terminate(),
    };
  }
  if (transport === 'ServerSentEvents') {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request(`${url}?id=${encodeURIComponent(id)}`, { headers: { Accept: 'text/event-stream' } }, resolve)
        .on('error', reject)
        .end();
    });
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
    });
    const ended = new Promise<void>((resolve) => response.once('close', () => resolve()));
    return {
      received: () => text,
      send: (payload) => post(url, id, payload),
      stopReading: () => response.pause(),
      ended,
      dispose: () => response.destroy(),
    };
  }
  let polling = true;
  let endPolling = () => undefined as void;
  const ended = new Promise<void>((resolve) => {
    endPolling = resolve;
  });
  let reading = true;
  const poll = async () => {
    while (polling && reading) {
      const response = await fetch(`${url}?id=${encodeURIComponent(id)}`).catch(() => undefined);
      if (!response || response.status !== 200) break;
      text += await response.text();
    }
    if (reading) endPolling();
  };
  void poll();
  return {
    received: () => text,
    send: (payload) => post(url, id, payload),
    stopReading: () => {
      reading = false;
    },
    ended,
    dispose: () => {
      polling = false;
      void fetch(`${url}?id=${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => undefined);
    },
  };
}

/** The error of the Close message the server sent, if it sent one. */
function closeError(text: string): string | undefined {
  for (const line of text.split(/\r\n|\n/)) {
    const record = line.startsWith('data: ') ? line.slice(6) : line;
    for (const part of record.split(RS)) {
      if (!part.startsWith('{')) continue;
      const message = JSON.parse(part) as { type?: number; error?: string };
      if (message.type === 7) return message.error;
    }
  }
  return undefined;
}

let running: RunningHub | undefined;
const raws: RawClient[] = [];
const clients: HubConnection[] = [];

afterEach(async () => {
  for (const raw of raws.splice(0)) raw.dispose();
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  await running?.stop();
  running = undefined;
});

async function startWith(options: Partial<HubOptions>): Promise<{ hub: RunningHub; ended: string[] }> {
  const ended: string[] = [];
  running = await startHub(options, (hub) => {
    hub.on('Echo', (_ctx, value: string) => value);
    hub.onDisconnected((_ctx, error) => {
      ended.push(error ?? 'none');
    });
  });
  return { hub: running, ended };
}

describe.each(TRANSPORTS)('given a client over $name', ({ name }) => {
  it('closes the connection with an error once a message grows past maxMessageBytes, whatever carries it', async () => {
    const { hub, ended } = await startWith({ maxMessageBytes: 1_024 });
    const raw = await rawClient(hub.url, name);
    raws.push(raw);
    await raw.send(HANDSHAKE);
    await waitUntil(() => raw.received().includes(`{}${RS}`));

    // Each piece is well under the limit, and none has a separator.
    for (let piece = 0; piece < 3 && ended.length === 0; piece += 1) await raw.send('x'.repeat(600));

    const error =
      'Connection closed with an error. The message exceeds the maximum message size of 1024 bytes.';
    await waitUntil(() => ended.length === 1);
    expect(ended).toEqual([error]);
    await raw.ended;
    expect(closeError(raw.received())).toBe(error);
  });

  it('accepts a message cut into pieces as long as it stays within maxMessageBytes', async () => {
    const { hub } = await startWith({ maxMessageBytes: 1_024 });
    const raw = await rawClient(hub.url, name);
    raws.push(raw);
    await raw.send(HANDSHAKE);
    await waitUntil(() => raw.received().includes(`{}${RS}`));
    const value = 'y'.repeat(800);
    const invocation = `{"type":1,"invocationId":"1","target":"Echo","arguments":["${value}"]}${RS}`;

    await raw.send(invocation.slice(0, 400));
    await raw.send(invocation.slice(400));

    await waitUntil(() => raw.received().includes(`"result":"${value}"`));
  });

  it('disconnects a client that stops reading once maxBufferedBytes wait for it', async () => {
    const { hub, ended } = await startWith({ maxBufferedBytes: 256 * 1_024 });
    const raw = await rawClient(hub.url, name);
    raws.push(raw);
    await raw.send(HANDSHAKE);
    await waitUntil(() => raw.received().includes(`{}${RS}`));
    await waitUntil(() => hub.hub.connectionCount === 1);
    raw.stopReading();

    // The operating system's socket buffers take a few megabytes first; after that, the hub's own.
    const big = 'z'.repeat(64 * 1_024);
    await waitUntil(
      async () => {
        await hub.hub.clients.all.send('Big', big);
        await new Promise((resolve) => setImmediate(resolve));
        return ended.length > 0;
      },
      20_000,
      0,
    );
    expect(ended).toEqual([
      'Connection closed with an error. The client did not read its messages fast enough.',
    ]);
    expect(hub.hub.connectionCount).toBe(0);
  });
});

const USERS = new Set(['alice', 'bob', 'carol']);

/** Tokens are `user` or `user.expiresAtMs`. */
function authenticate({ token }: AuthenticateRequest) {
  const [userId = '', expiry] = (token ?? '').split('.');
  if (!USERS.has(userId)) throw new Error('invalid token');
  const expiresAt = expiry === undefined ? undefined : Number(expiry);
  if (expiresAt !== undefined && expiresAt <= Date.now()) throw new Error('expired');
  return { userId, ...(expiresAt === undefined ? {} : { expiresAt }) };
}

describe('given a hub with a cap on connections per user', () => {
  it('refuses a user more than maxConnectionsPerUser connections with 429, and takes one again when one ends', async () => {
    const { hub } = await startWith({ authenticate, maxConnectionsPerUser: 2 });
    const connect = (user: string) => {
      const client = buildClient(hub.url, TRANSPORTS[0].type, undefined, { accessTokenFactory: () => user });
      clients.push(client);
      return client;
    };
    const first = connect('alice');
    await first.start();
    await connect('alice').start();

    await expect(connect('alice').start()).rejects.toThrow(/429/);
    await connect('bob').start();

    await first.stop();
    await waitUntil(() => hub.hub.connectionCount === 2);
    await connect('alice').start();
  });
});

describe('given a hub with a negotiate limit', () => {
  const negotiateStatus = async (url: string, token: string) => {
    const response = await fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };

  it('answers 429 with Retry-After to a user past perUser negotiations in the window', async () => {
    const { hub } = await startWith({
      authenticate,
      negotiateLimit: { perUser: 3, perAddress: 100, windowSeconds: 60 },
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await negotiateStatus(hub.url, 'alice')).status).toBe(200);
    }

    const refused = await negotiateStatus(hub.url, 'alice');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect((await negotiateStatus(hub.url, 'bob')).status).toBe(200);
  });

  it('answers 429 to an address past perAddress negotiations, whoever signs in, before checking the token', async () => {
    const seen: string[] = [];
    const { hub } = await startWith({
      authenticate: (request) => {
        seen.push(request.token ?? '');
        return authenticate(request);
      },
      negotiateLimit: { perUser: 100, perAddress: 2, windowSeconds: 60 },
    });
    expect((await negotiateStatus(hub.url, 'alice')).status).toBe(200);
    expect((await negotiateStatus(hub.url, 'bob')).status).toBe(200);

    const refused = await negotiateStatus(hub.url, 'carol');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(seen).toEqual(['alice', 'bob']);
  });
});

describe.each(TRANSPORTS)('given a user whose access token expires, over $name', ({ type }) => {
  it('closes the connection when it expires, and the official client reconnects with a fresh token', async () => {
    const { hub } = await startWith({ authenticate });
    hub.hub.on('Whoami', (ctx) => ctx.user?.userId);
    let issued = 0;
    const client = buildClient(hub.url, type, (builder) => builder.withAutomaticReconnect([0, 0, 0]), {
      accessTokenFactory: () => {
        issued += 1;
        return `alice.${Date.now() + 1_500}`;
      },
    });
    clients.push(client);
    const reasons: string[] = [];
    client.onreconnecting((error) => reasons.push(error?.message ?? ''));
    let reconnected = 0;
    client.onreconnected(() => {
      reconnected += 1;
    });
    await client.start();
    const firstId = client.connectionId;
    const issuedAtStart = issued;

    await waitUntil(() => reconnected >= 1, 10_000);

    expect(reasons[0]).toMatch(/The access token expired\./);
    expect(issued).toBeGreaterThan(issuedAtStart);
    expect(client.connectionId).not.toBe(firstId);
    expect(await client.invoke('Whoami')).toBe('alice');
  });
});
