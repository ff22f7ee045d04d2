/*
 * An AVL record in the contract's telemetry report, through the FMB AVL ids that matter to a
 * vehicle-security service (Teltonika's FMB AVL ID list). Ids a record does not carry leave their
 * report fields out, so the api keeps what it had.
 */
import type { TelemetryReport } from '@sentinel/domain';
import type { AvlRecord } from './avl';

/** The FMB AVL ids the report reads. */
export const FMB_IO = {
  /** 1 byte, 0 off / 1 on. */
  ignition: 239,
  /** 1 byte, 0 off / 1 on: the motion sensor. */
  movement: 240,
  /** 2 bytes, mV: the vehicle's supply, its battery. */
  externalVoltage: 66,
  /** 2 bytes, mV: the device's own backup battery. */
  batteryVoltage: 67,
  /** 1 byte, %: the device's own backup battery. */
  batteryLevel: 113,
  /** 1 byte, 0..5. */
  gsmSignal: 21,
  /** 1 byte, 0 off / 1 on: the output wired to the immobiliser relay. */
  digitalOutput1: 179,
  /** 1 byte, 0 jamming stopped / 1 jamming started. */
  jamming: 249,
  /** 1 byte, 0 on the vehicle's power / 1 unplugged from it. */
  unplug: 252,
} as const;

/**
 * Below this external voltage the device is off the vehicle's power: no FMB runs on less than 6 V
 * (Teltonika lists 6-30 V as the widest supply range of the family), so a lower reading is a cut
 * wire, not a weak battery.
 */
export const POWER_CUT_VOLTS = 6;

// The contract's ranges for the fields the report fills.
const CAR_BATTERY_VOLTS_MAX = 40;
const DEVICE_BATTERY_VOLTS_MAX = 10;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const roundTo7 = (degrees: number): number => Math.round(degrees * 1e7) / 1e7;

function flag(value: bigint | undefined): boolean | undefined {
  if (value === 0n) return false;
  if (value === 1n) return true;
  return undefined;
}

/** A record as the contract's telemetry report: the position when it has a fix, and the IO values it carries. */
export function reportFromRecord(record: AvlRecord): TelemetryReport {
  const report: TelemetryReport = { timestamp: record.timestamp.toISOString() };
  const io = (id: number): bigint | undefined => record.io.get(id);

  // A device without a fix repeats its last one with 0 satellites; one that never had a fix sends 0, 0.
  const noFix = record.satellites === 0 && record.latitude === 0 && record.longitude === 0;
  const onEarth = Math.abs(record.latitude) <= 90 && Math.abs(record.longitude) <= 180;
  if (!noFix && onEarth) {
    report.latitudeDegrees = roundTo7(record.latitude);
    report.longitudeDegrees = roundTo7(record.longitude);
  }

  const locked = flag(io(FMB_IO.digitalOutput1));
  if (locked !== undefined) report.locked = locked;
  const ignition = flag(io(FMB_IO.ignition));
  if (ignition !== undefined) report.ignition = ignition;
  const moving = flag(io(FMB_IO.movement));
  if (moving !== undefined) report.moving = moving;

  const externalMillivolts = io(FMB_IO.externalVoltage);
  if (externalMillivolts !== undefined) {
    report.carBatteryVolts = clamp(Number(externalMillivolts) / 1000, 0, CAR_BATTERY_VOLTS_MAX);
  }
  const batteryMillivolts = io(FMB_IO.batteryVoltage);
  if (batteryMillivolts !== undefined) {
    report.deviceBatteryVolts = clamp(Number(batteryMillivolts) / 1000, 0, DEVICE_BATTERY_VOLTS_MAX);
  }
  const batteryLevel = io(FMB_IO.batteryLevel);
  if (batteryLevel !== undefined) report.deviceBatteryPercent = clamp(Number(batteryLevel), 0, 100);
  const gsmSignal = io(FMB_IO.gsmSignal);
  if (gsmSignal !== undefined) report.gsmSignalBars = clamp(Number(gsmSignal), 0, 5);

  const powerCut =
    io(FMB_IO.unplug) === 1n ||
    (externalMillivolts !== undefined && Number(externalMillivolts) < POWER_CUT_VOLTS * 1000);
  const jammed = io(FMB_IO.jamming) === 1n;
  if (powerCut || jammed) {
    report.tamper = {
      carBatteryState: powerCut ? 'Disconnected' : 'Normal',
      gpsState: jammed ? 'Jammed' : 'Normal',
    };
  }
  return report;
}
