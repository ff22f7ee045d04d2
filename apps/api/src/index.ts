export { build } from './app';
export { DEMO_SIGN_INS } from './db/seed';
export { ERRORS } from './errors';
export { createDatabase, instant } from './db/database';
export { migrateToLatest } from './db/migrations';
export { VehicleEvents } from './vehicles/vehicle-events';
export {
  recordLockChange,
  recordGpsFix,
  recordTamper,
  recordPartnerAlert,
  recordDeviceTelemetry,
  linkDevice,
  refreshVehicleCounts,
  DeviceNotFreeError,
} from './vehicles/vehicle-store';
export { HUB_PATH } from './live/live-hub';
export { issueDeviceKey } from './telemetry/device-keys';
export { LIFTED_AUTH_LIMITS } from './plugins/auth-limits';

export type { BuildOptions } from './app';
export type { AuthLimits } from './plugins/auth-limits';
export type { DemoSignIn, SeedReport } from './db/seed';
export type { ErrorCode, ProblemBody } from './errors';
export type { TokenSubject } from './auth/access-tokens';
export type {
  Database,
  Flag,
  Instant,
  OnboardingStatus,
  OutboxChannel,
  Vehicle,
  NewVehicle,
  Device,
  Driver,
  VehicleHistoryEntry,
  NewVehicleHistoryEntry,
  OutboxMessage,
  User,
} from './db/schema';
export type { GpsEvent, LockEvent, TamperEvent, VehicleEventMap } from './vehicles/vehicle-events';
export type {
  LockChange,
  GpsFix,
  TamperReport,
  PartnerAlertKind,
  PartnerAlertRecord,
  DeviceTelemetry,
  DeviceLink,
} from './vehicles/vehicle-store';
export type { Simulator, SimulatorOptions } from './telemetry/simulator/simulator';
