import type { HubConnection } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HubError } from '../index';
import type { HubContext, TransportName } from '../index';
import { TRANSPORTS, buildClient, startHub, waitFor, waitUntil } from './harness';
import type { RunningHub } from './harness';

describe.each(TRANSPORTS)('given the official client over $name', ({ name, type }) => {
  let running: RunningHub;
  let connected: { connectionId: string; transport: TransportName; userId: string | undefined }[];
  let disconnected: { connectionId: string; error: string | undefined }[];
  let notes: unknown[];
  let unexpected: unknown[];
  const clients: HubConnection[] = [];

  const connect = async (userId?: string) => {
    const client = buildClient(
      running.url,
      type,
      undefined,
      userId ? { accessTokenFactory: () => userId } : {},
    );
    clients.push(client);
    await client.start();
    return client;
  };

  beforeEach(async () => {
    connected = [];
    disconnected = [];
    notes = [];
    unexpected = [];
    running = await startHub(
      {
        authenticate: ({ token }) => (token ? { userId: token, claims: { role: 'Admin' } } : null),
        onError: (error) => unexpected.push(error),
      },
      (hub) => {
        hub.onConnected((ctx) => {
          connected.push({
            connectionId: ctx.connectionId,
            transport: ctx.transport,
            userId: ctx.user?.userId,
          });
        });
        hub.onDisconnected((ctx, error) => {
          disconnected.push({ connectionId: ctx.connectionId, error });
        });
        hub.on('Add', (_ctx, a: number, b: number) => a + b);
        hub.on('Vehicle', async (_ctx, id: string) => ({ id, locked: true, odometerKm: 1204.5 }));
        hub.on('Nothing', () => undefined);
        hub.on('Missing', () => {
          throw new HubError('Vehicle 42 was not found.');
        });
        hub.on('Crash', () => {
          throw new Error('database password is hunter2');
        });
        hub.on('Note', (_ctx, note: unknown) => {
          notes.push(note);
        });
        hub.on('Whoami', (ctx: HubContext) => ({ userId: ctx.user?.userId, claims: ctx.user?.claims }));
        hub.on('Join', (ctx: HubContext, group: string) => ctx.groups.add(ctx.connectionId, group));
        hub.on('Leave', (ctx: HubContext, group: string) => ctx.groups.remove(ctx.connectionId, group));
        hub.on('TellOthers', (ctx: HubContext, text: string) => ctx.clients.others.send('message', text));
      },
    );
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
    await running.stop();
  });

  it(`connects over ${name} and receives a message the server sends`, async () => {
    const client = await connect();
    expect(connected).toEqual([{ connectionId: client.connectionId, transport: name, userId: undefined }]);

    const received = waitFor<unknown[]>((report) => client.on('vehicleMoved', (...args) => report(args)));
    await running.hub.clients.all.send('vehicleMoved', 'CA 123-456', { lat: -33.92, lng: 18.42 });

    expect(await received).toEqual(['CA 123-456', { lat: -33.92, lng: 18.42 }]);
  });

  it('returns the result of an invoked method', async () => {
    const client = await connect();

    expect(await client.invoke('Add', 40, 2)).toBe(42);
    expect(await client.invoke('Vehicle', 'v-1')).toEqual({ id: 'v-1', locked: true, odometerKm: 1204.5 });
    expect(await client.invoke('Nothing')).toBeUndefined();
  });

  it('rejects the invocation with the message of a HubError', async () => {
    const client = await connect();

    await expect(client.invoke('Missing')).rejects.toThrow('Vehicle 42 was not found.');
  });

  it('hides the message of any other error and reports it to onError', async () => {
    const client = await connect();

    const failure = await client.invoke('Crash').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe("An unexpected error occurred invoking 'Crash' on the server.");
    expect(unexpected).toEqual([new Error('database password is hunter2')]);
    // The connection survives a failed invocation.
    expect(await client.invoke('Add', 1, 1)).toBe(2);
  });

  it('rejects an unknown method', async () => {
    const client = await connect();

    await expect(client.invoke('Teleport')).rejects.toThrow("Unknown hub method 'Teleport'.");
  });

  it('runs a non-blocking send and answers nothing', async () => {
    const client = await connect();

    await client.send('Note', 'first');
    await client.send('Note', 'second');
    // Invocations of one connection run in order, so the answer to this one comes after both notes.
    await client.invoke('Nothing');

    expect(notes).toEqual(['first', 'second']);
  });

  it('answers a stream invocation with a "not supported" error', async () => {
    const client = await connect();

    const error = await waitFor<Error>((report) =>
      client
        .stream('Counter', 3)
        .subscribe({ next: () => undefined, complete: () => undefined, error: report }),
    );

    expect(error.message).toBe('Streaming hub methods are not supported by this server.');
  });

  it('sends to one user, one group, one connection, or everyone but one', async () => {
    const alice = await connect('alice');
    const alicePhone = await connect('alice');
    const bob = await connect('bob');
    const inboxes = new Map<HubConnection, string[]>([
      [alice, []],
      [alicePhone, []],
      [bob, []],
    ]);
    for (const [client, inbox] of inboxes) client.on('message', (text: string) => inbox.push(text));
    // Messages reach each connection in order, so once "end" arrived everything before it has too.
    const ends = [...inboxes.keys()].map((client) =>
      waitFor<void>((report) => client.on('end', () => report())),
    );

    await alice.invoke('Join', 'vehicle-7');
    await running.hub.clients.user('alice').send('message', 'to alice');
    await running.hub.clients.group('vehicle-7').send('message', 'to vehicle-7 watchers');
    await running.hub.clients.client(bob.connectionId ?? '').send('message', 'to bob');
    await running.hub.clients.except(alice.connectionId ?? '').send('message', 'to all but alice');
    await bob.invoke('TellOthers', 'from bob');
    await alice.invoke('Leave', 'vehicle-7');
    await running.hub.clients.group('vehicle-7').send('message', 'to an empty group');
    await running.hub.clients.all.send('end');
    await Promise.all(ends);

    expect(inboxes.get(alice)).toEqual(['to alice', 'to vehicle-7 watchers', 'from bob']);
    expect(inboxes.get(alicePhone)).toEqual(['to alice', 'to all but alice', 'from bob']);
    expect(inboxes.get(bob)).toEqual(['to bob', 'to all but alice']);
    expect(await bob.invoke('Whoami')).toEqual({ userId: 'bob', claims: { role: 'Admin' } });
  });

  it('tells onDisconnected when a client stops', async () => {
    const client = await connect();
    const connectionId = client.connectionId;

    await client.stop();
    await waitUntil(() => disconnected.length > 0);

    expect(disconnected).toEqual([{ connectionId, error: undefined }]);
    expect(running.hub.connectionCount).toBe(0);
  });
});
