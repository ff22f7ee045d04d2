// The load generator: many Teltonika devices over real TCP sockets, each speaking the protocol
// with @sentinel/teltonika's encoders and device-side reader, sending one-record Codec 8 Extended
// packets on a schedule and timing each from its write to the record count that acknowledges it.
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  CODEC_8_EXTENDED,
  FMB_IO,
  TeltonikaDeviceReader,
  encodeAvlPacket,
  encodeImeiHandshake,
} from '@sentinel/teltonika';
import { avlRecord } from '../src/testing/test-device';

/** What went wrong on the device side, by kind. */
export interface FleetErrors {
  /** Socket errors (reset, refused). */
  socket: number;
  /** Handshakes answered 0x00. */
  refused: number;
  /** A frame the device did not expect (a count that is not 1, a command, a second IMEI answer). */
  unexpected: number;
  /** Connections the gateway closed. */
  closedByGateway: number;
}

class BenchDevice {
  private readonly reader = new TeltonikaDeviceReader();
  /** When each unacknowledged packet was written, and in which step, oldest first. */
  private readonly sent: { at: number; step: number }[] = [];
  private latitude: number;
  private longitude: number;
  private handshake: ((accepted: boolean) => void) | undefined;
  closing = false;

  constructor(
    readonly imei: string,
    private readonly socket: Socket,
    private readonly fleet: DeviceFleet,
    seed: number,
  ) {
    // Spread over Gauteng, so the vehicles are not all in one spot.
    this.latitude = -26.6 + (seed % 1000) / 1000;
    this.longitude = 27.6 + Math.floor(seed / 1000) / 10;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => fleet.errors.socket++);
    socket.on('close', () => {
      if (!this.closing) fleet.errors.closedByGateway++;
      this.handshake?.(false);
    });
  }

  greet(): Promise<boolean> {
    return new Promise((resolve) => {
      this.handshake = resolve;
      this.socket.write(encodeImeiHandshake(this.imei));
    });
  }

  /** One record taken now, a few metres on from the last. */
  report(): void {
    this.latitude += 0.0001;
    this.longitude += 0.0001;
    const record = avlRecord(
      { latitude: this.latitude, longitude: this.longitude },
      {
        [FMB_IO.ignition]: 1,
        [FMB_IO.movement]: 1,
        [FMB_IO.externalVoltage]: 12_640,
        [FMB_IO.batteryLevel]: 92,
        [FMB_IO.gsmSignal]: 4,
      },
    );
    this.sent.push({ at: performance.now(), step: this.fleet.step });
    this.socket.write(encodeAvlPacket(CODEC_8_EXTENDED, [record]));
  }

  close(): void {
    this.closing = true;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    let frames;
    try {
      frames = this.reader.push(chunk);
    } catch {
      this.fleet.errors.unexpected++;
      return;
    }
    for (const frame of frames) {
      if (frame.kind === 'imei-answer' && this.handshake) {
        if (!frame.accepted) this.fleet.errors.refused++;
        this.handshake(frame.accepted);
        this.handshake = undefined;
      } else if (frame.kind === 'record-count' && frame.count === 1 && this.sent.length > 0) {
        const { at, step } = this.sent.shift()!;
        this.fleet.acknowledged(step, performance.now() - at);
      } else {
        this.fleet.errors.unexpected++;
      }
    }
  }
}

export interface Step {
  /** Records a second offered, all devices together. */
  rate: number;
  seconds: number;
}

export interface StepResult {
  sent: number;
  acknowledged: number;
  /** Record written → its count read, in milliseconds, sorted. */
  latencies: number[];
  /** Acknowledgements a second while the step ran (not counting those that came while draining). */
  ackRate: number;
  /** Packets of the step still unacknowledged when the drain gave up. */
  unacknowledged: number;
}

export class DeviceFleet {
  readonly errors: FleetErrors = { socket: 0, refused: 0, unexpected: 0, closedByGateway: 0 };
  private readonly devices: BenchDevice[] = [];
  /** The step running now; acknowledgements of an earlier one count for none. */
  step = 0;
  private latencies: number[] = [];
  private acks = 0;

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {}

  get size(): number {
    return this.devices.length;
  }

  acknowledged(step: number, latencyMs: number): void {
    if (step !== this.step) return;
    this.acks += 1;
    this.latencies.push(latencyMs);
  }

  /** Connects and handshakes every IMEI, `parallel` at a time; resolves with how many were accepted. */
  async connectAll(imeis: readonly string[], parallel: number): Promise<number> {
    let next = 0;
    let accepted = 0;
    const worker = async () => {
      for (let index = next++; index < imeis.length; index = next++) {
        const device = await this.open(imeis[index]!, index);
        if (device && (await device.greet())) {
          this.devices.push(device);
          accepted += 1;
        } else device?.close();
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return accepted;
  }

  /**
   * Every device reports once per `size / rate` seconds, spread evenly: a tick every 10 ms writes the
   * packets that came due. Then waits up to `drainMs` for the outstanding acknowledgements.
   */
  async run(step: Step, drainMs = 10_000): Promise<StepResult> {
    this.step += 1;
    this.latencies = [];
    this.acks = 0;
    let sent = 0;
    let turn = 0;
    const startedAt = performance.now();
    const endsAt = startedAt + step.seconds * 1000;
    let acksInStep = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = Math.min(performance.now(), endsAt);
        const due = Math.floor(((now - startedAt) / 1000) * step.rate);
        for (; sent < due; sent++) {
          const device = this.devices[turn]!;
          turn = (turn + 1) % this.devices.length;
          device.report();
        }
        if (now >= endsAt) {
          acksInStep = this.acks;
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    const drainUntil = performance.now() + drainMs;
    while (this.acks < sent && performance.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const acknowledged = this.acks;
    return {
      sent,
      acknowledged,
      latencies: [...this.latencies].sort((a, b) => a - b),
      ackRate: acksInStep / step.seconds,
      unacknowledged: sent - acknowledged,
    };
  }

  close(): void {
    for (const device of this.devices) device.close();
  }

  private open(imei: string, index: number): Promise<BenchDevice | undefined> {
    return new Promise((resolve) => {
      const socket = connect({ host: this.host, port: this.port });
      const failed = () => {
        this.errors.socket++;
        resolve(undefined);
      };
      socket.once('error', failed);
      socket.once('connect', () => {
        socket.off('error', failed);
        resolve(new BenchDevice(imei, socket, this, index));
      });
    });
  }
}

/** The value below which `share` of the sorted values fall (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}
