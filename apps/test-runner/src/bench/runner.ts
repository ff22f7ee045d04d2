/*
 * The bench's state machine, kept in the database. A unit's tests run one after another:
 * Pending -> InProgress (start time, due time) -> Passed or Failed (end time, measured data,
 * reason). A person can stop them (Stopped) and retry them (back to Pending). A test that was
 * running or waiting when the service stopped is Interrupted when it starts again.
 */
import { isUniqueViolation } from '@sentinel/database';
import { BURN_IN_TEST_TYPES } from '@sentinel/domain';
import type { BurnInTestResult, BurnInTestType, BurnInUnitResult } from '@sentinel/domain';
import type { BenchDb } from '../db/database';
import { BenchError } from '../errors';
import {
  countActiveTests,
  deleteUnit,
  dueTests,
  findUnit,
  finishTest,
  insertUnit,
  interruptTests,
  listTests,
  listUnits,
  queueTests,
  retryableTests,
  serialsWithActiveTests,
  startableTests,
  startTest,
  stopTests,
  takenStations,
  testStatus,
  unitsBySerialOrStation,
} from './bench-queries';
import { isFaultName } from './bench-simulator';
import type { BenchSimulator, UnitReport } from './bench-simulator';
import type { RelayDrive, RelayDriver } from './relay-drive';
import { judge, telemetryOf, TEST_DURATION_MS } from './tests';
import type { UnitDevices } from './unit-devices';
import { countFinishedTests } from '../metrics';

interface RunnerOptions {
  db: BenchDb;
  simulator: BenchSimulator;
  /** Every station of the bench. */
  stations: readonly string[];
  /** Multiplies every test's duration (tests and demos run the bench faster). @default 1 */
  durationScale?: number;
  /** How often the runner looks for tests to start or finish. @default 250 */
  tickMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
  /**
   * The units as devices: each is online on its channel while its tests run and sends its readings
   * to the api as the device. None: no unit takes commands and no reading is sent.
   */
  unitDevices?: UnitDevices;
  /** Drives each unit's relay through its command channel in the LockRelay test. None: readings only. */
  relay?: RelayDriver;
}

/** The bench asks the api as the person who started a unit's tests; without one it cannot send. */
const NO_OPERATOR = 'no signed-in technician started this test';

