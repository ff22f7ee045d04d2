import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { startHub, waitUntil } from './harness';
import type { RunningHub } from './harness';

const RS = '\u001e';

describe('given a hub spoken to over plain HTTP', () => {
  let running: RunningHub;

  beforeEach(async () => {
    running = await startHub({ transports: ['ServerSentEvents', 'LongPolling'] }, (hub) =>
      hub.on('Add', (_ctx, a: number, b: number) => a + b),
    );
  });

  afterEach(async () => {
    await running.stop();
  });

  const negotiate = async (query: string) => {
    const response = await fetch(`${running.url}/negotiate${query}`, { method: 'POST' });
    return (await response.json()) as Record<string, unknown>;
  };

  it('negotiates version 1 with a secret token apart from the connection id', async () => {
    const body = await negotiate('?negotiateVersion=1');

    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('negotiates version 0 when asked for none, and the connection id then addresses the transport', async () => {
    const body = await negotiate('');
    const url = `${running.url}?id=${String(body.connectionId)}`;

    expect(body.negotiateVersion).toBe(0);
    expect(body).not.toHaveProperty('connectionToken');
    expect((await fetch(url)).status).toBe(200);
    await fetch(url, { method: 'POST', body: `{"protocol":"json","version":1}${RS}` });
    expect(await (await fetch(url)).text()).toBe(`{}${RS}`);
    await fetch(url, {
      method: 'POST',
      body: `{"type":1,"invocationId":"1","target":"Add","arguments":[2,3]}${RS}`,
    });
    expect(await (await fetch(url)).text()).toBe(`{"type":3,"invocationId":"1","result":5}${RS}`);
    const pollResponse = new Promise<ServerResponse>((resolve) =>
      running.server.once('request', (_request, response: ServerResponse) => resolve(response)),
    );
    const pendingPoll = fetch(url);
    // The poll is waiting once the hub watches its response for the client giving up.
    const response = await pollResponse;
    const listenersBefore = response.listenerCount('close');
    await waitUntil(() => response.listenerCount('close') > listenersBefore);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(202);
    // DELETE completes the waiting poll with 204; the connection is gone afterwards.
    expect((await pendingPoll).status).toBe(204);
    expect((await fetch(url)).status).toBe(404);
  });

  it('answers a handshake for another protocol with an error', async () => {
    const { connectionToken } = await negotiate('?negotiateVersion=1');
    const url = `${running.url}?id=${String(connectionToken)}`;
    await fetch(url);

    await fetch(url, { method: 'POST', body: `{"protocol":"protobuf","version":1}${RS}` });

    expect(await (await fetch(url)).text()).toBe(
      `{"error":"Requested protocol 'protobuf' version 1 is not available."}${RS}`,
    );
  });

  it.each([
    ['GET', '/negotiate', 405],
    ['GET', '', 400],
    ['GET', '?id=unknown', 404],
    ['POST', '?id=unknown', 404],
  ])('answers %s %s with %i', async (method, suffix, status) => {
    expect((await fetch(`${running.url}${suffix}`, { method })).status).toBe(status);
  });

  it('refuses a WebSocket upgrade when WebSockets are not offered', async () => {
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(running.url.replace('http', 'ws'));

    const status = await new Promise<number | undefined>((resolve) =>
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );

    expect(status).toBe(404);
  });
});
