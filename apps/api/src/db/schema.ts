import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  AlarmEventType,
  AlarmKind,
  AlarmPriority,
  AlarmResolution,
  AlarmState,
  DeviceCommandStatus,
  LockReason,
  DeviceCommandType,
  GeofenceScopeKind,
  OnboardingStatus,
  SubscriptionStatus,
} from '@sentinel/domain';

/*
 * Table types as the code sees them: camelCase here, snake_case in SQL (Kysely's CamelCasePlugin
 * maps between them). Flags are integers 0/1 and instants are ISO 8601 UTC strings so the same
 * rows read the same on SQLite and PostgreSQL; see the README's schema section. A status or kind
 * the api answers with is the contract's union, named here rather than restated.
 */

export type { OnboardingStatus, SubscriptionStatus };

/** 0 or 1: SQLite has no boolean type and better-sqlite3 cannot bind JS booleans. */
export type Flag = 0 | 1;

/** An ISO 8601 UTC instant, e.g. 2025-01-31T08:00:00.000Z; sorts correctly as text. */
export type Instant = string;

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  firstName: string;
  lastName: string;
  phoneCode: ColumnType<string, string | undefined, string>;
  phoneNumber: string;
  idNumber: string | null;
  idNumberIsSouthAfrican: ColumnType<Flag, Flag | undefined, Flag>;
  passwordHash: string | null;
  tamperActive: ColumnType<Flag, Flag | undefined, Flag>;
  createdOnDateTime: Instant;
  /** Maintained by the vehicle store (refreshVehicleCounts) whenever a vehicle or device link changes. */
  vehiclesWithDeviceCount: ColumnType<number, number | undefined, number>;
  vehiclesWithoutDeviceCount: ColumnType<number, number | undefined, number>;
  /** When the account holder confirmed the phone number with a one-time code; null until then. */
  phoneConfirmedAt: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** A legal hold (migration 0025): while set, the holder is neither erased nor swept by retention. */
  legalHoldReason: ColumnType<string | null, string | null | undefined, string | null>;
  legalHoldSetAt: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  legalHoldSetByUserId: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the holder's personal fields were replaced (erasure, migration 0025); null until then. */
  erasedAt: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

export interface UserRolesTable {
  userId: number;
  roleId: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  /** SHA-256 of the opaque token, base64url; the token itself is never stored. */
  tokenHash: string;
  /** Every token rotated from one sign-in shares this id, so a replay can revoke them all. */
  familyId: string;
  userId: number;
  createdAt: Instant;
  expiresAt: Instant;
  usedAt: Instant | null;
  revokedAt: Instant | null;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  createdOnDateTime: Instant;
}

export interface CompanyUsersTable {
  companyId: number;
  userId: number;
  /** A company-link role: 'Company-Admin' or 'Account-Holder'. */
  role: string;
}

export interface SubscriptionPlansTable {
  id: Generated<number>;
  displayName: string;
  description: string;
  available: ColumnType<Flag, Flag | undefined, Flag>;
  isOffline: ColumnType<Flag, Flag | undefined, Flag>;
  depositAmountCents: ColumnType<number, number | undefined, number>;
}

