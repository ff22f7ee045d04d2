import { DefaultHttpClient, NullLogger } from '@microsoft/signalr';
import type { HttpRequest, HttpResponse, HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { RedisBackplane } from '../index';
import type { AuthenticateRequest, HubOptions } from '../index';
import { TRANSPORTS, buildClient, startHub, waitFor, waitUntil } from './harness';
import type { RunningHub } from './harness';

// Two instances of one hub sharing a secret and a Redis backplane, as behind a balancer that
// routes on the connection id: the official client negotiates with instance A and sends every
// transport request (WebSocket, event stream, polls, sends) to instance B.

const SECRET = 'a-secret-shared-by-every-instance';
const USERS: Record<string, string> = { 'token-alice': 'alice', 'token-bob': 'bob' };

function authenticate({ token }: AuthenticateRequest) {
  const userId = token ? USERS[token] : undefined;
  if (!userId) throw new Error('invalid token');
  return { userId };
}

const started: { running: RunningHub; backplane: RedisBackplane }[] = [];
const clients: HubConnection[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  await Promise.all(
    started.splice(0).map(async ({ running, backplane }) => {
      await running.stop();
      await backplane.close();
    }),
  );
});

async function instance(options: Partial<HubOptions> = {}): Promise<RunningHub> {
  const backplane = new RedisBackplane({ url: inject('redisUrl') });
  const running = await startHub(
    { name: 'any-instance', backplane, authenticate, secret: SECRET, ...options },
    (hub) => hub.on('Whoami', (ctx) => ({ user: ctx.user?.userId, connectionId: ctx.connectionId })),
  );
  started.push({ running, backplane });
  await running.hub.ready();
  return running;
}

/** The official client's own HTTP client, with negotiate sent to another instance. */
class NegotiateElsewhere extends DefaultHttpClient {
  constructor(
    private readonly from: string,
    private readonly to: string,
  ) {
    super(NullLogger.instance);
  }

  override send(request: HttpRequest): Promise<HttpResponse> {
    const url = request.url ?? '';
    const target = url.startsWith(`${this.from}/negotiate`) ? this.to + url.slice(this.from.length) : url;
    return super.send({ ...request, url: target });
  }
}

function clientOf(a: RunningHub, b: RunningHub, transport: (typeof TRANSPORTS)[number]['type']) {
  const client = buildClient(b.url, transport, undefined, {
    accessTokenFactory: () => 'token-alice',
    httpClient: new NegotiateElsewhere(b.url, a.url),
  });
  clients.push(client);
  return client;
}

