/*
 * The burn-in TestRunner service's contract (spec part 2 §3, §7): stations, units on stations and
 * the hardware tests run on them. The test-runner's routes validate and serialise with these
 * schemas; the SDK's burn-in calls are typed by them and can check answers against them. They
 * carry no $id: they belong to another service than the vehicle API's OpenAPI document.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ROLE } from '../roles';
import type { RoleName } from '../roles';
import { Nullable } from './common';
import { MAX_LENGTH } from '../limits';

/**
 * Staff roles that may use the bench: Admins and Technical-Agents handle hardware. A Company-Admin
 * manages one company's fleet and users, not devices before installation, so is refused.
 */
export const BURN_IN_ROLES: readonly RoleName[] = [ROLE.admin, ROLE.technicalAgent];

/** The hardware tests a tracking-device bench runs, in the order it runs them. */
export const BURN_IN_TEST_TYPES = [
  'FirmwareVersion',
  'GsmRegistration',
  'GpsFix',
  'DeviceBattery',
  'CarBatterySense',
  'LockRelay',
  'TamperSensor',
] as const;
export const BurnInTestTypeSchema = Type.Union(BURN_IN_TEST_TYPES.map((type) => Type.Literal(type)));
export type BurnInTestType = (typeof BURN_IN_TEST_TYPES)[number];

/**
 * Passed, InProgress and Failed are the spec's; Pending waits its turn behind the test in progress,
 * Stopped was stopped by a person, Interrupted was running when the service restarted.
 */
export const BURN_IN_TEST_STATUSES = [
  'Pending',
  'InProgress',
  'Passed',
  'Failed',
  'Stopped',
  'Interrupted',
] as const;
export const BurnInTestStatusSchema = Type.Union(BURN_IN_TEST_STATUSES.map((status) => Type.Literal(status)));
export type BurnInTestStatus = (typeof BURN_IN_TEST_STATUSES)[number];

/** What a test measured: nested key/value, e.g. `{ fix: { satellites: 7, hdop: 0.9 } }`. */
export const BurnInTestDataSchema = Type.Record(Type.String(), Type.Unknown());
export type BurnInTestData = Static<typeof BurnInTestDataSchema>;

/** One test of a unit (spec: test result). Times are ISO 8601 in UTC. */
export const BurnInTestResultSchema = Type.Object({
  testType: BurnInTestTypeSchema,
  status: BurnInTestStatusSchema,
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  failureReason: Nullable(Type.String()),
  testData: BurnInTestDataSchema,
});
export type BurnInTestResult = Static<typeof BurnInTestResultSchema>;

/** A unit on a station and its tests (spec: burn-in unit result). */
export const BurnInUnitResultSchema = Type.Object({
  unitSerialNumber: Type.String(),
  testStation: Type.String(),
  results: Type.Array(BurnInTestResultSchema),
});
export type BurnInUnitResult = Static<typeof BurnInUnitResultSchema>;

/** GET /TestRunner/Results answer. */
export const BurnInResultsSchema = Type.Array(BurnInUnitResultSchema);

/** GET /TestRunner/Stations answer: the free stations' ids. */
export const BurnInStationsSchema = Type.Array(Type.String());

/** Every PUT's answer, and every error's: the sentence to show. */
export const BurnInMessageSchema = Type.Object({ message: Type.String() });
export type BurnInMessage = Static<typeof BurnInMessageSchema>;

/** PUT /TestRunner/AddUnit query. */
export const AddUnitQuerySchema = Type.Object({
  unitSerialNumber: Type.String({ minLength: 1, maxLength: MAX_LENGTH.shortText }),
  stationId: Type.String({ minLength: 1, maxLength: MAX_LENGTH.shortText }),
});
export type AddUnitQuery = Static<typeof AddUnitQuerySchema>;

/** PUT /TestRunner/RemoveUnit, StartUnitTest and StopUnitTest query. */
export const UnitQuerySchema = Type.Object({
  unitSerialNumber: Type.String({ minLength: 1, maxLength: MAX_LENGTH.shortText }),
});
export type UnitQuery = Static<typeof UnitQuerySchema>;

/** PUT /TestRunner/RetryFailedTests/{serial} and RetryUnitTest/{serial} path. */
export const UnitPathSchema = Type.Object({
  serial: Type.String({ minLength: 1, maxLength: MAX_LENGTH.shortText }),
});

/** PUT /TestRunner/RetryUnitTest/{serial} body. */
export const RetryUnitTestRequestSchema = Type.Object({ testType: BurnInTestTypeSchema });
export type RetryUnitTestRequest = Static<typeof RetryUnitTestRequestSchema>;
