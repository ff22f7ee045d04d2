import { HttpTransportType } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HubError } from '../index';
import type { HubContext } from '../index';
import { buildClient, startHub, waitFor, waitUntil } from './harness';
import type { RunningHub } from './harness';

// The transports that carry bytes; server-sent events carry text only.
const BINARY_TRANSPORTS = [
  { name: 'WebSockets', type: HttpTransportType.WebSockets },
  { name: 'LongPolling', type: HttpTransportType.LongPolling },
] as const;

describe.each(BINARY_TRANSPORTS)('given the official MessagePack client over $name', ({ type }) => {
  let running: RunningHub;
  let notes: unknown[];
  const clients: HubConnection[] = [];

  const connect = async () => {
    const client = buildClient(running.url, type, (builder) =>
      builder.withHubProtocol(new MessagePackHubProtocol()),
    );
    clients.push(client);
    await client.start();
    return client;
  };

  beforeEach(async () => {
    notes = [];
    running = await startHub({}, (hub) => {
      hub.on('Add', (_ctx, a: number, b: number) => a + b);
      hub.on('Vehicle', (_ctx, id: string) => ({ id, locked: true, odometerKm: 1204.5, tags: ['fleet'] }));
      hub.on('Nothing', () => undefined);
      hub.on('Missing', () => {
        throw new HubError('Vehicle 42 was not found.');
      });
      hub.on('Note', (_ctx, note: unknown) => {
        notes.push(note);
      });
      hub.on('Leave', (ctx: HubContext) => ctx.close({ error: 'Signed out elsewhere.' }));
    });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
    await running.stop();
  });

  it('receives what the server sends to everyone, with its types intact', async () => {
    const client = await connect();
    const received = waitFor<unknown[]>((report) => client.on('vehicleMoved', (...args) => report(args)));
    await running.hub.clients.all.send('vehicleMoved', 'CA 123-456', {
      lat: -33.92,
      lng: 18.42,
      speedKph: 62,
      locked: false,
      driver: null,
      stops: [1, 2, 3],
    });
    expect(await received).toEqual([
      'CA 123-456',
      { lat: -33.92, lng: 18.42, speedKph: 62, locked: false, driver: null, stops: [1, 2, 3] },
    ]);
  });

  it('answers invocations with a result, with nothing, and with a hub error', async () => {
    const client = await connect();
    expect(await client.invoke('Add', 2, 40)).toBe(42);
    expect(await client.invoke('Vehicle', 'v-7')).toEqual({
      id: 'v-7',
      locked: true,
      odometerKm: 1204.5,
      tags: ['fleet'],
    });
    // A void completion: MessagePack says so (JSON clients see null, MessagePack ones undefined).
    expect(await client.invoke('Nothing')).toBeUndefined();
    await expect(client.invoke('Missing')).rejects.toThrow('Vehicle 42 was not found.');
  });

  it('takes messages the client sends without waiting for an answer', async () => {
    const client = await connect();
    await client.send('Note', { text: 'checked', at: 3 });
    await waitUntil(() => notes.length === 1);
    expect(notes).toEqual([{ text: 'checked', at: 3 }]);
  });

  it('receives many messages sent in one turn, written together', async () => {
    const client = await connect();
    const received: number[] = [];
    client.on('n', (n: number) => received.push(n));
    for (let n = 0; n < 200; n += 1) void running.hub.clients.all.send('n', n);
    await waitUntil(() => received.length === 200);
    expect(received).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it('closes with the error the server gives', async () => {
    const client = await connect();
    const closed = waitFor<Error | undefined>((report) => client.onclose(report));
    await client.invoke('Leave').catch(() => undefined);
    expect(String(await closed)).toContain('Signed out elsewhere.');
  });
});

describe('given a MessagePack client beside a JSON client', () => {
  let running: RunningHub;
  const clients: HubConnection[] = [];

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
    await running.stop();
  });

  it('delivers one broadcast to both, each in its own protocol', async () => {
    running = await startHub();
    const messagePack = buildClient(running.url, HttpTransportType.WebSockets, (builder) =>
      builder.withHubProtocol(new MessagePackHubProtocol()),
    );
    const json = buildClient(running.url, HttpTransportType.WebSockets);
    clients.push(messagePack, json);
    await Promise.all([messagePack.start(), json.start()]);
    const both = Promise.all(
      [messagePack, json].map((client) =>
        waitFor<unknown>((report) => client.on('alarm', (payload: unknown) => report(payload))),
      ),
    );
    await running.hub.clients.all.send('alarm', { kind: 'ignition', vehicleId: 7 });
    expect(await both).toEqual([
      { kind: 'ignition', vehicleId: 7 },
      { kind: 'ignition', vehicleId: 7 },
    ]);
  });
});

describe('given a raw client asking for MessagePack over server-sent events', () => {
  it('answers the handshake with an error: that transport carries text only', async () => {
    const running = await startHub();
    try {
      const negotiate = (await (
        await fetch(`${running.url}/negotiate?negotiateVersion=1`, { method: 'POST' })
      ).json()) as { connectionToken: string };
      const stream = await fetch(`${running.url}?id=${negotiate.connectionToken}`, {
        headers: { accept: 'text/event-stream' },
      });
      const reader = stream.body?.getReader();
      await fetch(`${running.url}?id=${negotiate.connectionToken}`, {
        method: 'POST',
        body: '{"protocol":"messagepack","version":1}\u001e',
      });
      let text = '';
      while (!text.includes('\u001e') && reader) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toContain("Requested protocol 'messagepack' version 1 is not available.");
    } finally {
      await running.stop();
    }
  });

  it('closes a WebSocket whose MessagePack message is not valid', async () => {
    const running = await startHub();
    try {
      const socket = new WebSocket(running.url.replace('http', 'ws'));
      const frames: string[] = [];
      socket.on('message', (data: Buffer, isBinary) => frames.push(isBinary ? 'binary' : data.toString()));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send('{"protocol":"messagepack","version":1}\u001e');
      await waitUntil(() => frames.length === 1);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      // A length prefix of 3 followed by bytes that are no MessagePack array.
      socket.send(Buffer.from([3, 0xc1, 0xc1, 0xc1]), { binary: true });
      await closed;
      expect(frames).toEqual(['{}\u001e', 'binary']);
    } finally {
      await running.stop();
    }
  });
});