async function negotiate(
  running: RunningHub,
  token = 'token-alice',
  version = 1,
): Promise<{ connectionId: string; connectionToken?: string }> {
  const response = await fetch(`${running.url}/negotiate?negotiateVersion=${version}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { connectionId: string; connectionToken?: string };
}

/** The first long poll of a connection, as the official client sends it. */
function poll(running: RunningHub, id: string, token = 'token-alice') {
  return fetch(`${running.url}?id=${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

describe.each(TRANSPORTS)('negotiated with instance A, connected to instance B over $name', ({ type }) => {
  it('connects, invokes and receives what either instance sends', async () => {
    const a = await instance();
    const b = await instance();
    const client = clientOf(a, b, type);
    const fromA = waitFor<string>((report) => client.on('news', report), 5_000);
    const fromB = waitFor<string>((report) => client.on('local', report), 5_000);

    await client.start();

    expect(b.hub.connectionCount).toBe(1);
    expect(a.hub.connectionCount).toBe(0);
    expect(await client.invoke('Whoami')).toEqual({ user: 'alice', connectionId: client.connectionId });
    await a.hub.clients.user('alice').send('news', 'through the backplane');
    await b.hub.clients.all.send('local', 'from the instance holding it');
    expect(await fromA).toBe('through the backplane');
    expect(await fromB).toBe('from the instance holding it');

    await client.stop();
    await waitUntil(() => b.hub.connectionCount === 0);
  });
});

describe('signed connection tokens', () => {
  it('answers 404 to a token whose signature was changed', async () => {
    const a = await instance();
    const b = await instance();
    const { connectionToken = '' } = await negotiate(a);
    const forged = connectionToken.slice(0, -2) + (connectionToken.endsWith('AA') ? 'BB' : 'AA');

    const response = await poll(b, forged);

    expect(response.status).toBe(404);
    expect(await response.text()).toBe('No connection with that ID.');
  });

  it('answers 404 to a token for another connection id than the one signed', async () => {
    const a = await instance();
    const b = await instance();
    const { connectionToken = '' } = await negotiate(a);
    const [version, , ...rest] = connectionToken.split('.');
    const otherId = [version, 'AAAAAAAAAAAAAAAAAAAAAA', ...rest].join('.');

    expect((await poll(b, otherId)).status).toBe(404);
  });

  it('answers 404 once the handshake time counted from negotiate is over', async () => {
    const a = await instance({ handshakeTimeoutMs: 5_000 });
    const b = await instance({ handshakeTimeoutMs: 5_000 });
    const { connectionToken = '' } = await negotiate(a);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_001);

    const response = await poll(b, connectionToken);

    expect(response.status).toBe(404);
    expect(b.hub.connectionCount).toBe(0);
  });

  it("answers 403 to another user's request with a genuine token", async () => {
    const a = await instance();
    const b = await instance();
    const { connectionToken = '' } = await negotiate(a, 'token-alice');

    const response = await poll(b, connectionToken, 'token-bob');

    expect(response.status).toBe(403);
    // The owner can still use it.
    expect((await poll(b, connectionToken, 'token-alice')).status).toBe(200);
  });

  it('answers 401 to a genuine token without credentials of its own', async () => {
    const a = await instance();
    const b = await instance();
    const { connectionToken = '' } = await negotiate(a);

    const response = await fetch(`${b.url}?id=${encodeURIComponent(connectionToken)}`);

    expect(response.status).toBe(401);
  });

  it('opens nothing on an instance with another secret, or on a hub of another name', async () => {
    const a = await instance();
    const otherSecret = await instance({ secret: 'another-secret-of-another-deployment' });
    const otherHub = await instance({ name: 'another-hub' });
    const { connectionToken = '' } = await negotiate(a);

    expect((await poll(otherSecret, connectionToken)).status).toBe(404);
    expect((await poll(otherHub, connectionToken)).status).toBe(404);
  });

  it('opens one connection per token: after it ended, the token is unknown again', async () => {
    const a = await instance();
    const b = await instance();
    const client = clientOf(a, b, TRANSPORTS[0].type);
    let token = '';
    // The client does not expose its token: read it off the negotiate answer.
    const http = new (class extends DefaultHttpClient {
      override send(request: HttpRequest): Promise<HttpResponse> {
        return super.send(request).then((response) => {
          if (request.url?.includes('/negotiate')) {
            token = (JSON.parse(String(response.content)) as { connectionToken: string }).connectionToken;
          }
          return response;
        });
      }
    })(NullLogger.instance);
    const reused = buildClient(b.url, TRANSPORTS[0].type, undefined, {
      accessTokenFactory: () => 'token-alice',
      httpClient: http,
    });
    clients.push(reused);
    await reused.start();
    await reused.stop();
    await waitUntil(() => b.hub.connectionCount === 0);

    expect((await poll(b, token)).status).toBe(404);
    // Meanwhile a connection negotiated elsewhere still connects.
    await client.start();
    expect(b.hub.connectionCount).toBe(1);
  });

  it('spends a token on every instance once it opened a connection on one', async () => {
    const a = await instance();
    const b = await instance();
    const onA = buildClient(a.url, TRANSPORTS[0].type, undefined, {
      accessTokenFactory: () => 'token-alice',
    });
    clients.push(onA);
    await onA.start();
    const { connectionToken = '' } = await negotiate(a);

    expect((await poll(b, connectionToken)).status).toBe(200);
    // The backplane keeps B's messages in order: once A's client has B's marker, A knows the token.
    const marker = waitFor<string>((report) => onA.on('marker', report), 5_000);
    await b.hub.clients.all.send('marker', 'after the opening');
    await marker;

    // As when B died and the balancer sends the connection's next poll to A.
    const rerouted = await poll(a, connectionToken);
    expect(rerouted.status).toBe(404);
    expect(await rerouted.text()).toBe('No connection with that ID.');
  });

  it('starts a connection only with a GET or a WebSocket, never with a send or a DELETE', async () => {
    const a = await instance();
    const b = await instance();
    const { connectionToken = '' } = await negotiate(a);
    const url = `${b.url}?id=${encodeURIComponent(connectionToken)}`;
    const headers = { authorization: 'Bearer token-alice' };

    expect((await fetch(url, { method: 'POST', headers, body: '{}\u001e' })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers })).status).toBe(404);
    expect((await poll(b, connectionToken)).status).toBe(200);
  });

  it('lets a negotiate version 0 client connect to another instance with the signed id', async () => {
    const a = await instance();
    const b = await instance();
    const { connectionId, connectionToken } = await negotiate(a, 'token-alice', 0);
    expect(connectionToken).toBeUndefined();

    const first = await poll(b, connectionId);
    expect(first.status).toBe(200);
    const handshake = await fetch(`${b.url}?id=${encodeURIComponent(connectionId)}`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-alice' },
      body: '{"protocol":"json","version":1}\u001e',
    });
    expect(handshake.status).toBe(200);

    await waitUntil(() => b.hub.connectionCount === 1);
    const answer = await poll(b, connectionId);
    expect(await answer.text()).toBe('{}\u001e');
    await fetch(`${b.url}?id=${encodeURIComponent(connectionId)}`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer token-alice' },
    });
    await waitUntil(() => b.hub.connectionCount === 0);
  });

  it('without a secret, serves a connection only where it was negotiated (404 elsewhere)', async () => {
    const a = await instance({ secret: undefined });
    const b = await instance({ secret: undefined });
    const { connectionToken = '' } = await negotiate(a);

    expect((await poll(b, connectionToken)).status).toBe(404);
    expect((await poll(a, connectionToken)).status).toBe(200);
  });
});