export interface DevicesTable {
  id: Generated<number>;
  serialNumber: string;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  /** Null while the device is free to link. */
  vehicleId: number | null;
  testStation: string | null;
  applicationVersion: string | null;
  /** 0 means auto-lock is disabled. */
  autoLockEnabledState: ColumnType<number, number | undefined, number>;
  carBatteryVolts: number | null;
  deviceBatteryPercent: number | null;
  /** The motion sensor's word, 1 moving and 0 still (migration 0022); null until first reported. */
  moving: Flag | null;
  /** The device's own backup battery (migration 0022). */
  deviceBatteryVolts: number | null;
  /** Mobile network signal, 0 (none) to 5 (migration 0022). */
  gsmSignalBars: number | null;
  /** SHA-256 of the device's ingestion key (live-updates issue). */
  ingestKeyHash: string | null;
  createdOnDateTime: Instant;
  /** When the device last asked for commands (migration 0008); null if it never has. */
  commandsSeenAt: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

export interface VehiclesTable {
  id: Generated<number>;
  userId: number;
  registrationNumber: string;
  make: string;
  model: string;
  makeVariant: string;
  nickname: string | null;
  registrationYear: string;
  vehicleColour: string;
  vinNumber: string | null;
  engineNumber: string | null;
  subscriptionPlanId: number | null;
  subscriptionId: number | null;
  subscriptionDepositAmountPaid: number | null;
  /** Null once the device is installed. */
  onboardingStatus: OnboardingStatus | null;
  /** Null while unknown (no lock state reported yet). */
  isLocked: Flag | null;
  tamperActive: ColumnType<Flag, Flag | undefined, Flag>;
  lastKnownGpsLatitudeDegrees: number | null;
  lastKnownGpsLongitudeDegrees: number | null;
  gpsDateTime: Instant | null;
  createdOnDateTime: Instant;
  /** The catalogue entry chosen when the vehicle was added (migration 0006). */
  vehicleTypeId: ColumnType<number | null, number | null | undefined, number | null>;
  /** Arming (migration 0020, src/arming): when it was armed by hand and by whom; null when it is not. */
  armedSince: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  armedByUserId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The contract's ArmingSchedule as JSON text; null without a schedule. */
  armingSchedule: ColumnType<string | null, string | null | undefined, string | null>;
  /** Disarmed by hand inside a schedule window: the schedule arms it again only from this instant. */
  scheduleSuspendedUntil: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** Where it stood when armed, and the arming that was (its armedSince or window start). */
  armingAnchorLatitude: ColumnType<number | null, number | null | undefined, number | null>;
  armingAnchorLongitude: ColumnType<number | null, number | null | undefined, number | null>;
  armingAnchorSince: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /**
   * The domain's GeofencePresence as JSON text (migration 0021, src/geofences): the geofences it is
   * inside, since when, and the Dwell rules already fired for that stay; null when inside none.
   */
  geofencePresence: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DriversTable {
  id: Generated<number>;
  vehicleId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: ColumnType<string, string | undefined, string>;
  phoneNumber: string;
  idNumber: string;
  idNumberIsSouthAfrican: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface VehicleHistoryTable {
  id: Generated<number>;
  vehicleId: number;
  dateTime: Instant;
  /** A HistoryType of the domain. */
  type: string;
  isLocked: Flag | null;
  isLockedByUserId: number | null;
  isLockedChangedByAdminUser: Flag | null;
  tamperCancelled: Flag | null;
  tamperCancelledByUserId: number | null;
  /** Text as stored (the contract's CarBatteryState and GpsState when a device raised the alert). */
  tamperCarBatteryState: string | null;
  tamperGpsState: string | null;
  auraCalloutStatus: string | null;
  auraCalloutCreatedByUserId: number | null;
  capitalAirIncidentStatus: string | null;
  capitalAirIncidentCreatedByUserId: number | null;
  latitudeDegrees: number | null;
  longitudeDegrees: number | null;
  /** The lock command whose outcome this LockState entry records (migration 0008). */
  commandId: ColumnType<number | null, number | null | undefined, number | null>;
}

export type OutboxChannel = 'sms' | 'email' | 'partner';

export interface OutboxTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Instant;
}

export interface PasswordCreationTokensTable {
  /** SHA-256 of the token, base64url; the token itself travels only in the e-mailed link. */
  tokenHash: string;
  userId: number;
  expiresAt: Instant;
  usedAt: Instant | null;
}

export interface PhoneConfirmationsTable {
  id: Generated<number>;
  userId: number;
  /** HMAC-SHA-256 of the six digits under a server key, base64url. */
  codeHash: string;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: Instant;
  expiresAt: Instant;
  usedAt: Instant | null;
}

export interface PasswordResetTokensTable {
  /** SHA-256 of the token, base64url; the token itself travels only in the e-mailed link. */
  tokenHash: string;
  userId: number;
  expiresAt: Instant;
  usedAt: Instant | null;
}

export interface SendLogTable {
  id: Generated<number>;
  /** What was sent to or asked by whom, e.g. 'otp-phone:27821234567'. */
  key: string;
  createdAt: Instant;
}

// Onboarding (migration 0006).

export interface VehicleTypesTable {
  id: Generated<number>;
  make: string;
  variant: string;
  makeVariant: string;
}

export interface RegionsTable {
  id: Generated<number>;
  name: string;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface FitmentCentersTable {
  id: Generated<number>;
  regionId: number;
  name: string;
  area: string;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface FitmentCenterSlotsTable {
  id: Generated<number>;
  fitmentCenterId: number;
  /** 0 Sunday .. 6 Saturday, in UTC. */
  weekday: number;
  /** 'HH:MM' UTC. */
  utcTimeStart: string;
  utcTimeEnd: string;
  capacity: number;
}

export interface SlotBookingsTable {
  slotId: number;
  /** 'YYYY-MM-DD' UTC. */
  utcDate: string;
  booked: ColumnType<number, number | undefined, number>;
}

export interface InstallationBookingsTable {
  id: Generated<number>;
  vehicleId: number;
  fitmentCenterId: number;
  slotId: number | null;
  installationUtcDateTime: Instant;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  onboardingExistingClient: ColumnType<Flag, Flag | undefined, Flag>;
  createdOnDateTime: Instant;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  vehicleId: number;
  subscriptionPlanId: number;
  isOffline: ColumnType<Flag, Flag | undefined, Flag>;
  depositAmountCents: number;
  status: SubscriptionStatus;
  createdByUserId: number | null;
  createdOnDateTime: Instant;
}

export type PaymentStatus = 'Pending' | 'Paid' | 'Declined' | 'Superseded';

export interface PaymentsTable {
  id: Generated<number>;
  subscriptionId: number;
  reference: string;
  amountCents: number;
  status: PaymentStatus;
  createdAt: Instant;
  settledAt: Instant | null;
}

export interface PaymentNotificationsTable {
  notificationId: string;
  receivedAt: Instant;
}

/** One audit log row (migration 0007); `detail` is a JSON object as text. */
export interface AuditLogTable {
  id: Generated<number>;
  occurredAt: Instant;
  userId: number | null;
  userEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: string | null;
  /** The account holder the entry is about (migration 0025): a view of their data, a change to them. */
  subjectUserId: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A lock or unlock sent to a device (migration 0008): a vehicle's, or with no vehicle a test of a
 * free device (migration 0014); see src/commands.
 */
export interface DeviceCommandsTable {
  id: Generated<number>;
  /** Null for a test command of a free device (the burn-in bench): it changes no vehicle. */
  vehicleId: number | null;
  deviceId: number;
  type: DeviceCommandType;
  status: DeviceCommandStatus;
  requestedByUserId: number | null;
  requestedAt: Instant;
  expiresAt: Instant;
  deliveredAt: Instant | null;
  completedAt: Instant | null;
  resultIsLocked: Flag | null;
  reason: string | null;
  /** Why staff asked for a lock (migration 0019); null for an unlock and a test command. */
  lockReason: LockReason | null;
  lockNote: string | null;
  /** A held lock (WaitingForSlowdown) is released by a report at or below this speed. */
  releaseAtKmh: number | null;
  /** The W3C traceparent of the request that asked for it (migration 0024); null when not traced. */
  traceParent: string | null;
}

/** One partner alert and its outcome (migration 0008). */
export interface PartnerAlertsTable {
  id: Generated<number>;
  vehicleId: number;
  partner: string;
  raisedByUserId: number | null;
  accepted: Flag;
  status: string;
  attempts: number;
  httpStatus: number | null;
  createdAt: Instant;
  completedAt: Instant;
}

/** One GPS fix of a vehicle, kept for trip replay (migration 0009); see src/replay. */
export interface PositionFixesTable {
  vehicleId: number;
  at: Instant;
  latitudeDegrees: number;
  longitudeDegrees: number;
}

/** One alarm (migration 0017); see src/alarms. At most one per vehicle and kind is not Resolved. */
export interface AlarmsTable {
  id: Generated<number>;
  vehicleId: number;
  kind: AlarmKind;
  priority: AlarmPriority;
  state: AlarmState;
  /** The kind's response target when the alarm opened (a setting may change it later). */
  acknowledgeWithinSeconds: number;
  openedAt: Instant;
  lastEventAt: Instant;
  eventCount: Generated<number>;
  acknowledgedAt: Instant | null;
  acknowledgedByUserId: number | null;
  escalatedAt: Instant | null;
  resolvedAt: Instant | null;
  resolvedByUserId: number | null;
  resolution: AlarmResolution | null;
  resolutionNote: string | null;
  /** How many of the holder's escalation contacts it has told (migration 0023). */
  contactsTold: Generated<number>;
}

/** One entry of an alarm's timeline (migration 0017). */
export interface AlarmEventsTable {
  id: Generated<number>;
  alarmId: number;
  dateTime: Instant;
  type: AlarmEventType;
  byUserId: number | null;
  text: string | null;
}

/** One of an account holder's escalation contacts (migration 0023); see src/notifications. */
export interface EscalationContactsTable {
  id: Generated<number>;
  holderUserId: number;
  /** 1 is told first. */
  position: number;
  name: string;
  phoneCode: string;
  phoneNumber: string;
  email: string | null;
  createdAt: Instant;
  updatedAt: Instant;
}

/** A holder's notification preferences (migration 0023); no row: every kind, every channel. */
export interface NotificationPreferencesTable {
  holderUserId: number;
  /** JSON text: the AlarmKind list the holder is told of. */
  kinds: string;
  /** JSON text: the NotificationChannel list ('sms', 'email'). */
  channels: string;
  /** HH:MM, Johannesburg time; both null: no quiet hours. */
  quietFrom: string | null;
  quietTo: string | null;
  updatedAt: Instant;
}

/** Who a message is for: the vehicle's holder, one of their escalation contacts, or a staff browser. */
export type NotificationAudience = 'Holder' | 'Contact' | 'Staff';
export type NotificationChannel = 'sms' | 'email' | 'push';
/** Queued (due at next_attempt_at, a retry too), Sending (claimed until lease_until), Sent, Delivered, Failed. */
export type NotificationState = 'Queued' | 'Sending' | 'Sent' | 'Delivered' | 'Failed';

/** One message of the notification outbox (migration 0023); see src/notifications. */
export interface NotificationsTable {
  id: Generated<number>;
  alarmId: number | null;
  audience: NotificationAudience;
  userId: number | null;
  contactId: number | null;
  channel: NotificationChannel;
  /** An E.164 number, an e-mail address or a push endpoint. */
  recipient: string;
  /** Who it is for, in words, for the alarm's timeline. */
  recipientName: string;
  subject: string;
  body: string;
  state: NotificationState;
  attempts: Generated<number>;
  nextAttemptAt: Instant;
  leaseUntil: Instant | null;
  providerMessageId: string | null;
  lastError: string | null;
  createdAt: Instant;
  sentAt: Instant | null;
  deliveredAt: Instant | null;
  failedAt: Instant | null;
}

/** A staff browser's Web Push subscription (migration 0023); see src/push. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Instant;
}

/** A live-location link for a responder (migration 0023); see src/share-links. */
export interface ShareLinksTable {
  id: Generated<number>;
  alarmId: number;
  vehicleId: number;
  /** SHA-256 of the token, base64url; the token itself is shown once, to the staff member who made it. */
  tokenHash: string;
  /** Who it is for, in words (e.g. 'Armed response', 'SAPS Sandton'). */
  recipient: string;
  createdByUserId: number | null;
  createdAt: Instant;
  expiresAt: Instant;
  revokedAt: Instant | null;
  revokedByUserId: number | null;
}

/** One opening of a live-location link (migration 0023). */
export interface ShareLinkViewsTable {
  id: Generated<number>;
  shareLinkId: number;
  viewedAt: Instant;
  address: string;
}

/** A geofence (migration 0021); see src/geofences. */
export interface GeofencesTable {
  id: Generated<number>;
  name: string;
  /** The contract's GeofenceShape as JSON text. */
  shape: string;
  scopeKind: GeofenceScopeKind;
  /** The vehicle's, account holder's or company's id; null for Everyone. */
  scopeId: number | null;
  /** The contract's GeofenceRule list as JSON text. */
  rules: string;
  createdByUserId: number | null;
  createdAt: Instant;
  updatedAt: Instant;
}

/** One row: bumped with every geofence change, so each api instance knows to reload its index. */
export interface GeofenceRevisionTable {
  revision: number;
}

/** A sign-in (refresh-token family) as its owner sees it in 'Your sessions'. */
export interface SignInSessionsTable {
  familyId: string;
  userId: number;
  /** e.g. 'Chrome on Linux', from the User-Agent at sign-in; for display only. */
  browser: string;
  address: string;
  createdAt: Instant;
  /** Updated on refresh, at most once a minute. */
  lastUsedAt: Instant;
  /** When the person last gave a second factor in this session (sign-in or step-up). */
  secondFactorAt: Instant | null;
  webauthnChallenge: string | null;
}

/** A password accepted, its second factor still to come: opaque, single use, bound to the user. */
export interface SignInChallengesTable {
  id: Generated<number>;
  /** SHA-256 of the token, base64url. */
  tokenHash: string;
  userId: number;
  createdAt: Instant;
  expiresAt: Instant;
  usedAt: Instant | null;
  webauthnChallenge: string | null;
}

export interface TotpFactorsTable {
  userId: number;
  /** The shared secret, encrypted (AES-256-GCM); never answered after enrolment. */
  secret: string;
  createdAt: Instant;
  /** Null while enrolment waits for its first code. */
  confirmedAt: Instant | null;
  /** The last 30-second step a code was accepted for: the same step is refused again. */
  lastUsedStep: number | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  userId: number;
  /** base64url */
  credentialId: string;
  /** COSE public key, base64url */
  publicKey: string;
  /** A bigint: PostgreSQL hands it over as a string. */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of the authenticator's transports, or null. */
  transports: string | null;
  name: string;
  createdAt: Instant;
  lastUsedAt: Instant | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  /** SHA-256 of the normalised code, base64url. */
  codeHash: string;
  usedAt: Instant | null;
}

/** An Admin's download of everything held about one account holder (migration 0025). */
export interface DataAccessRequestsTable {
  id: Generated<number>;
  subjectUserId: number;
  requestedByUserId: number | null;
  requestedAt: Instant;
  expiresAt: Instant;
  /** SHA-256 of the download token, base64url; the token itself is never stored. */
  tokenHash: string;
  /** The period of position fixes asked for; both null for all of them. */
  fixesFrom: Instant | null;
  fixesTo: Instant | null;
  downloads: ColumnType<number, number | undefined, number>;
  lastDownloadedAt: Instant | null;
}

/** One entry of the breach register (migration 0025); `dataClasses` is a JSON list as text. */
export interface BreachIncidentsTable {
  id: Generated<number>;
  occurredAt: Instant;
  discoveredAt: Instant;
  description: string;
  dataClasses: string;
  peopleAffected: number;
  regulatorNotifiedAt: Instant | null;
  peopleNotifiedAt: Instant | null;
  recordedByUserId: number | null;
  recordedAt: Instant;
  updatedAt: Instant;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  userRoles: UserRolesTable;
  refreshTokens: RefreshTokensTable;
  companies: CompaniesTable;
  companyUsers: CompanyUsersTable;
  subscriptionPlans: SubscriptionPlansTable;
  devices: DevicesTable;
  vehicles: VehiclesTable;
  drivers: DriversTable;
  vehicleHistory: VehicleHistoryTable;
  positionFixes: PositionFixesTable;
  outbox: OutboxTable;
  passwordCreationTokens: PasswordCreationTokensTable;
  phoneConfirmations: PhoneConfirmationsTable;
  passwordResetTokens: PasswordResetTokensTable;
  sendLog: SendLogTable;
  vehicleTypes: VehicleTypesTable;
  regions: RegionsTable;
  fitmentCenters: FitmentCentersTable;
  fitmentCenterSlots: FitmentCenterSlotsTable;
  slotBookings: SlotBookingsTable;
  installationBookings: InstallationBookingsTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  paymentNotifications: PaymentNotificationsTable;
  deviceCommands: DeviceCommandsTable;
  partnerAlerts: PartnerAlertsTable;
  auditLog: AuditLogTable;
  dataAccessRequests: DataAccessRequestsTable;
  breachIncidents: BreachIncidentsTable;
  alarms: AlarmsTable;
  alarmEvents: AlarmEventsTable;
  escalationContacts: EscalationContactsTable;
  notificationPreferences: NotificationPreferencesTable;
  notifications: NotificationsTable;
  pushSubscriptions: PushSubscriptionsTable;
  shareLinks: ShareLinksTable;
  shareLinkViews: ShareLinkViewsTable;
  geofences: GeofencesTable;
  geofenceRevision: GeofenceRevisionTable;
  signInSessions: SignInSessionsTable;
  signInChallenges: SignInChallengesTable;
  totpFactors: TotpFactorsTable;
  passkeys: PasskeysTable;
  recoveryCodes: RecoveryCodesTable;
}

export type Role = Selectable<RolesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type RefreshToken = Selectable<RefreshTokensTable>;
export type Vehicle = Selectable<VehiclesTable>;
export type NewVehicle = Insertable<VehiclesTable>;
export type Device = Selectable<DevicesTable>;
export type Driver = Selectable<DriversTable>;
export type VehicleHistoryEntry = Selectable<VehicleHistoryTable>;
export type NewVehicleHistoryEntry = Insertable<VehicleHistoryTable>;
export type OutboxMessage = Selectable<OutboxTable>;
