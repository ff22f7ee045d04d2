/*
 * The vehicle API's contract: every entity, request and answer, declared once as a TypeBox schema.
 * The api's routes validate and serialise with these schemas (and name them in /openapi.json), the
 * SDK's types are their static types, and the SDK can check every answer against them.
 */
import { ProblemDetailsSchema } from './common';
import { SignInAnswerSchema, TokenPairSchema } from './auth';
import { RoleSchema } from './roles';
import { MessageAnswerSchema, PhoneVerificationSchema } from './auth-flows';
import { SubscriptionPlanSchema } from './subscription-plans';
import { DriverSchema } from './drivers';
import { DeviceIngestKeySchema, DeviceSchema, DeviceStatusInfoSchema } from './devices';
import { NewUserSchema, UserSchema } from './users';
import { HistoryEntrySchema } from './history';
import { AuditEntrySchema } from './audit';
import { CompanySchema, CompanyUserSchema, CompanyIdSchema } from './companies';
import {
  AvailabilitySlotSchema,
  FitmentCenterSchema,
  InstallationBookingSchema,
  NewVehicleSchema,
  RegionSchema,
  SubscriptionSchema,
  VehicleTypeSchema,
} from './onboarding';
import { LockResultSchema, PartnerAlertResultSchema, VehicleSchema } from './vehicles';
import {
  DeviceCommandAckResultSchema,
  DeviceCommandBatchSchema,
  DeviceCommandDeliverySchema,
  DeviceCommandSchema,
} from './commands';
import { TelemetryBatchResultSchema, TelemetryResultSchema } from './telemetry';
import { ImportJobSchema, ImportRowSchema } from './imports';
import { AlarmDetailSchema, AlarmEventSchema, AlarmFiguresRowSchema, AlarmSchema } from './alarms';
import {
  MySecondFactorsSchema,
  RecoveryCodesSchema,
  SecondFactorChallengeSchema,
  SignInWithRecoveryCodesSchema,
  StaffSessionSchema,
  TotpEnrolmentSchema,
  WebAuthnOptionsSchema,
} from './second-factors';
import { LockRequestSchema } from './immobilisation';
import { ArmingScheduleSchema, ArmingStatusSchema } from './arming';
import { GeofenceBreachSchema, GeofencePreviewSchema, GeofenceRuleSchema, GeofenceSchema } from './geofences';
import { GatewayCommandBatchSchema, GatewayCommandSchema } from './gateway';
import { PanicAnswerSchema } from './panic';
import { BreachIncidentSchema } from './breach-incidents';

/**
 * Every named schema of the contract. Answers refer to these by `$id`, so whoever checks an answer
 * passes them as the references (the api adds them as shared schemas).
 */
export const CONTRACT_SCHEMAS = [
  ProblemDetailsSchema,
  SignInAnswerSchema,
  TokenPairSchema,
  RoleSchema,
  SubscriptionPlanSchema,
  DriverSchema,
  DeviceSchema,
  DeviceIngestKeySchema,
  DeviceStatusInfoSchema,
  UserSchema,
  NewUserSchema,
  HistoryEntrySchema,
  VehicleSchema,
  LockResultSchema,
  PartnerAlertResultSchema,
  MessageAnswerSchema,
  PhoneVerificationSchema,
  CompanySchema,
  CompanyUserSchema,
  CompanyIdSchema,
  VehicleTypeSchema,
  NewVehicleSchema,
  RegionSchema,
  FitmentCenterSchema,
  AvailabilitySlotSchema,
  InstallationBookingSchema,
  SubscriptionSchema,
  AuditEntrySchema,
  DeviceCommandSchema,
  DeviceCommandDeliverySchema,
  DeviceCommandBatchSchema,
  DeviceCommandAckResultSchema,
  TelemetryResultSchema,
  TelemetryBatchResultSchema,
  ImportJobSchema,
  ImportRowSchema,
  AlarmSchema,
  AlarmEventSchema,
  AlarmDetailSchema,
  AlarmFiguresRowSchema,
  SecondFactorChallengeSchema,
  WebAuthnOptionsSchema,
  TotpEnrolmentSchema,
  RecoveryCodesSchema,
  SignInWithRecoveryCodesSchema,
  MySecondFactorsSchema,
  StaffSessionSchema,
  LockRequestSchema,
  ArmingScheduleSchema,
  ArmingStatusSchema,
  GeofenceRuleSchema,
  GeofenceSchema,
  GeofenceBreachSchema,
  GeofencePreviewSchema,
  GatewayCommandSchema,
  GatewayCommandBatchSchema,
  PanicAnswerSchema,
  BreachIncidentSchema,
] as const;
