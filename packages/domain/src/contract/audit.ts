import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Nullable, PageSchema, ref } from './common';

/**
 * What the audit log records. Sign-ins (both outcomes), password changes (and the ones refused
 * for want of a recent sign-in), contact changes, locks, devices registered, device links and
 * changes, test commands to free devices, partner alerts, company links, arming and its schedule,
 * geofences, escalation contacts and notification preferences, push subscriptions, live-location links
and panic: the changes a security review asks "who did this?" of. Under POPIA also every read of a
 * person's record, history or trips (PersonalDataViewed, with the holder as `subjectUserId`), access
 * requests, erasures, legal holds and the breach register.
 */
export const AUDIT_ACTIONS = [
  'SignIn',
  'SignInFailed',
  'EmailChanged',
  'PhoneChanged',
  'VehicleLocked',
  'VehicleUnlocked',
  'DeviceRegistered',
  'DeviceLinked',
  'DeviceChanged',
  'DeviceTestCommandSent',
  'PartnerAlerted',
  'CompanyUserLinked',
  'CompanyUserUnlinked',
  'PasswordChanged',
  'PasswordChangeRefused',
  'EmailChangeRefused',
  'AlarmAcknowledged',
  'AlarmAcknowledgeRefused',
  'AlarmEscalated',
  'AlarmNoted',
  'AlarmResolved',
  'LockSentNowApproved',
  'SecondFactorEnrolled',
  'SecondFactorRemoved',
  'SecondFactorFailed',
  'SecondFactorsReset',
  'RecoveryCodeUsed',
  'SessionEnded',
  'SessionsEndedByAdmin',
  'VehicleArmed',
  'VehicleDisarmed',
  'ArmingScheduleSet',
  'ArmingScheduleRemoved',
  'GeofenceCreated',
  'GeofenceChanged',
  'GeofenceRemoved',
  'EscalationContactsChanged',
  'NotificationPreferencesChanged',
  'PushSubscribed',
  'PushUnsubscribed',
  'ShareLinkCreated',
  'ShareLinkRevoked',
  'PanicRaised',
  'PersonalDataViewed',
  'DataAccessRequested',
  'DataAccessDownloaded',
  'HolderErased',
  'HolderErasureRefused',
  'LegalHoldSet',
  'LegalHoldCleared',
  'SubscriptionEnded',
  'BreachRecorded',
  'BreachChanged',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about: the kind of record its targetId names. */
export const AUDIT_TARGET_TYPES = [
  'User',
  'Driver',
  'Vehicle',
  'Device',
  'Company',
  'Geofence',
  'DataAccessRequest',
  'BreachIncident',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One audit log entry: who did what to which record, when and from where. */
export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    dateTime: Type.String({ description: 'When it happened, ISO 8601 UTC.' }),
    userId: Nullable(Type.Integer({ description: 'Who did it; null for a failed sign-in or a device.' })),
    userEmail: Nullable(
      Type.String({ description: 'Their e-mail at the time; for a failed sign-in, the address tried.' }),
    ),
    ipAddress: Nullable(Type.String()),
    userAgent: Nullable(Type.String()),
    action: Type.String({ description: `One of: ${AUDIT_ACTIONS.join(', ')}.` }),
    targetType: Nullable(Type.String({ description: `One of: ${AUDIT_TARGET_TYPES.join(', ')}.` })),
    targetId: Nullable(Type.String()),
    detail: Nullable(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'A small JSON object (e.g. the old and new value); never a secret.',
      }),
    ),
    subjectUserId: Nullable(
      Type.Integer({
        description: 'The account holder the entry is about (whose data was read or changed).',
      }),
    ),
    subjectName: Nullable(
      Type.String({
        description:
          "That holder's first and last name as they read now (an erased holder's replaced ones); " +
          'null when the entry is about nobody or the user is gone.',
      }),
    ),
  },
  { $id: 'AuditEntry' },
);
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** GET /AuditLog answer. */
export const AuditPageSchema = PageSchema(ref(AuditEntrySchema));

/**
 * The fields GET /AuditLog filters and sorts on, e.g.
 * `action eq 'SignInFailed' and userId eq 3 and dateTime ge 2025-11-01T00:00:00Z`.
 */
export const AUDIT_LIST_FIELDS = [
  'id',
  'dateTime',
  'userId',
  'userEmail',
  'action',
  'targetType',
  'targetId',
  'subjectUserId',
] as const;
export type AuditListField = (typeof AUDIT_LIST_FIELDS)[number];
export type AuditListFields = Pick<AuditEntry, AuditListField>;
