import { HubConnectionState } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSPORTS, buildClient, startHub, waitFor } from './harness';
import type { RunningHub } from './harness';

// Production defaults are 15 s pings and 30 s timeouts; the tests scale them down to milliseconds.
describe.each(TRANSPORTS)('given the official client over $name', ({ type }) => {
  let running: RunningHub | undefined;
  let client: HubConnection | undefined;

  afterEach(async () => {
    await client?.stop();
    await running?.stop();
    client = undefined;
    running = undefined;
  });

  it('keeps an idle connection open past both timeouts (pings, or polls for long polling)', async () => {
    const disconnected: string[] = [];
    running = await startHub({ keepAliveIntervalMs: 200, clientTimeoutMs: 1_000 }, (hub) =>
      hub.onDisconnected((ctx) => {
        disconnected.push(ctx.connectionId);
      }),
    );
    client = buildClient(running.url, type, (builder) =>
      builder.withServerTimeout(1_000).withKeepAliveInterval(200),
    );
    const closed: unknown[] = [];
    client.onclose((error) => closed.push(error));
    await client.start();

    // Longer than both timeouts: only the pings keep either side from closing.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    expect(client.state).toBe(HubConnectionState.Connected);
    expect(closed).toEqual([]);
    expect(disconnected).toEqual([]);
  });
});

// Long polling has inherent keep-alive: the official client neither sends pings over it nor
// watches for the server's, so the hub watches the polls instead (as ASP.NET Core does).
describe.each(TRANSPORTS.filter(({ name }) => name !== 'LongPolling'))(
  'given the official client over $name',
  ({ type }) => {
    let running: RunningHub | undefined;
    let client: HubConnection | undefined;

    afterEach(async () => {
      await client?.stop();
      await running?.stop();
      client = undefined;
      running = undefined;
    });

    it('lets the client detect a server that went silent', async () => {
      running = await startHub({ keepAliveIntervalMs: 60_000 });
      client = buildClient(running.url, type, (builder) =>
        builder.withServerTimeout(400).withKeepAliveInterval(100),
      );
      const closing = waitFor<Error | undefined>((report) => client?.onclose(report));
      await client.start();

      const error = await closing;

      expect(error?.message).toBe('Server timeout elapsed without receiving a message from the server.');
    });

    it('closes a client that went silent', async () => {
      const disconnections: (string | undefined)[] = [];
      running = await startHub({ keepAliveIntervalMs: 100, clientTimeoutMs: 400 }, (hub) =>
        hub.onDisconnected((_ctx, error) => {
          disconnections.push(error);
        }),
      );
      client = buildClient(running.url, type, (builder) =>
        builder.withServerTimeout(60_000).withKeepAliveInterval(30_000),
      );
      const closing = waitFor<Error | undefined>((report) => client?.onclose(report));
      await client.start();

      const error = await closing;

      const reason = 'Client timeout (400 ms) elapsed without receiving a message from the client.';
      expect(error?.message).toBe(`Server returned an error on close: ${reason}`);
      expect(disconnections).toEqual([reason]);
    });
  },
);

describe('given a long-polling client that stops polling', () => {
  let running: RunningHub | undefined;

  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('closes the connection once no poll arrived for the client timeout', async () => {
    const disconnections: (string | undefined)[] = [];
    running = await startHub({ clientTimeoutMs: 400 }, (hub) =>
      hub.onDisconnected((_ctx, error) => {
        disconnections.push(error);
      }),
    );
    const negotiation = (await (
      await fetch(`${running.url}/negotiate?negotiateVersion=1`, { method: 'POST' })
    ).json()) as {
      connectionToken: string;
    };
    const url = `${running.url}?id=${negotiation.connectionToken}`;
    expect((await fetch(url)).status).toBe(200);
    await fetch(url, { method: 'POST', body: '{"protocol":"json","version":1}\u001e' });
    expect(await (await fetch(url)).text()).toBe('{}\u001e');
    const disconnected = waitFor<void>((report) => running?.hub.onDisconnected(() => report()));

    await disconnected;

    expect(disconnections).toEqual([
      'Client timeout (400 ms) elapsed without receiving a message from the client.',
    ]);
  });
});
