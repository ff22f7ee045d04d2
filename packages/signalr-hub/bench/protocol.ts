// What the fan-out bench's processes say to each other over IPC, and the one message shape both
// servers send.

/** The servers under test. The hub's own clients are raw WebSockets for JSON and MessagePack. */
export type ServerKind = 'hub' | 'socket.io';
export type ClientKind =
  'hub-json-ws' | 'hub-msgpack-ws' | 'hub-json-sse' | 'hub-json-longpolling' | 'socket.io-ws';

/** One fix, as the api's DeviceGpsLocationMessage carries it, plus when it was sent. */
export interface BenchFix {
  vehicleId: number;
  latitudeDegrees: number;
  longitudeDegrees: number;
  speedKph: number;
  timestamp: string;
  /** performance.timeOrigin + performance.now() in the sending process (ms since the epoch). */
  sentAt: number;
}

export const EVENT = 'DeviceGpsLocationMessage';

export type ServerCommand = { kind: 'send'; rate: number; durationMs: number } | { kind: 'stop' };
export type ServerReport =
  { kind: 'ready'; port: number } | { kind: 'sent'; count: number; startedAt: number };

export type ClientCommand =
  | { kind: 'connect'; clients: number }
  | { kind: 'collect'; expected: number; graceMs: number }
  | { kind: 'disconnect' };
export type ClientReport =
  | { kind: 'connected' }
  | {
      kind: 'collected';
      received: number;
      lastReceivedAt: number;
      /** Send-to-receive latencies in ms; computed in the client process, so no sample crosses IPC. */
      p50: number;
      p95: number;
      p99: number;
    }
  | { kind: 'disconnected' };

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
