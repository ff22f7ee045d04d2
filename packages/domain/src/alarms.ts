/*
 * Alarms: every security event on a vehicle becomes an alarm that a person owns until it is
 * resolved. The kinds, their priorities and response targets, the states an alarm moves through,
 * the reasons it is resolved with, and the rules for resolving: one place for the api, the SDK and
 * the screens.
 */
import type { FieldErrors } from './messages';

/**
 * What raised the alarm: a tamper alert from the device, the car's battery disconnected (power
 * cut), the GPS jammed or lost, the device's own battery low, a device silent for longer than
 * its setting while its vehicle has an open alarm, or an armed vehicle that moved or whose ignition
 * came on (see arming.ts), or a geofence's rule broken (see geofences.ts: the rule's priority is the
 * alarm's), or the customer pressed panic in the mobile app (POST /My/Panic).
 */
export const ALARM_KINDS = [
  'Tamper',
  'PowerCut',
  'GpsJammed',
  'GpsLost',
  'LowDeviceBattery',
  'DeviceSilent',
  'ArmedMovement',
  'ArmedIgnition',
  'GeofenceBreach',
  'Panic',
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** How an alarm kind reads on screen. */
export const ALARM_KIND_LABELS: Record<AlarmKind, string> = {
  Tamper: 'Tamper alert',
  PowerCut: 'Car battery disconnected',
  GpsJammed: 'GPS jammed',
  GpsLost: 'GPS signal lost',
  LowDeviceBattery: 'Device battery low',
  DeviceSilent: 'Device silent',
  ArmedMovement: 'Moved while armed',
  ArmedIgnition: 'Ignition on while armed',
  GeofenceBreach: 'Geofence rule broken',
  Panic: 'Panic button',
};

/**
 * Open: nobody has taken it yet. Acknowledged: a staff member owns it. Escalated: a partner
 * response service was alerted from it (its owner keeps it). Resolved: closed with a reason.
 */
export const ALARM_STATES = ['Open', 'Acknowledged', 'Escalated', 'Resolved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** An alarm someone must still act on. */
export const isActiveAlarm = (state: AlarmState) => state !== 'Resolved';

/** Why an alarm was closed. */
export const ALARM_RESOLUTIONS = [
  'VehicleRecovered',
  'FalseAlarm',
  'CustomerError',
  'DeviceFault',
  'Test',
  'Other',
] as const;
export type AlarmResolution = (typeof ALARM_RESOLUTIONS)[number];

export const ALARM_RESOLUTION_LABELS: Record<AlarmResolution, string> = {
  VehicleRecovered: 'Vehicle recovered',
  FalseAlarm: 'False alarm',
  CustomerError: 'Customer error',
  DeviceFault: 'Device fault',
  Test: 'Test',
  Other: 'Other',
};

/** 1 is the most urgent. */
export const ALARM_PRIORITIES = [1, 2, 3] as const;
export type AlarmPriority = (typeof ALARM_PRIORITIES)[number];

export const ALARM_PRIORITY_LABELS: Record<AlarmPriority, string> = { 1: 'High', 2: 'Medium', 3: 'Low' };

/** Each kind's priority and the seconds within which a person should acknowledge it (settings may change the seconds). */
export const ALARM_KIND_DEFAULTS: Record<
  AlarmKind,
  { priority: AlarmPriority; acknowledgeWithinSeconds: number }
> = {
  Tamper: { priority: 1, acknowledgeWithinSeconds: 60 },
  PowerCut: { priority: 1, acknowledgeWithinSeconds: 60 },
  GpsJammed: { priority: 1, acknowledgeWithinSeconds: 60 },
  GpsLost: { priority: 2, acknowledgeWithinSeconds: 300 },
  DeviceSilent: { priority: 2, acknowledgeWithinSeconds: 300 },
  LowDeviceBattery: { priority: 3, acknowledgeWithinSeconds: 3600 },
  ArmedMovement: { priority: 1, acknowledgeWithinSeconds: 60 },
  ArmedIgnition: { priority: 1, acknowledgeWithinSeconds: 60 },
  GeofenceBreach: { priority: 2, acknowledgeWithinSeconds: 300 },
  Panic: { priority: 1, acknowledgeWithinSeconds: 30 },
};

/** The longest note an alarm's timeline or resolution takes. */
export const ALARM_NOTE_MAX_LENGTH = 1000;

export const ALARM_MESSAGES = {
  reasonRequired: 'Choose why the alarm is resolved.',
  noteRequiredForOther: "Say what happened when the reason is 'Other'.",
  noteTooLong: `A note has at most ${ALARM_NOTE_MAX_LENGTH} characters.`,
  noteRequired: 'Write a note.',
} as const;

/** The field errors of a resolution (Reason, Note); undefined when it may be saved. */
export function alarmResolutionErrors(
  reason: string | undefined,
  note: string | undefined,
): FieldErrors | undefined {
  const errors: FieldErrors = {};
  if (reason === undefined || reason === '') errors['Reason'] = [ALARM_MESSAGES.reasonRequired];
  const text = note?.trim() ?? '';
  if (text.length > ALARM_NOTE_MAX_LENGTH) errors['Note'] = [ALARM_MESSAGES.noteTooLong];
  else if (reason === 'Other' && text === '') errors['Note'] = [ALARM_MESSAGES.noteRequiredForOther];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The field errors of a note added to the timeline; undefined when it may be saved. */
export function alarmNoteErrors(note: string | undefined): FieldErrors | undefined {
  const text = note?.trim() ?? '';
  if (text === '') return { Note: [ALARM_MESSAGES.noteRequired] };
  if (text.length > ALARM_NOTE_MAX_LENGTH) return { Note: [ALARM_MESSAGES.noteTooLong] };
  return undefined;
}

/**
 * The response clock: how long the alarm has waited for a person (until it was acknowledged, or
 * until now), and whether that broke its target.
 */
export function responseClock(
  alarm: { openedAt: string; acknowledgedAt: string | null; acknowledgeWithinSeconds: number },
  now: Date,
): { waitedSeconds: number; breached: boolean } {
  const end = alarm.acknowledgedAt === null ? now.getTime() : Date.parse(alarm.acknowledgedAt);
  const waitedSeconds = Math.max(0, Math.floor((end - Date.parse(alarm.openedAt)) / 1000));
  return { waitedSeconds, breached: waitedSeconds > alarm.acknowledgeWithinSeconds };
}
