/*
 * The units on the stations, simulated: each has a hardware make-up fixed when it is put on the
 * bench (most are sound; some have one of the faults a burn-in is there to catch) and answers each
 * test's measurement with the values such a unit reports. The tests (tests.ts) judge those values;
 * nothing here decides pass or fail.
 */
import type { BurnInTestType, DeviceCommandAck, DeviceCommandType } from '@sentinel/domain';
import { hashText, seededRandom } from './random';
import type { Random } from './random';

/**
 * The faults a unit can have, which test shows each, how often a unit off the line has it, and
 * whether it shows on every attempt (a part is bad) or only on some (the unit sits indoors).
 */
export const FAULTS = {
  noGpsFixIndoors: { test: 'GpsFix', rate: 0.12, everyAttempt: false },
  weakGsmSignal: { test: 'GsmRegistration', rate: 0.05, everyAttempt: false },
  flatDeviceBattery: { test: 'DeviceBattery', rate: 0.06, everyAttempt: true },
  carBatterySenseDrift: { test: 'CarBatterySense', rate: 0.04, everyAttempt: true },
  weakLockRelay: { test: 'LockRelay', rate: 0.07, everyAttempt: true },
  stuckTamperSensor: { test: 'TamperSensor', rate: 0.03, everyAttempt: true },
  outdatedFirmware: { test: 'FirmwareVersion', rate: 0.05, everyAttempt: true },
} as const satisfies Record<string, { test: BurnInTestType; rate: number; everyAttempt: boolean }>;

export type FaultName = keyof typeof FAULTS;
export const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];

export function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as string[]).includes(name);
}

/** Share of the attempts on which an intermittent fault shows (a window seat sometimes gets a fix). */
const INTERMITTENT_SHOWS = 0.75;

/** The firmware a sound unit ships with, and the one the bench requires. */
export const CURRENT_FIRMWARE = '2.4.1';
export const REQUIRED_FIRMWARE = '2.4.0';
/** The bench's reference supply on the car-battery input. */
export const REFERENCE_SUPPLY_VOLTS = 12.6;

/** What a unit reports for one measurement: nested readings, as the device sends them. */
export type UnitReport = Record<string, unknown>;

/** How a unit answers a command on its channel: after a delay, with an outcome and the lock state. */
export interface CommandAnswer {
  delayMs: number;
  ack: DeviceCommandAck;
}

export const COMMAND_FAILURE_REASON = 'The door sensor did not confirm the new position';
export const WEAK_RELAY_COMMAND_REASON = 'The relay did not switch to locked';

export interface BenchSimulatorOptions {
  /** Same seed, same units: faults and readings replay exactly. @default 1 */
  seed?: number;
  /**
   * Share of lock and unlock commands a sound unit fails now and then (a door sensor that reads
   * late), so a retry may pass. @default 0.03
   */
  commandFailureRate?: number;
  /** Faults pinned by serial (any case), instead of drawn at the realistic rates. */
  pinnedFaults?: ReadonlyMap<string, readonly FaultName[]>;
}

export interface BenchSimulator {
  /** The faults a unit put on the bench has: pinned, or drawn from its serial and the seed. */
  faultsFor(serial: string): FaultName[];
  /** The unit's readings for one attempt of a test. */
  report(serial: string, faults: readonly FaultName[], testType: BurnInTestType, attempt: number): UnitReport;
  /**
   * Whether the unit is off the network for one run of its tests (a weak GSM signal shows on most
   * runs): it then fetches no commands at all.
   */
  offline(serial: string, faults: readonly FaultName[], run: number): boolean;
  /** How the unit answers one command: a weak relay fails every lock, a sound unit fails now and then. */
  answer(
    serial: string,
    faults: readonly FaultName[],
    type: DeviceCommandType,
    commandId: number,
  ): CommandAnswer;
}

const round = (value: number, places: number) => Number(value.toFixed(places));

