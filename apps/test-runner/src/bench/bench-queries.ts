/*
 * Every read and write of the bench's tables: units on stations, and each unit's tests. Status
 * changes the runner races with (a stop against a start, a finish against a stop) are guarded by
 * the status they expect, so the one that lands second changes nothing.
 */
import { BURN_IN_TEST_TYPES } from '@sentinel/domain';
import type { BurnInTestStatus, BurnInTestType } from '@sentinel/domain';
import type { BenchDb, UnitTable } from '../db/database';

/** Tests that still hold their unit: waiting to start or measuring. */
const ACTIVE: readonly BurnInTestStatus[] = ['Pending', 'InProgress'];
/** Tests a person may queue again with "retry failed". */
const RETRYABLE: readonly BurnInTestStatus[] = ['Failed', 'Interrupted'];

const INTERRUPTED_REASON = 'The test runner stopped while this test was running';

// ---- Units ------------------------------------------------------------------------------------

/** The unit with this serial, in any case. */
export function findUnit(db: BenchDb, serial: string) {
  return db
    .selectFrom('benchUnits')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['serialNumber']), '=', serial.toLowerCase()))
    .executeTakeFirst();
}

/** Every unit on the bench, in station order. */
export function listUnits(db: BenchDb) {
  return db.selectFrom('benchUnits').selectAll().orderBy('stationId').execute();
}

/** The stations a unit sits on. */
export async function takenStations(db: BenchDb): Promise<Set<string>> {
  const rows = await db.selectFrom('benchUnits').select('stationId').execute();
  return new Set(rows.map((row) => row.stationId));
}

/** The units with this serial (any case) or on this station. */
export function unitsBySerialOrStation(db: BenchDb, serial: string, stationId: string) {
  return db
    .selectFrom('benchUnits')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['serialNumber']), '=', serial.toLowerCase()),
        eb('stationId', '=', stationId),
      ]),
    )
    .execute();
}

/** Puts a unit on its station; a taken station throws the unique violation. */
export async function insertUnit(db: BenchDb, unit: UnitTable): Promise<void> {
  await db.insertInto('benchUnits').values(unit).execute();
}

/** Takes the unit and its tests off the bench. */
export async function deleteUnit(db: BenchDb, serial: string): Promise<void> {
  await db.deleteFrom('benchTests').where('serialNumber', '=', serial).execute();
  await db.deleteFrom('benchUnits').where('serialNumber', '=', serial).execute();
}

// ---- Tests ------------------------------------------------------------------------------------

/** Every test of every unit, each unit's in the bench's running order. */
export function listTests(db: BenchDb) {
  return db.selectFrom('benchTests').selectAll().orderBy('serialNumber').orderBy('position').execute();
}

/** How many of the unit's tests are waiting or measuring. */
export async function countActiveTests(db: BenchDb, serial: string): Promise<number> {
  const { count } = await db
    .selectFrom('benchTests')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('serialNumber', '=', serial)
    .where('status', 'in', ACTIVE)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The units with a test waiting or measuring. */
export async function serialsWithActiveTests(db: BenchDb): Promise<Set<string>> {
  const rows = await db
    .selectFrom('benchTests')
    .select('serialNumber')
    .distinct()
    .where('status', 'in', ACTIVE)
    .execute();
  return new Set(rows.map((row) => row.serialNumber));
}

/** The unit's failed and interrupted tests, in running order. */
export async function retryableTests(db: BenchDb, serial: string): Promise<BurnInTestType[]> {
  const rows = await db
    .selectFrom('benchTests')
    .select('testType')
    .where('serialNumber', '=', serial)
    .where('status', 'in', RETRYABLE)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.testType);
}

/** The status of one test of the unit; undefined when it never ran. */
export async function testStatus(
  db: BenchDb,
  serial: string,
  testType: BurnInTestType,
): Promise<BurnInTestStatus | undefined> {
  const row = await db
    .selectFrom('benchTests')
    .select('status')
    .where('serialNumber', '=', serial)
    .where('testType', '=', testType)
    .executeTakeFirst();
  return row?.status;
}

/** Queues tests of a unit (Pending), replacing what they held. */
export async function queueTests(
  db: BenchDb,
  serial: string,
  types: readonly BurnInTestType[],
): Promise<void> {
  const fresh = {
    status: 'Pending',
    startTime: null,
    endTime: null,
    dueAt: null,
    failureReason: null,
    testData: '{}',
  } as const;
  for (const testType of types) {
    await db
      .insertInto('benchTests')
      .values({ serialNumber: serial, testType, position: BURN_IN_TEST_TYPES.indexOf(testType), ...fresh })
      .onConflict((conflict) => conflict.columns(['serialNumber', 'testType']).doUpdateSet(fresh))
      .execute();
  }
}

/** Stops the unit's measuring and waiting tests; answers how many stopped. */
export async function stopTests(db: BenchDb, serial: string, at: Date): Promise<number> {
  const running = await db
    .updateTable('benchTests')
    .set({ status: 'Stopped', endTime: at.toISOString(), dueAt: null })
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

/** Marks what was measuring or waiting (when the service last stopped) as Interrupted. */
export async function interruptTests(db: BenchDb, at: Date): Promise<void> {
  await db
    .updateTable('benchTests')
    .set({ status: 'Interrupted', endTime: at.toISOString(), dueAt: null, failureReason: INTERRUPTED_REASON })
    .where('status', '=', 'InProgress')
    .execute();
  await db
    .updateTable('benchTests')
    .set({ status: 'Interrupted', failureReason: INTERRUPTED_REASON })
    .where('status', '=', 'Pending')
    .execute();
}

/** The measuring tests that have measured long enough at `at`, with their unit's faults and key. */
export function dueTests(db: BenchDb, at: Date) {
  return db
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
}

/** Ends a measuring test with its verdict and readings (a test stopped meanwhile stays stopped). */
export async function finishTest(
  db: BenchDb,
  test: { serialNumber: string; testType: BurnInTestType },
  outcome: { passed: boolean; failureReason: string | null; testData: string; at: Date },
): Promise<void> {
  await db
    .updateTable('benchTests')
    .set({
      status: outcome.passed ? 'Passed' : 'Failed',
      endTime: outcome.at.toISOString(),
      dueAt: null,
      failureReason: outcome.failureReason,
      testData: outcome.testData,
    })
    .where('serialNumber', '=', test.serialNumber)
    .where('testType', '=', test.testType)
    .where('status', '=', 'InProgress')
    .execute();
}

/** The waiting tests of units measuring nothing, each unit's in running order. */
export function startableTests(db: BenchDb) {
  return db
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
}

/** Starts a waiting test, due at `dueAt`; false when it is no longer waiting (a stop won). */
export async function startTest(
  db: BenchDb,
  test: { serialNumber: string; testType: BurnInTestType },
  at: Date,
  dueAt: Date,
): Promise<boolean> {
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
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}
