/*
 * pnpm --filter @sentinel/signalr-hub bench [--duration=4000] [--clients=10,50,100]
 *   [--rates=100,500,1000] [--only=hub-json-ws,socket.io-ws] [--cpu-prof]
 *
 * Fan-out: one server sends `rate` fixes a second, every client receives every one. Our hub
 * (JSON and MessagePack over WebSockets, JSON over server-sent events and long polling) and a
 * Socket.IO 4 server (WebSocket transport) do the same work at each step; each server runs in a
 * process of its own and its clients in another, so on two cores the server has one to itself, and
 * all of them take each step in turn before the load steps up. Prints
 * deliveries a second (received ÷ time from the first send to the last receipt) and the p50, p95 and
 * p99 send-to-receive latency. --cpu-prof writes the servers' V8 profiles to a folder it prints.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  ClientCommand,
  ClientKind,
  ClientReport,
  ServerCommand,
  ServerKind,
  ServerReport,
} from './protocol';

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const list = (name: string, fallback: string) => option(name, fallback).split(',');
const DURATION_MS = Number(option('duration', '4000'));
const CLIENTS = list('clients', '10,50,100').map(Number);
const RATES = list('rates', '100,500,1000').map(Number);
const KINDS = list(
  'only',
  'hub-json-ws,hub-msgpack-ws,socket.io-ws,hub-json-sse,hub-json-longpolling',
) as ClientKind[];
const PROFILES = process.argv.includes('--cpu-prof')
  ? mkdtempSync(join(tmpdir(), 'hub-bench-profiles-'))
  : undefined;
if (PROFILES) console.log(`V8 profiles of the servers go to ${PROFILES}`);
/** How long after the last send the clients may still be receiving before the step ends. */
const GRACE_MS = 5_000;

const LABELS: Record<ClientKind, string> = {
  'hub-json-ws': 'hub JSON, WebSockets',
  'hub-msgpack-ws': 'hub MessagePack, WebSockets',
  'socket.io-ws': 'Socket.IO 4, WebSocket',
  'hub-json-sse': 'hub JSON, server-sent events',
  'hub-json-longpolling': 'hub JSON, long polling',
};

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** A child process that answers each command with one report. */
function child<Command, Report extends { kind: string }>(file: string, args: string[], execArgv: string[]) {
  const process_: ChildProcess = fork(here(file), args, { execArgv: ['--import', 'tsx', ...execArgv] });
  const waiting: ((report: Report) => void)[] = [];
  const early: Report[] = [];
  process_.on('message', (report: Report) => {
    const next = waiting.shift();
    if (next) next(report);
    else early.push(report);
  });
  const next = () =>
    new Promise<Report>((resolve) => {
      const report = early.shift();
      if (report) resolve(report);
      else waiting.push(resolve);
    });
  return {
    next,
    tell(command: Command): void {
      process_.send(command as object);
    },
    async ask(command: Command): Promise<Report> {
      process_.send(command as object);
      return next();
    },
    exited: new Promise<void>((resolve) => process_.once('exit', () => resolve())),
    kill: () => process_.kill(),
  };
}

interface Row {
  clients: number;
  rate: number;
  kind: ClientKind;
  delivered: number;
  offered: number;
  p50: number;
  p95: number;
  p99: number;
}

/** A server process and its clients' process, idle between their steps. */
async function startPair(kind: ClientKind) {
  const serverKind: ServerKind = kind === 'socket.io-ws' ? 'socket.io' : 'hub';
  const profile = PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`] : [];
  const server = child<ServerCommand, ServerReport>('./server.ts', [serverKind], profile);
  const ready = await server.next();
  if (ready.kind !== 'ready') throw new Error('The server did not start.');
  const clients = child<ClientCommand, ClientReport>('./clients.ts', [kind, String(ready.port)], []);
  return {
    kind,
    async step(clientCount: number, rate: number): Promise<Row> {
      await clients.ask({ kind: 'connect', clients: clientCount });
      const sent = await server.ask({ kind: 'send', rate, durationMs: DURATION_MS });
      if (sent.kind !== 'sent') throw new Error('The server did not send.');
      const expected = sent.count * clientCount;
      const collected = await clients.ask({ kind: 'collect', expected, graceMs: GRACE_MS });
      if (collected.kind !== 'collected') throw new Error('The clients did not report.');
      await clients.ask({ kind: 'disconnect' });
      const seconds = Math.max(DURATION_MS, collected.lastReceivedAt - sent.startedAt) / 1000;
      return {
        clients: clientCount,
        rate,
        kind,
        delivered: collected.received / seconds,
        offered: clientCount * rate,
        p50: collected.p50,
        p95: collected.p95,
        p99: collected.p99,
      };
    },
    async stop() {
      clients.kill();
      server.tell({ kind: 'stop' });
      await server.exited;
    },
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(7);
function print(row: Row): void {
  const step = `${row.clients} × ${row.rate}/s`.padEnd(13);
  const lost = row.delivered < row.offered * 0.99 ? `  (offered ${row.offered})` : '';
  console.log(
    `${step} ${LABELS[row.kind].padEnd(29)} ${Math.round(row.delivered).toString().padStart(8)}/s` +
      ` p50 ${ms(row.p50)} p95 ${ms(row.p95)} p99 ${ms(row.p99)} ms${lost}`,
  );
}

console.log(
  `Fan-out, ${DURATION_MS / 1000} s per step: deliveries/s and send-to-receive latency (ms)\n` +
    `${'step'.padEnd(13)} ${'server, transport'.padEnd(29)} ${'delivered'.padStart(10)}`,
);
// Every kind runs each step before the load steps up, one after another, so a change in the
// machine's other load during the run touches all of them alike.
const pairs = await Promise.all(KINDS.map((kind) => startPair(kind)));
const all: Row[] = [];
try {
  for (const clients of CLIENTS) {
    for (const rate of RATES) {
      for (const pair of pairs) {
        const row = await pair.step(clients, rate);
        print(row);
        all.push(row);
      }
    }
  }
} finally {
  await Promise.all(pairs.map((pair) => pair.stop()));
}

console.log('\nSide by side (delivered/s, p95 ms):');
console.log(`${'step'.padEnd(13)} ${KINDS.map((kind) => LABELS[kind].padEnd(29)).join(' ')}`);
for (const clients of CLIENTS) {
  for (const rate of RATES) {
    const cells = KINDS.map((kind) => {
      const row = all.find((r) => r.kind === kind && r.clients === clients && r.rate === rate);
      return (row ? `${Math.round(row.delivered)}/s, p95 ${row.p95.toFixed(1)}` : '-').padEnd(29);
    });
    console.log(`${`${clients} × ${rate}/s`.padEnd(13)} ${cells.join(' ')}`);
  }
}