export function createBenchSimulator(options: BenchSimulatorOptions = {}): BenchSimulator {
  const seed = options.seed ?? 1;
  const commandFailureRate = options.commandFailureRate ?? 0.03;
  const pinned = new Map(
    [...(options.pinnedFaults ?? [])].map(([serial, faults]) => [serial.toLowerCase(), faults]),
  );

  const showing = (faults: readonly FaultName[], testType: BurnInTestType, random: Random): boolean =>
    faults.some(
      (fault) =>
        FAULTS[fault].test === testType && (FAULTS[fault].everyAttempt || random.chance(INTERMITTENT_SHOWS)),
    );

  return {
    offline(serial, faults, run) {
      const random = seededRandom(seed * 7727 + hashText(`${serial.toLowerCase()}/run/${run}`));
      return faults.includes('weakGsmSignal') && random.chance(INTERMITTENT_SHOWS);
    },

    answer(serial, faults, type, commandId) {
      const random = seededRandom(seed * 15485863 + hashText(`${serial.toLowerCase()}/command/${commandId}`));
      // The modem wakes, the relay switches and the door sensor settles before the unit answers.
      const delayMs = Math.round(random.between(300, 1200));
      const lock = type === 'Lock';
      if (lock && faults.includes('weakLockRelay'))
        return { delayMs, ack: { status: 'Failed', locked: false, reason: WEAK_RELAY_COMMAND_REASON } };
      if (random.chance(commandFailureRate))
        return { delayMs, ack: { status: 'Failed', locked: !lock, reason: COMMAND_FAILURE_REASON } };
      return { delayMs, ack: { status: 'Confirmed', locked: lock } };
    },

    faultsFor(serial) {
      const own = pinned.get(serial.toLowerCase());
      if (own) return [...own];
      const random = seededRandom(seed * 7919 + hashText(serial.toLowerCase()));
      return FAULT_NAMES.filter((fault) => random.chance(FAULTS[fault].rate));
    },

    report(serial, faults, testType, attempt) {
      const random = seededRandom(seed * 104729 + hashText(`${serial.toLowerCase()}/${testType}/${attempt}`));
      const faulty = showing(faults, testType, random);
      switch (testType) {
        case 'FirmwareVersion':
          return {
            firmware: { reported: faulty ? '2.3.8' : CURRENT_FIRMWARE, bootloader: '1.1.0' },
            modem: { model: 'SIM7600G', revision: 'LE20B04SIM7600G22' },
          };
        case 'GsmRegistration': {
          const signalDbm = Math.round(faulty ? random.between(-118, -108) : random.between(-95, -63));
          return {
            network: { operator: faulty ? null : 'Vodacom ZA', registered: !faulty, technology: 'LTE' },
            signal: { rssiDbm: signalDbm },
          };
        }
        case 'GpsFix': {
          const satellites = faulty ? Math.floor(random.between(0, 3)) : Math.floor(random.between(6, 12));
          return {
            fix: {
              satellitesInView: satellites,
              hdop: faulty ? null : round(random.between(0.7, 1.6), 1),
              timeToFixSeconds: faulty ? null : round(random.between(18, 42), 0),
            },
            position: faulty
              ? null
              : {
                  latitude: round(-26.1076 + random.between(-0.0002, 0.0002), 6),
                  longitude: round(28.0567 + random.between(-0.0002, 0.0002), 6),
                },
          };
        }
        case 'DeviceBattery': {
          const percent = Math.round(faulty ? random.between(1, 9) : random.between(62, 100));
          return {
            battery: { percent, volts: round(3.3 + (percent / 100) * 0.9, 2), charging: !faulty },
          };
        }
        case 'CarBatterySense': {
          const error = faulty
            ? random.between(0.6, 1.4) * (random.chance(0.5) ? 1 : -1)
            : random.between(-0.08, 0.08);
          return {
            carBattery: {
              measuredVolts: round(REFERENCE_SUPPLY_VOLTS + error, 2),
              referenceVolts: REFERENCE_SUPPLY_VOLTS,
            },
          };
        }
        case 'LockRelay':
          return {
            relay: {
              coilCurrentMilliamps: Math.round(faulty ? random.between(28, 52) : random.between(78, 95)),
              switchTimeMs: Math.round(faulty ? random.between(160, 240) : random.between(18, 40)),
              lockedConfirmed: !faulty,
            },
          };
        case 'TamperSensor':
          return {
            tamper: { triggered: true, cleared: !faulty, responseMs: Math.round(random.between(40, 120)) },
          };
      }
    },
  };
}
