// The clients of the fan-out bench, in a process of their own so they do not share an event loop
// with the server they measure. Each kind does the same work per message: decode it and take the
// send time out of it. WebSocket clients are raw (`ws` speaking each server's protocol), so the
// figures measure the servers rather than either project's client library; server-sent events and
// long polling use the official @microsoft/signalr client, which speaks those transports for us.
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { Decoder } from '@msgpack/msgpack';
import WebSocket from 'ws';
import { EVENT, epochNow } from './protocol';
import type { BenchFix, ClientCommand, ClientKind, ClientReport } from './protocol';

const kind = process.argv[2] as ClientKind;
const port = Number(process.argv[3]);
const report = (message: ClientReport) => process.send?.(message);

const RECORD_SEPARATOR = '\u001e';
// One decoder for every message: decode() would make a new one (and its caches) each time.
const decoder = new Decoder();
let latencies: number[] = [];
let lastReceivedAt = 0;

function received(fix: BenchFix): void {
  lastReceivedAt = epochNow();
  latencies.push(lastReceivedAt - fix.sentAt);
}

/** Something that can be closed at the end of a step. */
interface Client {
  close(): Promise<void>;
}

function openSocket(url: string, onOpen: (socket: WebSocket) => void): WebSocket {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.once('open', () => onOpen(socket));
  return socket;
}

function closeSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.terminate();
  });
}

/** The hub over a raw WebSocket with the JSON protocol: records end with the record separator. */
function hubJson(ready: () => void): Client {
  let handshaken = false;
  const socket = openSocket(`ws://127.0.0.1:${port}/hub`, (open) =>
    open.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`),
  );
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    let start = 0;
    for (let end = text.indexOf(RECORD_SEPARATOR); end !== -1; end = text.indexOf(RECORD_SEPARATOR, start)) {
      const message = JSON.parse(text.slice(start, end)) as { type?: number; arguments?: [BenchFix] };
      start = end + 1;
      if (!handshaken) {
        handshaken = true;
        ready();
      } else if (message.type === 1 && message.arguments) received(message.arguments[0]);
    }
  });
  return { close: () => closeSocket(socket) };
}

/** The hub over a raw WebSocket with the MessagePack protocol: varint-length-prefixed arrays. */
function hubMessagePack(ready: () => void): Client {
  let handshaken = false;
  const socket = openSocket(`ws://127.0.0.1:${port}/hub`, (open) =>
    open.send(`{"protocol":"messagepack","version":1}${RECORD_SEPARATOR}`),
  );
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) {
      // The handshake answer is JSON text whatever the protocol.
      handshaken = true;
      ready();
      return;
    }
    if (!handshaken) return;
    let offset = 0;
    while (offset < data.length) {
      let length = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = data[offset] ?? 0;
        offset += 1;
        length |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte & 0x80);
      const message = decoder.decode(data.subarray(offset, offset + length)) as unknown[];
      offset += length;
      if (message[0] === 1) received((message[4] as [BenchFix])[0]);
    }
  });
  return { close: () => closeSocket(socket) };
}

/** Socket.IO 4 over a raw WebSocket: Engine.IO packets, Socket.IO's `42["event",data]`. */
function socketIo(ready: () => void): Client {
  const socket = openSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, () => undefined);
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    if (text.startsWith('42')) {
      received((JSON.parse(text.slice(2)) as [string, BenchFix])[1]);
    } else if (text.startsWith('0')) {
      socket.send('40'); // Engine.IO open: connect to the main namespace
    } else if (text.startsWith('40')) {
      ready();
    } else if (text === '2') {
      socket.send('3');
    }
  });
  return { close: () => closeSocket(socket) };
}

/** The hub through the official client, for the transports a raw client would have to reimplement. */
function official(transport: HttpTransportType, ready: () => void): Client {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`http://127.0.0.1:${port}/hub`, { transport })
    .configureLogging(LogLevel.None)
    .build();
  connection.on(EVENT, (fix: BenchFix) => received(fix));
  void connection.start().then(ready);
  return { close: () => connection.stop() };
}

function connect(onReady: () => void): Client {
  switch (kind) {
    case 'hub-json-ws':
      return hubJson(onReady);
    case 'hub-msgpack-ws':
      return hubMessagePack(onReady);
    case 'socket.io-ws':
      return socketIo(onReady);
    case 'hub-json-sse':
      return official(HttpTransportType.ServerSentEvents, onReady);
    case 'hub-json-longpolling':
      return official(HttpTransportType.LongPolling, onReady);
  }
}

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

let clients: Client[] = [];

async function collect(expected: number, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (latencies.length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const sorted = Float64Array.from(latencies).sort();
  report({
    kind: 'collected',
    received: latencies.length,
    lastReceivedAt,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  });
  latencies = [];
}

process.on('message', (command: ClientCommand) => {
  switch (command.kind) {
    case 'connect': {
      let ready = 0;
      clients = Array.from({ length: command.clients }, () =>
        connect(() => {
          ready += 1;
          if (ready === command.clients) {
            latencies = [];
            report({ kind: 'connected' });
          }
        }),
      );
      return;
    }
    case 'collect':
      void collect(command.expected, command.graceMs);
      return;
    case 'disconnect':
      void Promise.all(clients.map((client) => client.close())).then(() => {
        clients = [];
        report({ kind: 'disconnected' });
      });
  }
});
