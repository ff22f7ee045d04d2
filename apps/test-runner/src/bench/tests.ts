/*
 * The bench's tests: how long each measures and how it judges what the unit reported. A failure's
 * reason quotes the reading that failed, so a technician knows which part to look at.
 */
import type { BurnInTestType, TelemetryReport } from '@sentinel/domain';
import { REQUIRED_FIRMWARE } from './bench-simulator';
import type { UnitReport } from './bench-simulator';

export interface Verdict {
  passed: boolean;
  failureReason: string | null;
}

/** How long each test measures at the default pace (a GPS cold start takes longest). */
export const TEST_DURATION_MS: Record<BurnInTestType, number> = {
  FirmwareVersion: 1500,
  GsmRegistration: 3000,
  GpsFix: 6000,
  DeviceBattery: 2000,
  CarBatterySense: 2000,
  LockRelay: 2500,
  TamperSensor: 3000,
};

/** Thresholds a sound unit meets. */
export const LIMITS = {
  minSatellites: 4,
  minSignalDbm: -105,
  minBatteryPercent: 20,
  maxCarBatteryErrorVolts: 0.2,
  minRelayCoilMilliamps: 70,
  maxRelaySwitchMs: 150,
} as const;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const numberOf = (value: unknown): number => (typeof value === 'number' ? value : NaN);

const pass: Verdict = { passed: true, failureReason: null };
const fail = (failureReason: string): Verdict => ({ passed: false, failureReason });

