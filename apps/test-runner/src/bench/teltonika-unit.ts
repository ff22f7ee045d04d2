/*
 * A unit known by IMEI, played as a Teltonika device on the device gateway's TCP listener: its
 * readings go as Codec 8 Extended records (acknowledged by the gateway only once the api stored
 * them), and the bench's test Lock and Unlock reach it as Codec 12 `setdigout 1` and `setdigout 0`,
 * which it answers as an FMB does (`DOUT1:ON` / `DOUT1:OFF`); the gateway turns that answer into the
 * command's outcome on the api. No ingestion key is provisioned for it: the gateway speaks for it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { FMB_IO, immobiliserCommand } from '@sentinel/teltonika';
import type { AvlRecord } from '@sentinel/teltonika';
import { answerCommand, startTeltonikaTracker } from '@sentinel/teltonika/tracker';
import type { GatewayAddress, TeltonikaTrackerTimings } from '@sentinel/teltonika/tracker';
import type { DeviceCommandType, TelemetryReport } from '@sentinel/domain';
import type { Delivery } from '../vehicle-api';

/**
 * How long a report waits while the unit has no link yet (it is connecting, or the gateway is away
 * or refused it): the runner's round waits for each report, so a missing gateway must not hold the
 * bench for the whole acknowledgement time of every reading.
 */
const NO_LINK_WAIT_MS = 2_000;

/** Satellites a unit with a fix reports; without one it sends 0 and no position, as an FMB does. */
const FIX_SATELLITES = 8;

const whole = (value: number | undefined): bigint | undefined =>
  value === undefined || !Number.isFinite(value) ? undefined : BigInt(Math.round(value));

/**
 * The record an FMB would take of one report: its position when it has a fix, its own battery
 * (AVL 113), the supply on its power input (AVL 66, mV) and digital output 1 (AVL 179). What no
 * FMB AVL id carries (the firmware version, which an FMB tells on request) stays out.
 */
export function recordOf(report: TelemetryReport): AvlRecord {
  const io = new Map<number, bigint>();
  const set = (id: number, value: bigint | undefined) => {
    if (value !== undefined) io.set(id, value);
  };
  set(FMB_IO.batteryLevel, whole(report.deviceBatteryPercent));
  set(
    FMB_IO.externalVoltage,
    whole(report.carBatteryVolts === undefined ? undefined : report.carBatteryVolts * 1000),
  );
  if (report.locked !== undefined) io.set(FMB_IO.digitalOutput1, report.locked ? 1n : 0n);
  const { latitudeDegrees: latitude, longitudeDegrees: longitude } = report;
  const fix = latitude !== undefined && longitude !== undefined;
  return {
    timestamp: new Date(report.timestamp),
    priority: 0,
    latitude: fix ? latitude : 0,
    longitude: fix ? longitude : 0,
    altitude: 0,
    angle: 0,
    satellites: fix ? FIX_SATELLITES : 0,
    speedKmh: 0,
    eventIoId: report.locked === undefined ? 0 : FMB_IO.digitalOutput1,
    io,
    ioVariable: new Map(),
  };
}

/** The lock command a Codec 12 text is, if it is one. */
export function commandTypeOf(text: string): DeviceCommandType | undefined {
  const command = text.trim().toLowerCase();
  if (command === immobiliserCommand(true)) return 'Lock';
  if (command === immobiliserCommand(false)) return 'Unlock';
  return undefined;
}

export interface TeltonikaUnitOptions {
  gateway: GatewayAddress;
  imei: string;
  /**
   * How long the unit takes to carry out a lock or unlock before it answers (the modem wakes, the
   * relay switches). Codec 12 has no failed answer: an FMB switches its output and names its state.
   */
  carryOutMs(type: DeviceCommandType): number;
  /** How long a report waits for the gateway's acknowledgement. */
  reportTimeoutMs: number;
  timings?: TeltonikaTrackerTimings;
}

export interface TeltonikaUnit {
  /** Sends a report as a record; accepted once the gateway acknowledged it in time. Never throws. */
  report(body: TelemetryReport): Promise<Delivery>;
  /** Ends the link; a command being carried out is not answered. */
  close(): void;
}

export function startTeltonikaUnit(options: TeltonikaUnitOptions): TeltonikaUnit {
  const closing = new AbortController();
  // The relay on digital output 1, as the unit's last setdigout left it.
  const relay = { locked: false };
  const tracker = startTeltonikaTracker({
    ...options.gateway,
    ...options.timings,
    imei: options.imei,
    async onCommand(text) {
      const type = commandTypeOf(text);
      if (type !== undefined) await sleep(options.carryOutMs(type), undefined, { signal: closing.signal });
      return answerCommand(text, relay);
    },
  });

  return {
    async report(body) {
      const waiting = new AbortController();
      const waitMs = tracker.online
        ? options.reportTimeoutMs
        : Math.min(options.reportTimeoutMs, NO_LINK_WAIT_MS);
      const acknowledged = await Promise.race([
        tracker.record(recordOf(body)),
        sleep(waitMs, false, { signal: waiting.signal }).catch(() => false),
      ]);
      waiting.abort();
      // The gateway acknowledges a record only once the api stored it; it has no answer of its own.
      return {
        accepted: acknowledged,
        status: null,
        gateway: `${options.gateway.host}:${options.gateway.port}`,
      };
    },
    close() {
      closing.abort();
      tracker.close();
    },
  };
}
