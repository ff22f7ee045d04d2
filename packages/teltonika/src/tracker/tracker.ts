/*
 * A Teltonika tracker's TCP link to a device gateway, kept as an FMB unit keeps it: the IMEI
 * handshake, then its records in Codec 8 Extended packets, one packet at a time until the gateway
 * acknowledges its record count. Records wait in the tracker's memory until acknowledged: with no
 * acknowledgement in time the tracker drops the link, and after every reconnect (with backoff, while
 * the gateway is away) it sends again what was not acknowledged. Codec 12 commands go to the
 * tracker's owner, whose answer text goes back in Codec 12, in the order the commands came.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { CODEC_8_EXTENDED, encodeAvlPacket } from '../avl';
import type { AvlRecord } from '../avl';
import { encodeCodec12Response } from '../codec12';
import { TeltonikaDeviceReader } from '../frame-reader';
import type { DeviceFrame } from '../frame-reader';
import { encodeImeiHandshake } from '../handshake';
import type { GatewayAddress } from './address';

export interface TeltonikaTrackerTimings {
  /** How long a packet waits for its acknowledgement before the tracker drops the link. @default 10000 */
  ackTimeoutMs?: number;
  /** The wait before the first reconnect; it doubles after each failed try. @default 1000 */
  reconnectMs?: number;
  /** The longest wait between two tries (also after the gateway refused the IMEI). @default 30000 */
  maxReconnectMs?: number;
}

export interface TeltonikaTrackerOptions extends TeltonikaTrackerTimings, GatewayAddress {
  imei: string;
  /**
   * The device's answer to a Codec 12 command's text, as its firmware gives it (`answerCommand` is
   * an FMB's to `setdigout`). It goes back once it resolves; a link that dropped meanwhile takes
   * no answer, and a callback that throws answers nothing.
   */
  onCommand(text: string): string | Promise<string>;
}

export interface TeltonikaTracker {
  /**
   * Keeps a record to send. Resolves true once the gateway acknowledged it, false when it was
   * dropped first (beyond the tracker's memory, the oldest go) or the tracker was closed.
   */
  record(record: AvlRecord): Promise<boolean>;
  /** Records kept and not acknowledged yet. */
  readonly pending: number;
  /** Whether the gateway has accepted the handshake of the current link. */
  readonly online: boolean;
  /** Ends the link for good; records not acknowledged yet resolve false. */
  close(): void;
}

/** Records a tracker keeps while the gateway is away: an hour's worth at one every 2 s. */
export const MAX_KEPT_RECORDS = 1_800;
/** Records in one packet: each takes about 70 bytes, so 10 stay far below the packet's 1,280. */
const RECORDS_PER_PACKET = 10;

interface Kept {
  record: AvlRecord;
  settle(acknowledged: boolean): void;
}

export function startTeltonikaTracker(options: TeltonikaTrackerOptions): TeltonikaTracker {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const firstWaitMs = options.reconnectMs ?? 1_000;
  const maxWaitMs = options.maxReconnectMs ?? 30_000;
  const handshake = encodeImeiHandshake(options.imei);
  const kept: Kept[] = [];
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
    const batch = kept.slice(0, RECORDS_PER_PACKET).map(({ record }) => record);
    inFlight = batch.length;
    socket.write(encodeAvlPacket(CODEC_8_EXTENDED, batch));
    // An FMB that hears nothing back drops the link and sends the records again later.
    ackTimer = setTimeout(() => socket?.destroy(), ackTimeoutMs);
  }

  /** Answers a command once the owner has, after the answers to the commands before it. */
  function answer(text: string, link: Socket, answered: Promise<void>): Promise<void> {
    return answered
      .then(() => options.onCommand(text))
      .then(
        (reply) => {
          if (socket === link && !link.destroyed) link.write(encodeCodec12Response(reply));
        },
        () => {},
      );
  }

  function open(): void {
    reconnectTimer = undefined;
    const reader = new TeltonikaDeviceReader();
    const link = connect({ host: options.host, port: options.port });
    let answered = Promise.resolve();
    socket = link;
    link.setNoDelay(true);

    const handle = (frame: DeviceFrame): void => {
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
        for (const { settle } of kept.splice(0, Math.min(frame.count, inFlight))) settle(true);
        inFlight = 0;
        sendNext();
      } else {
        answered = answer(frame.text, link, answered);
      }
    };

    link.on('connect', () => link.write(handshake));
    link.on('data', (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) handle(frame);
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
      if (closed) return Promise.resolve(false);
      return new Promise<boolean>((settle) => {
        kept.push({ record, settle });
        // The oldest go first, never one in a packet awaiting its acknowledgement.
        if (kept.length > MAX_KEPT_RECORDS)
          for (const dropped of kept.splice(inFlight, kept.length - MAX_KEPT_RECORDS)) dropped.settle(false);
        sendNext();
      });
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
      for (const { settle } of kept.splice(0)) settle(false);
    },
  };
}
