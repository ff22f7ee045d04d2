/*
 * One simulated Teltonika tracker's TCP link to the device gateway, kept as an FMB unit keeps it:
 * the IMEI handshake, then its records in Codec 8 Extended packets, one packet at a time until the
 * gateway acknowledges its record count. Records wait in the tracker's memory until acknowledged:
 * with no acknowledgement in time the tracker drops the link, and after every reconnect (with
 * backoff, while the gateway is away) it sends again what was not acknowledged. Codec 12
 * `setdigout` commands switch digital output 1, the immobiliser relay, and are answered as FMB
 * firmware answers them; the next records carry the output's new state.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import {
  CODEC_8_EXTENDED,
  TeltonikaDeviceReader,
  encodeAvlPacket,
  encodeCodec12Response,
  encodeImeiHandshake,
} from '@sentinel/teltonika';
import type { AvlRecord, DeviceFrame } from '@sentinel/teltonika';

export interface TeltonikaTrackerTimings {
  /** How long a packet waits for its acknowledgement before the tracker drops the link. @default 10000 */
  ackTimeoutMs?: number;
  /** The wait before the first reconnect; it doubles after each failed try. @default 1000 */
  reconnectMs?: number;
  /** The longest wait between two tries (also after the gateway refused the IMEI). @default 30000 */
  maxReconnectMs?: number;
}

export interface TeltonikaTrackerOptions extends TeltonikaTrackerTimings {
  /** The gateway's Teltonika listener. */
  host: string;
  port: number;
  imei: string;
  /** The vehicle whose immobiliser digital output 1 drives: setdigout switches its lock. */
  immobiliser: { locked: boolean };
}

export interface TeltonikaTracker {
  /** Keeps a record to send; beyond the tracker's memory the oldest is dropped. */
  record(record: AvlRecord): void;
  /** Records kept and not acknowledged yet. */
  readonly pending: number;
  /** Whether the gateway has accepted the handshake of the current link. */
  readonly online: boolean;
  /** Ends the link for good. */
  close(): void;
}

/** Records a tracker keeps while the gateway is away: an hour's worth at the default tick. */
const MAX_KEPT_RECORDS = 1_800;
/** Records in one packet: each takes about 70 bytes, so 10 stay far below the packet's 1,280. */
const RECORDS_PER_PACKET = 10;
/** FMB's answer to `setdigout`: each output named with its new state, set until told otherwise. */
const SETDIGOUT = /^\s*setdigout\s+([01?]{1,2})(?:\s|$)/i;

/** What an FMB answers to a Codec 12 command, switching digital output 1 when told to. */
export function answerCommand(text: string, immobiliser: { locked: boolean }): string {
  const states = SETDIGOUT.exec(text)?.[1];
  if (states === undefined) return `Unknown command: ${text.trim().slice(0, 40)}`;
  return [...states]
    .map((state, index) => {
      if (state === '?') return `DOUT${index + 1}:IGNORED`;
      if (index === 0) immobiliser.locked = state === '1';
      return `DOUT${index + 1}:${state === '1' ? 'ON' : 'OFF'} Timeout:INFINITY`;
    })
    .join(' ');
}

export function startTeltonikaTracker(options: TeltonikaTrackerOptions): TeltonikaTracker {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const firstWaitMs = options.reconnectMs ?? 1_000;
  const maxWaitMs = options.maxReconnectMs ?? 30_000;
  const handshake = encodeImeiHandshake(options.imei);
  const kept: AvlRecord[] = [];
  let socket: Socket | undefined;
  let online = false;
  /** Records of the packet awaiting its acknowledgement (the first ones kept); 0 when none is. */
  let inFlight = 0;
  let ackTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let waitMs = firstWaitMs;
  let closed = false;

  function sendNext(): void {
    if (!online || inFlight > 0 || kept.length === 0 || !socket) return;
    const batch = kept.slice(0, RECORDS_PER_PACKET);
    inFlight = batch.length;
    socket.write(encodeAvlPacket(CODEC_8_EXTENDED, batch));
    // An FMB that hears nothing back drops the link and sends the records again later.
    ackTimer = setTimeout(() => socket?.destroy(), ackTimeoutMs);
  }

  function handle(frame: DeviceFrame, link: Socket): void {
    if (frame.kind === 'imei-answer') {
      if (!frame.accepted) {
        // Unknown or deactivated: asking again at once would only be refused again.
        waitMs = maxWaitMs;
        link.destroy();
        return;
      }
      online = true;
      waitMs = firstWaitMs;
      sendNext();
    } else if (frame.kind === 'record-count') {
      if (inFlight === 0) return;
      clearTimeout(ackTimer);
      // What the count leaves out is sent again with the next packet.
      kept.splice(0, Math.min(frame.count, inFlight));
      inFlight = 0;
      sendNext();
    } else {
      link.write(encodeCodec12Response(answerCommand(frame.text, options.immobiliser)));
    }
  }

  function open(): void {
    reconnectTimer = undefined;
    const reader = new TeltonikaDeviceReader();
    const link = connect({ host: options.host, port: options.port });
    socket = link;
    link.setNoDelay(true);
    link.on('connect', () => link.write(handshake));
    link.on('data', (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) handle(frame, link);
      } catch {
        // Bytes no gateway sends: this link is no good.
        link.destroy();
      }
    });
    // The 'close' that follows an error reconnects.
    link.on('error', () => {});
    link.on('close', () => {
      if (socket !== link) return;
      socket = undefined;
      online = false;
      inFlight = 0;
      clearTimeout(ackTimer);
      if (closed) return;
      reconnectTimer = setTimeout(open, waitMs);
      waitMs = Math.min(waitMs * 2, maxWaitMs);
    });
  }

  open();
  return {
    record(record) {
      if (closed) return;
      kept.push(record);
      // The oldest go first, never one in a packet awaiting its acknowledgement.
      if (kept.length > MAX_KEPT_RECORDS) kept.splice(inFlight, kept.length - MAX_KEPT_RECORDS);
      sendNext();
    },
    get pending() {
      return kept.length;
    },
    get online() {
      return online;
    },
    close() {
      closed = true;
      clearTimeout(ackTimer);
      clearTimeout(reconnectTimer);
      socket?.destroy();
    },
  };
}
