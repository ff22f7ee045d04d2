import { HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection, IRetryPolicy, RetryContext } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSPORTS, buildClient, startHub, waitFor, waitUntil } from './harness';
import type { RunningHub } from './harness';

/** The delays the product's live-hub client uses (api-sdk, ARCHITECTURE.md): 0, 2, 10 and 30 s. */
const PRODUCT_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];

describe.each(TRANSPORTS)('given the official client over $name with automatic reconnect', ({ type }) => {
  const servers: RunningHub[] = [];
  let client: HubConnection | undefined;

  afterEach(async () => {
    await client?.stop();
    client = undefined;
    await Promise.all(
      servers
        .splice(0)
        .filter((running) => running.server.listening)
        .map((running) => running.stop()),
    );
  });

  it('follows the retry policy while the server is gone, then stops', async () => {
    const running = await startHub();
    servers.push(running);
    const retries: number[] = [];
    const policy: IRetryPolicy = {
      nextRetryDelayInMilliseconds: ({ previousRetryCount }: RetryContext) => {
        retries.push(previousRetryCount);
        return previousRetryCount < 3 ? 20 : null;
      },
    };
    client = buildClient(running.url, type, (builder) => builder.withAutomaticReconnect(policy));
    const reconnecting: (Error | undefined)[] = [];
    client.onreconnecting((error) => reconnecting.push(error));
    const closing = waitFor<Error | undefined>((report) => client?.onclose(report));
    await client.start();

    await running.stop();
    await closing;

    expect(reconnecting).toHaveLength(1);
    expect(retries).toEqual([0, 1, 2, 3]);
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });

  it('resumes receiving when the server is restarted on the same port mid-stream', async () => {
    const streamTicks = (running: RunningHub, server: string) => {
      let tick = 0;
      const timer = setInterval(() => void running.hub.clients.all.send('tick', server, tick++), 20);
      running.server.once('close', () => clearInterval(timer));
    };
    const first = await startHub();
    servers.push(first);
    streamTicks(first, 'first');
    client = buildClient(first.url, type, (builder) =>
      builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 50 }),
    );
    const ticks: string[] = [];
    client.on('tick', (server: string, tick: number) => ticks.push(`${server} ${tick}`));
    const fromServer = (name: string, count: number) =>
      waitFor<void>((report) =>
        client?.on('tick', () => ticks.filter((tick) => tick.startsWith(name)).length >= count && report()),
      );
    await client.start();
    const firstConnectionId = client.connectionId;
    await fromServer('first', 3);

    const reconnecting = waitFor<Error | undefined>((report) => client?.onreconnecting(report));
    await first.crash();
    await reconnecting;
    const reconnected = waitFor<string | undefined>((report) => client?.onreconnected(report));
    const second = await startHub({}, () => undefined, first.port);
    servers.push(second);
    streamTicks(second, 'second');
    const newConnectionId = await reconnected;
    await fromServer('second', 3);

    expect(newConnectionId).toBeDefined();
    expect(newConnectionId).not.toBe(firstConnectionId);
    expect(client.state).toBe(HubConnectionState.Connected);
    // Ticks of the first server came first, in order and without gaps (the stream starts before the
    // client connects, so the first few may go to no one), then only the second's.
    const firstOfSecond = ticks.findIndex((tick) => tick.startsWith('second'));
    const fromFirst = ticks.slice(0, firstOfSecond).map((tick) => tick.split(' '));
    expect(fromFirst.length).toBeGreaterThanOrEqual(3);
    expect(fromFirst.every(([server]) => server === 'first')).toBe(true);
    const numbers = fromFirst.map(([, tick]) => Number(tick));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect(ticks.slice(firstOfSecond).every((tick) => tick.startsWith('second'))).toBe(true);
  });

  it('reconnects after a graceful restart, as the Close message allows it', async () => {
    const first = await startHub();
    servers.push(first);
    client = buildClient(first.url, type, (builder) =>
      builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 50 }),
    );
    await client.start();
    const reconnected = waitFor<string | undefined>((report) => client?.onreconnected(report));

    await first.stop();
    const second = await startHub({}, (hub) => hub.on('Ping', () => 'pong'), first.port);
    servers.push(second);
    await reconnected;

    expect(await client.invoke('Ping')).toBe('pong');
  });
});

describe('given the product reconnect delays', () => {
  it('retries at once, then after 2 s', async () => {
    const running = await startHub();
    const log: string[] = [];
    const client = buildClient(running.url, TRANSPORTS[0].type, (builder) =>
      builder.withAutomaticReconnect(PRODUCT_RECONNECT_DELAYS_MS).configureLogging({
        log: (level, message) => {
          if (level === LogLevel.Information) log.push(message);
        },
      }),
    );
    await client.start();
    await running.stop();
    await waitUntil(() => log.some((line) => line.startsWith('Reconnect attempt number 2')));
    await client.stop();

    expect(log.filter((line) => line.startsWith('Reconnect attempt number'))).toEqual([
      'Reconnect attempt number 1 will start in 0 ms.',
      'Reconnect attempt number 2 will start in 2000 ms.',
    ]);
  });
});