export function createRunner(options: RunnerOptions) {
  const { db, simulator } = options;
  const scale = options.durationScale ?? 1;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  // The token of whoever last started or retried a unit's tests, by serial: kept in memory only, as
  // long as the tests run (a restart interrupts them anyway).
  const operators = new Map<string, string>();
  // The LockRelay drives under way, by serial; result set once the unit has answered (or not).
  const drives = new Map<string, { abort: AbortController; result?: RelayDrive }>();

  function cancelDrive(serial: string) {
    drives.get(serial)?.abort.abort();
    drives.delete(serial);
  }

  function startDrive(serial: string) {
    cancelDrive(serial);
    if (!options.relay) return;
    const drive: { abort: AbortController; result?: RelayDrive } = { abort: new AbortController() };
    drives.set(serial, drive);
    const operator = operators.get(serial);
    const driving: Promise<RelayDrive> =
      operator === undefined
        ? Promise.resolve({
            lock: {
              commandId: null,
              status: 'NotSent',
              resultIsLocked: null,
              reason: NO_OPERATOR,
              answeredInMs: null,
            },
            timeoutMs: options.relay.timeoutMs,
          })
        : options.relay.drive(serial, operator, drive.abort.signal);
    void driving.then((result) => {
      drive.result = result;
    });
  }

  /** A unit's tests are queued by this person: the unit goes online on its channel. */
  function begin(row: { serialNumber: string; ingestKey: string | null; faults: string }, operator?: string) {
    if (operator !== undefined) operators.set(row.serialNumber, operator);
    options.unitDevices?.start(
      row.serialNumber,
      row.ingestKey,
      (JSON.parse(row.faults) as string[]).filter(isFaultName),
    );
  }

  async function unit(serial: string) {
    const row = await findUnit(db, serial);
    if (!row) throw new BenchError('unknownUnit', `Unit ${serial} is not on the bench`);
    return row;
  }

  async function stop(serial: string): Promise<number> {
    cancelDrive(serial);
    const stopped = await stopTests(db, serial, now());
    countFinishedTests('Stopped', stopped);
    return stopped;
  }

  /**
   * The unit sends what it measured to the api, as a fitted device does; a unit that is not on the
   * GSM network sends nothing. The readings come back with how the report fared, so the GSM test
   * judges whether the unit really reached the api.
   */
  async function send(
    serial: string,
    key: string | null,
    testType: BurnInTestType,
    readings: UnitReport,
    at: Date,
  ): Promise<UnitReport> {
    const body = telemetryOf(testType, readings, at);
    if (body === undefined || options.unitDevices === undefined) return readings;
    const delivery = await options.unitDevices.report(serial, key, body);
    return { ...readings, telemetry: { sent: body, ...delivery } };
  }

  /** Finishes the tests that have measured long enough and starts the next one of each idle unit. */
  async function advance(): Promise<void> {
    const at = now();
    const due = await dueTests(db, at);
    for (const test of due) {
      const drive = test.testType === 'LockRelay' ? drives.get(test.serialNumber) : undefined;
      // The relay test ends when the unit has answered its commands (or the drive gave up), not before.
      if (drive && drive.result === undefined) continue;
      if (drive) drives.delete(test.serialNumber);
      const faults = (JSON.parse(test.faults) as string[]).filter(isFaultName);
      const measured = simulator.report(test.serialNumber, faults, test.testType, test.attempts);
      const readings = drive?.result ? { ...measured, channel: drive.result } : measured;
      const report = await send(test.serialNumber, test.ingestKey, test.testType, readings, at);
      const verdict = judge(test.testType, report);
      await finishTest(db, test, {
        passed: verdict.passed,
        failureReason: verdict.failureReason,
        testData: JSON.stringify(report),
        at,
      });
      countFinishedTests(verdict.passed ? 'Passed' : 'Failed');
    }
    const next = await startableTests(db);
    const started = new Set<string>();
    for (const test of next) {
      if (started.has(test.serialNumber)) continue;
      started.add(test.serialNumber);
      const dueAt = new Date(at.getTime() + TEST_DURATION_MS[test.testType] * scale);
      // A stop that landed since the select above wins: a stopped test never starts.
      const moved = await startTest(db, test, at, dueAt);
      if (test.testType === 'LockRelay' && moved) startDrive(test.serialNumber);
    }
    // A unit polls its channel only while its tests run.
    if (options.unitDevices) options.unitDevices.retain(await serialsWithActiveTests(db));
  }

  return {
    /** Marks what was running or waiting when the service last stopped as Interrupted. */
    async recover(): Promise<void> {
      await interruptTests(db, now());
    },

    /** One round of finishing and starting tests, now; what the timer calls. */
    async tick(): Promise<void> {
      // Rounds never overlap: a slow disk must not start a test twice.
      ticking ??= advance().finally(() => {
        ticking = undefined;
      });
      return ticking;
    },

    start(): void {
      timer ??= setInterval(() => {
        this.tick().catch((error: unknown) => options.onError?.(error));
      }, options.tickMs ?? 250);
    },

    async close(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await ticking;
      for (const serial of [...drives.keys()]) cancelDrive(serial);
      await options.unitDevices?.close();
    },

    async results(): Promise<BurnInUnitResult[]> {
      const units = await listUnits(db);
      const tests = await listTests(db);
      return units.map((row) => ({
        unitSerialNumber: row.serialNumber,
        testStation: row.stationId,
        results: tests
          .filter((test) => test.serialNumber === row.serialNumber)
          .map((test): BurnInTestResult => ({
            testType: test.testType,
            status: test.status,
            startTime: test.startTime,
            endTime: test.endTime,
            failureReason: test.failureReason,
            testData: JSON.parse(test.testData) as Record<string, unknown>,
          })),
      }));
    },

    /** The stations no unit sits on, in the bench's order. */
    async freeStations(): Promise<string[]> {
      const taken = await takenStations(db);
      return options.stations.filter((station) => !taken.has(station));
    },

    /** Whether a unit needs an ingestion key of its own: the gateway speaks for a Teltonika unit. */
    needsKey(serial: string): boolean {
      return !(options.unitDevices?.throughGateway(serial) ?? false);
    },

    /** Checks that the unit can go on the station, before it is provisioned. */
    async checkFree(serial: string, stationId: string): Promise<void> {
      if (!options.stations.includes(stationId))
        throw new BenchError('unknownStation', `Station ${stationId} is not a station of this bench`);
      const onBench = await unitsBySerialOrStation(db, serial, stationId);
      const same = onBench.find((row) => row.serialNumber.toLowerCase() === serial.toLowerCase());
      if (same)
        throw new BenchError(
          'unitOnBench',
          `Unit ${same.serialNumber} is already on station ${same.stationId}`,
        );
      const taken = onBench.find((row) => row.stationId === stationId);
      if (taken)
        throw new BenchError('stationTaken', `Station ${stationId} is taken by unit ${taken.serialNumber}`);
    },

    /** Puts the unit on the station with the key it reports with (null: it is not provisioned). */
    async addUnit(serial: string, stationId: string, ingestKey: string | null = null): Promise<void> {
      await this.checkFree(serial, stationId);
      try {
        await insertUnit(db, {
          serialNumber: serial,
          stationId,
          addedAt: now().toISOString(),
          faults: JSON.stringify(simulator.faultsFor(serial)),
          ingestKey,
        });
      } catch (error) {
        // Two people put units on the same station at once: the index kept one, the other hears why.
        if (isUniqueViolation(error))
          throw new BenchError('stationTaken', `Station ${stationId} was taken a moment ago; choose another`);
        throw error;
      }
    },

    /** Takes a unit off its station (its tests stop); answers the station it freed. */
    async removeUnit(serial: string): Promise<{ serialNumber: string; stationId: string }> {
      const row = await unit(serial);
      cancelDrive(row.serialNumber);
      options.unitDevices?.stop(row.serialNumber);
      operators.delete(row.serialNumber);
      await deleteUnit(db, row.serialNumber);
      return { serialNumber: row.serialNumber, stationId: row.stationId };
    },

    /** Queues every test of the unit; operator is the caller's Authorization, used to send its commands. */
    async startUnit(serial: string, operator?: string): Promise<string> {
      const row = await unit(serial);
      if ((await countActiveTests(db, row.serialNumber)) > 0)
        throw new BenchError('alreadyRunning', `Unit ${row.serialNumber} is already running tests`);
      await queueTests(db, row.serialNumber, BURN_IN_TEST_TYPES);
      begin(row, operator);
      await this.tick();
      return row.serialNumber;
    },

    async stopUnit(serial: string): Promise<string> {
      const row = await unit(serial);
      if ((await stop(row.serialNumber)) === 0)
        throw new BenchError('nothingRunning', `Unit ${row.serialNumber} is not running any tests`);
      return row.serialNumber;
    },

    /** Starts every unit that is not running yet; answers how many started. */
    async startAll(operator?: string): Promise<number> {
      const units = await listUnits(db);
      if (units.length === 0) throw new BenchError('noUnits', 'There are no units on the bench');
      let started = 0;
      for (const row of units) {
        if ((await countActiveTests(db, row.serialNumber)) > 0) continue;
        await queueTests(db, row.serialNumber, BURN_IN_TEST_TYPES);
        begin(row, operator);
        started += 1;
      }
      if (started === 0)
        throw new BenchError('alreadyRunning', 'Every unit on the bench is already running tests');
      await this.tick();
      return started;
    },

    async stopAll(): Promise<number> {
      const units = await listUnits(db);
      let stopped = 0;
      for (const { serialNumber } of units) if ((await stop(serialNumber)) > 0) stopped += 1;
      if (stopped === 0) throw new BenchError('nothingRunning', 'No tests are running on the bench');
      return stopped;
    },

    /** Queues the unit's failed and interrupted tests again; answers which. */
    async retryFailed(
      serial: string,
      operator?: string,
    ): Promise<{ serialNumber: string; testTypes: BurnInTestType[] }> {
      const row = await unit(serial);
      const testTypes = await retryableTests(db, row.serialNumber);
      if (testTypes.length === 0)
        throw new BenchError('nothingToRetry', `Unit ${row.serialNumber} has no failed tests to retry`);
      await queueTests(db, row.serialNumber, testTypes);
      begin(row, operator);
      await this.tick();
      return { serialNumber: row.serialNumber, testTypes };
    },

    async retryTest(serial: string, testType: BurnInTestType, operator?: string): Promise<string> {
      const row = await unit(serial);
      const current = await testStatus(db, row.serialNumber, testType);
      if (current === 'InProgress' || current === 'Pending')
        throw new BenchError(
          'alreadyRunning',
          `The ${testType} test of unit ${row.serialNumber} is already running`,
        );
      await queueTests(db, row.serialNumber, [testType]);
      begin(row, operator);
      await this.tick();
      return row.serialNumber;
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;
