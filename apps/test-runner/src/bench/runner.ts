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
import type { Delivery, TelemetryBody } from '../vehicle-api';
import { BenchError } from '../errors';
import { isFaultName } from './bench-simulator';
import type { BenchSimulator, UnitReport } from './bench-simulator';
import type { RelayDrive, RelayDriver } from './relay-drive';
import { judge, telemetryOf, TEST_DURATION_MS } from './tests';
import type { UnitDevices } from './unit-devices';

export interface RunnerOptions {
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
  /** Sends a unit's readings to the api as the device (the telemetry route); none: nothing is sent. */
  report?: (serial: string, key: string, body: TelemetryBody) => Promise<Delivery>;
  /** The units' command channels: each unit polls its own while its tests run. None: no unit polls. */
  unitDevices?: UnitDevices;
  /** Drives each unit's relay through its command channel in the LockRelay test. None: readings only. */
  relay?: RelayDriver;
}

/** The bench asks the api as the person who started a unit's tests; without one it cannot send. */
const NO_OPERATOR = 'no signed-in technician started this test';

export const INTERRUPTED_REASON = 'The test runner stopped while this test was running';

const ACTIVE = ['Pending', 'InProgress'] as const;
const RETRYABLE = ['Failed', 'Interrupted'] as const;

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
    if (row.ingestKey !== null)
      options.unitDevices?.start(
        row.serialNumber,
        row.ingestKey,
        (JSON.parse(row.faults) as string[]).filter(isFaultName),
      );
  }

  async function unit(serial: string) {
    const row = await db
      .selectFrom('benchUnits')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['serialNumber']), '=', serial.toLowerCase()))
      .executeTakeFirst();
    if (!row) throw new BenchError('unknownUnit', `Unit ${serial} is not on the bench`);
    return row;
  }

  async function activeCount(serial: string): Promise<number> {
    const { count } = await db
      .selectFrom('benchTests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('serialNumber', '=', serial)
      .where('status', 'in', ACTIVE)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Queues tests of a unit (all of them by default), replacing what they held. */
  async function queue(serial: string, types: readonly BurnInTestType[]): Promise<void> {
    for (const testType of types) {
      await db
        .insertInto('benchTests')
        .values({
          serialNumber: serial,
          testType,
          position: BURN_IN_TEST_TYPES.indexOf(testType),
          status: 'Pending',
          startTime: null,
          endTime: null,
          dueAt: null,
          failureReason: null,
          testData: '{}',
        })
        .onConflict((conflict) =>
          conflict.columns(['serialNumber', 'testType']).doUpdateSet({
            status: 'Pending',
            startTime: null,
            endTime: null,
            dueAt: null,
            failureReason: null,
            testData: '{}',
          }),
        )
        .execute();
    }
  }

  async function stop(serial: string): Promise<number> {
    cancelDrive(serial);
    const at = now().toISOString();
    const running = await db
      .updateTable('benchTests')
      .set({ status: 'Stopped', endTime: at, dueAt: null })
      .where('serialNumber', '=', serial)
      .where('status', '=', 'InProgress')
      .executeTakeFirst();
    const waiting = await db
      .updateTable('benchTests')
      .set({ status: 'Stopped' })
      .where('serialNumber', '=', serial)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return Number(running.numUpdatedRows) + Number(waiting.numUpdatedRows);
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
    if (body === undefined || options.report === undefined) return readings;
    const delivery: Delivery =
      key === null ? { accepted: false, status: null } : await options.report(serial, key, body);
    return { ...readings, telemetry: { sent: body, ...delivery } };
  }

  /** Finishes the tests that have measured long enough and starts the next one of each idle unit. */
  async function advance(): Promise<void> {
    const at = now();
    const due = await db
      .selectFrom('benchTests')
      .innerJoin('benchUnits', 'benchUnits.serialNumber', 'benchTests.serialNumber')
      .select([
        'benchTests.serialNumber',
        'benchTests.testType',
        'benchTests.attempts',
        'benchUnits.faults',
        'benchUnits.ingestKey',
      ])
      .where('benchTests.status', '=', 'InProgress')
      .where('benchTests.dueAt', '<=', at.toISOString())
      .execute();
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
      await db
        .updateTable('benchTests')
        .set({
          status: verdict.passed ? 'Passed' : 'Failed',
          endTime: at.toISOString(),
          dueAt: null,
          failureReason: verdict.failureReason,
          testData: JSON.stringify(report),
        })
        .where('serialNumber', '=', test.serialNumber)
        .where('testType', '=', test.testType)
        .where('status', '=', 'InProgress')
        .execute();
    }
    const next = await db
      .selectFrom('benchTests as t')
      .select(['t.serialNumber', 't.testType'])
      .where('t.status', '=', 'Pending')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('benchTests as r')
              .select('r.testType')
              .whereRef('r.serialNumber', '=', 't.serialNumber')
              .where('r.status', '=', 'InProgress'),
          ),
        ),
      )
      .orderBy('t.serialNumber')
      .orderBy('t.position')
      .execute();
    const started = new Set<string>();
    for (const test of next) {
      if (started.has(test.serialNumber)) continue;
      started.add(test.serialNumber);
      const dueAt = new Date(at.getTime() + TEST_DURATION_MS[test.testType] * scale);
      const moved = await db
        .updateTable('benchTests')
        .set((eb) => ({
          status: 'InProgress',
          startTime: at.toISOString(),
          dueAt: dueAt.toISOString(),
          attempts: eb('attempts', '+', 1),
        }))
        .where('serialNumber', '=', test.serialNumber)
        .where('testType', '=', test.testType)
        // A stop that landed since the select above wins: a stopped test never starts.
        .where('status', '=', 'Pending')
        .executeTakeFirst();
      if (test.testType === 'LockRelay' && moved.numUpdatedRows > 0n) startDrive(test.serialNumber);
    }
    // A unit polls its channel only while its tests run.
    if (options.unitDevices) {
      const active = await db
        .selectFrom('benchTests')
        .select('serialNumber')
        .distinct()
        .where('status', 'in', ACTIVE)
        .execute();
      options.unitDevices.retain(new Set(active.map((row) => row.serialNumber)));
    }
  }

  return {
    /** Marks what was running or waiting when the service last stopped as Interrupted. */
    async recover(): Promise<void> {
      const at = now().toISOString();
      await db
        .updateTable('benchTests')
        .set({ status: 'Interrupted', endTime: at, dueAt: null, failureReason: INTERRUPTED_REASON })
        .where('status', '=', 'InProgress')
        .execute();
      await db
        .updateTable('benchTests')
        .set({ status: 'Interrupted', failureReason: INTERRUPTED_REASON })
        .where('status', '=', 'Pending')
        .execute();
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
      const units = await db.selectFrom('benchUnits').selectAll().orderBy('stationId').execute();
      const tests = await db
        .selectFrom('benchTests')
        .selectAll()
        .orderBy('serialNumber')
        .orderBy('position')
        .execute();
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
      const taken = new Set(
        (await db.selectFrom('benchUnits').select('stationId').execute()).map((row) => row.stationId),
      );
      return options.stations.filter((station) => !taken.has(station));
    },

    /** Checks that the unit can go on the station, before it is provisioned. */
    async checkFree(serial: string, stationId: string): Promise<void> {
      if (!options.stations.includes(stationId))
        throw new BenchError('unknownStation', `Station ${stationId} is not a station of this bench`);
      const onBench = await db
        .selectFrom('benchUnits')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['serialNumber']), '=', serial.toLowerCase()),
            eb('stationId', '=', stationId),
          ]),
        )
        .execute();
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
        await db
          .insertInto('benchUnits')
          .values({
            serialNumber: serial,
            stationId,
            addedAt: now().toISOString(),
            faults: JSON.stringify(simulator.faultsFor(serial)),
            ingestKey,
          })
          .execute();
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
      await db.deleteFrom('benchTests').where('serialNumber', '=', row.serialNumber).execute();
      await db.deleteFrom('benchUnits').where('serialNumber', '=', row.serialNumber).execute();
      return { serialNumber: row.serialNumber, stationId: row.stationId };
    },

    /** Queues every test of the unit; operator is the caller's Authorization, used to send its commands. */
    async startUnit(serial: string, operator?: string): Promise<string> {
      const row = await unit(serial);
      if ((await activeCount(row.serialNumber)) > 0)
        throw new BenchError('alreadyRunning', `Unit ${row.serialNumber} is already running tests`);
      await queue(row.serialNumber, BURN_IN_TEST_TYPES);
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
      const units = await db
        .selectFrom('benchUnits')
        .select(['serialNumber', 'ingestKey', 'faults'])
        .execute();
      if (units.length === 0) throw new BenchError('noUnits', 'There are no units on the bench');
      let started = 0;
      for (const row of units) {
        if ((await activeCount(row.serialNumber)) > 0) continue;
        await queue(row.serialNumber, BURN_IN_TEST_TYPES);
        begin(row, operator);
        started += 1;
      }
      if (started === 0)
        throw new BenchError('alreadyRunning', 'Every unit on the bench is already running tests');
      await this.tick();
      return started;
    },

    async stopAll(): Promise<number> {
      const units = await db.selectFrom('benchUnits').select('serialNumber').execute();
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
      const failed = await db
        .selectFrom('benchTests')
        .select('testType')
        .where('serialNumber', '=', row.serialNumber)
        .where('status', 'in', RETRYABLE)
        .orderBy('position')
        .execute();
      if (failed.length === 0)
        throw new BenchError('nothingToRetry', `Unit ${row.serialNumber} has no failed tests to retry`);
      const testTypes = failed.map((test) => test.testType);
      await queue(row.serialNumber, testTypes);
      begin(row, operator);
      await this.tick();
      return { serialNumber: row.serialNumber, testTypes };
    },

    async retryTest(serial: string, testType: BurnInTestType, operator?: string): Promise<string> {
      const row = await unit(serial);
      const current = await db
        .selectFrom('benchTests')
        .select('status')
        .where('serialNumber', '=', row.serialNumber)
        .where('testType', '=', testType)
        .executeTakeFirst();
      if (current && (current.status === 'InProgress' || current.status === 'Pending'))
        throw new BenchError(
          'alreadyRunning',
          `The ${testType} test of unit ${row.serialNumber} is already running`,
        );
      await queue(row.serialNumber, [testType]);
      begin(row, operator);
      await this.tick();
      return row.serialNumber;
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;