/** Compares dotted version numbers part by part. */
function versionAtLeast(version: string, required: string): boolean {
  const have = version.split('.').map(Number);
  const need = required.split('.').map(Number);
  for (let index = 0; index < need.length; index += 1) {
    const a = have[index] ?? 0;
    const b = need[index] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/**
 * The telemetry report a unit sends after a measurement: the values the api keeps for a device
 * (firmware, battery, car-battery voltage, position, lock state); the GSM test sends a plain report,
 * which is itself the check. Undefined: the unit sends nothing (it is not on the network).
 */
export function telemetryOf(
  testType: BurnInTestType,
  readings: UnitReport,
  at: Date,
): TelemetryReport | undefined {
  const timestamp = at.toISOString();
  switch (testType) {
    case 'FirmwareVersion':
      return { timestamp, applicationVersion: String(record(readings['firmware'])['reported']) };
    case 'GsmRegistration':
      return record(readings['network'])['registered'] === true ? { timestamp } : undefined;
    case 'GpsFix': {
      const position = record(readings['position']);
      const latitude = numberOf(position['latitude']);
      const longitude = numberOf(position['longitude']);
      return Number.isFinite(latitude) && Number.isFinite(longitude)
        ? { timestamp, latitudeDegrees: latitude, longitudeDegrees: longitude }
        : { timestamp };
    }
    case 'DeviceBattery':
      return { timestamp, deviceBatteryPercent: numberOf(record(readings['battery'])['percent']) };
    case 'CarBatterySense':
      return { timestamp, carBatteryVolts: numberOf(record(readings['carBattery'])['measuredVolts']) };
    case 'LockRelay':
      return { timestamp, locked: record(readings['relay'])['lockedConfirmed'] === true };
    case 'TamperSensor':
      return { timestamp };
  }
}

/** Why one command of the LockRelay drive did not pass; undefined when the unit confirmed it. */
function commandVerdict(
  type: string,
  outcome: Record<string, unknown>,
  seconds: number,
): Verdict | undefined {
  const reason = typeof outcome['reason'] === 'string' ? outcome['reason'] : '';
  switch (outcome['status']) {
    case 'Confirmed':
      return undefined;
    case 'NotSent':
      return fail(`The ${type} command could not be sent: ${reason}`);
    case 'Pending':
      return fail(`The unit did not fetch the ${type} command within ${seconds} s`);
    case 'Delivered':
      return fail(`The unit fetched the ${type} command but did not answer within ${seconds} s`);
    case 'Failed':
      return fail(`The unit could not carry out the ${type} command: ${reason}`);
    default:
      return fail(`The ${type} command ended ${String(outcome['status']).toLowerCase()}: ${reason}`);
  }
}

export function judge(testType: BurnInTestType, report: UnitReport): Verdict {
  switch (testType) {
    case 'FirmwareVersion': {
      const reported = String(record(report['firmware'])['reported']);
      return versionAtLeast(reported, REQUIRED_FIRMWARE)
        ? pass
        : fail(`Firmware ${reported} is older than the required ${REQUIRED_FIRMWARE}`);
    }
    case 'GsmRegistration': {
      const network = record(report['network']);
      const signal = numberOf(record(report['signal'])['rssiDbm']);
      if (network['registered'] !== true)
        return fail(`Not registered on the GSM network (signal ${signal} dBm)`);
      if (signal < LIMITS.minSignalDbm)
        return fail(`GSM signal ${signal} dBm is weaker than ${LIMITS.minSignalDbm} dBm`);
      // Registered is not enough: the unit's own report must have reached the vehicle API.
      const telemetry = report['telemetry'];
      if (telemetry === undefined) return pass;
      const { accepted, status } = record(telemetry);
      if (accepted === true) return pass;
      return fail(
        status === null
          ? 'The unit could not reach the vehicle API: its report got no answer'
          : `The vehicle API refused the unit's report (answer ${String(status)})`,
      );
    }
    case 'GpsFix': {
      const satellites = numberOf(record(report['fix'])['satellitesInView']);
      return satellites >= LIMITS.minSatellites && report['position'] !== null
        ? pass
        : fail(`No GPS fix: ${satellites} satellites in view, ${LIMITS.minSatellites} needed`);
    }
    case 'DeviceBattery': {
      const percent = numberOf(record(report['battery'])['percent']);
      return percent >= LIMITS.minBatteryPercent
        ? pass
        : fail(`Device battery flat: ${percent} %, at least ${LIMITS.minBatteryPercent} % needed`);
    }
    case 'CarBatterySense': {
      const carBattery = record(report['carBattery']);
      const measured = numberOf(carBattery['measuredVolts']);
      const reference = numberOf(carBattery['referenceVolts']);
      const error = Math.abs(measured - reference);
      return error <= LIMITS.maxCarBatteryErrorVolts
        ? pass
        : fail(
            `Car-battery sense reads ${measured} V on a ${reference} V supply (off by ${error.toFixed(2)} V)`,
          );
    }
    case 'LockRelay': {
      const relay = record(report['relay']);
      const current = numberOf(relay['coilCurrentMilliamps']);
      const switchMs = numberOf(relay['switchTimeMs']);
      if (current < LIMITS.minRelayCoilMilliamps)
        return fail(
          `Lock relay weak: coil draws ${current} mA, at least ${LIMITS.minRelayCoilMilliamps} mA needed`,
        );
      if (switchMs > LIMITS.maxRelaySwitchMs)
        return fail(
          `Lock relay slow: switched in ${switchMs} ms, at most ${LIMITS.maxRelaySwitchMs} ms allowed`,
        );
      // The relay must also obey the command channel: the unit confirmed a lock and an unlock.
      const channel = report['channel'];
      if (channel === undefined) return pass;
      const drive = record(channel);
      const seconds = Math.round(numberOf(drive['timeoutMs']) / 1000);
      return (
        commandVerdict('Lock', record(drive['lock']), seconds) ??
        commandVerdict('Unlock', record(drive['unlock']), seconds) ??
        pass
      );
    }
    case 'TamperSensor': {
      const tamper = record(report['tamper']);
      if (tamper['triggered'] !== true) return fail('Tamper sensor did not trigger');
      return tamper['cleared'] === true
        ? pass
        : fail('Tamper sensor stuck: it did not clear after the trigger');
    }
  }
}
