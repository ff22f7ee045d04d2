import type { HubConnection } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthenticateRequest } from '../index';
import { TRANSPORTS, buildClient, startHub } from './harness';
import type { RunningHub } from './harness';

const USERS: Record<string, string> = { 'token-alice': 'alice', 'token-bob': 'bob' };

function authenticate({ token }: AuthenticateRequest) {
  const userId = token ? USERS[token] : undefined;
  if (!userId) throw new Error('invalid token');
  return { userId, claims: { token } };
}

describe.each(TRANSPORTS)(
  'given an authenticated hub and the official client over $name',
  ({ name, type }) => {
    let running: RunningHub;
    let seen: { kind: string; token: string | undefined; method: string | undefined }[];
    let client: HubConnection | undefined;

    beforeEach(async () => {
      seen = [];
      running = await startHub(
        {
          authenticate: (request) => {
            seen.push({ kind: request.kind, token: request.token, method: request.request.method });
            return authenticate(request);
          },
        },
        (hub) => hub.on('Whoami', (ctx) => ctx.user?.userId),
      );
    });

    afterEach(async () => {
      await client?.stop();
      client = undefined;
      await running.stop();
    });

    it('refuses a rejected token: negotiate answers 401 and start() rejects', async () => {
      client = buildClient(running.url, type, undefined, { accessTokenFactory: () => 'stolen' });

      await expect(client.start()).rejects.toThrow(/401/);
      expect(seen).toEqual([{ kind: 'negotiate', token: 'stolen', method: 'POST' }]);
    });

    it('refuses a client without a token', async () => {
      client = buildClient(running.url, type);

      await expect(client.start()).rejects.toThrow(/401/);
    });

    it('authenticates negotiate and every transport request with the bearer token', async () => {
      client = buildClient(running.url, type, undefined, { accessTokenFactory: () => 'token-alice' });
      await client.start();

      expect(await client.invoke('Whoami')).toBe('alice');
      expect(seen[0]).toEqual({ kind: 'negotiate', token: 'token-alice', method: 'POST' });
      const transportRequests = seen.slice(1);
      expect(transportRequests.length).toBeGreaterThan(0);
      expect(
        transportRequests.every(({ kind, token }) => kind === 'transport' && token === 'token-alice'),
      ).toBe(true);
      // Node clients send the Authorization header; the event stream carries access_token instead.
      if (name === 'ServerSentEvents')
        expect(transportRequests.some(({ method }) => method === 'GET')).toBe(true);
    });
  },
);

describe('given a connection negotiated by one user', () => {
  let running: RunningHub;

  beforeEach(async () => {
    running = await startHub({ authenticate });
  });

  afterEach(async () => {
    await running.stop();
  });

  it("refuses another user's requests on it with 403", async () => {
    const negotiated = await fetch(`${running.url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer token-alice' },
    });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };

    const poll = await fetch(`${running.url}?id=${connectionToken}&access_token=token-bob`);

    expect(poll.status).toBe(403);
  });

  it('answers 401 with a Bearer challenge', async () => {
    const negotiated = await fetch(`${running.url}/negotiate?negotiateVersion=1`, { method: 'POST' });

    expect(negotiated.status).toBe(401);
    expect(negotiated.headers.get('www-authenticate')).toBe('Bearer');
  });
});
