/*
 * Arming: a vehicle its owner or staff have armed (by hand, or by its schedule's hours) raises a
 * high-priority alarm when it moves further than the drift from where it stood when armed, or when
 * its ignition comes on. The schedule's form rules, the hours it arms, and what a report breaches:
 * one place for the api's evaluation at ingestion, the SDK and the screens.
 */
import type { AlarmKind } from './alarms';
import type { ArmingSchedule } from './contract/arming';
import type { FieldErrors } from './messages';
import { distanceMetres } from './trips/geo';
import type { Position } from './trips/geo';

/**
 * How far an armed vehicle may seem to move before it counts as moved: a parked receiver's fixes
 * wander by tens of metres (the demo's parked jitter is 12 m), a car being driven away does not stop
 * within 150 m. A setting on the api (ARMING_DRIFT_METRES).
 */
export const DEFAULT_ARMING_DRIFT_METRES = 150;

/** The days of a schedule, Monday first, as the form shows them. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

export const ARMING_MESSAGES = {
  daysRequired: 'Choose at least one day.',
  timeInvalid: 'Enter a time as HH:MM, from 00:00 to 23:59.',
  sameTimes: 'The schedule must end at another time than it starts.',
  unknownDay: 'Choose days from Monday to Sunday.',
  armed: 'Armed',
  notArmed: 'Not armed',
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an HH:MM time; undefined when it is not one. */
export function minutesOfDay(time: string): number | undefined {
  const match = TIME.exec(time);
  return match === null ? undefined : Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The field errors of a schedule (Days, From, To); undefined when it may be saved. A schedule's
 * window runs from `from` to `to` (HH:MM, Johannesburg time) on each of its days; one whose end is
 * at or before its start runs past midnight (22:00 to 05:00 on Friday ends on Saturday morning).
 */
export function armingScheduleErrors(schedule: {
  days?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const days = schedule.days ?? [];
  if (days.length === 0) errors['Days'] = [ARMING_MESSAGES.daysRequired];
  else if (days.some((day) => !(WEEKDAYS as readonly string[]).includes(day))) {
    errors['Days'] = [ARMING_MESSAGES.unknownDay];
  }
  const from = minutesOfDay(schedule.from ?? '');
  const to = minutesOfDay(schedule.to ?? '');
  if (from === undefined) errors['From'] = [ARMING_MESSAGES.timeInvalid];
  if (to === undefined) errors['To'] = [ARMING_MESSAGES.timeInvalid];
  else if (from !== undefined && from === to) errors['To'] = [ARMING_MESSAGES.sameTimes];
  return Object.keys(errors).length === 0 ? undefined : errors;
}

/** South Africa keeps SAST (UTC+2) all year. */
const JOHANNESBURG_OFFSET_MS = 2 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The schedule's window that holds `at` (its start and end), or undefined outside every window.
 * A window that starts on a chosen day and runs past midnight holds the next morning too.
 */
export function scheduleWindowAt(schedule: ArmingSchedule, at: Date): { start: Date; end: Date } | undefined {
  const from = minutesOfDay(schedule.from);
  const to = minutesOfDay(schedule.to);
  if (from === undefined || to === undefined || from === to) return undefined;
  const wall = at.getTime() + JOHANNESBURG_OFFSET_MS;
  const today = Math.floor(wall / DAY_MS) * DAY_MS;
  // The window that started today, or the one that started yesterday and runs past midnight.
  for (const dayStart of [today, today - DAY_MS]) {
    // 1970-01-01 was a Thursday: Monday is index 0.
    const weekday = WEEKDAYS[(Math.floor(dayStart / DAY_MS) + 3) % 7]!;
    if (!schedule.days.includes(weekday)) continue;
    const start = dayStart + from * 60_000;
    const end = dayStart + (to > from ? to : to + 24 * 60) * 60_000;
    if (wall >= start && wall < end) {
      return {
        start: new Date(start - JOHANNESBURG_OFFSET_MS),
        end: new Date(end - JOHANNESBURG_OFFSET_MS),
      };
    }
  }
  return undefined;
}

/** What arms a vehicle: by hand since a moment, and its schedule. */
export interface ArmingState {
  /** When it was armed by hand; null when it is not. */
  armedSince: string | null;
  armingSchedule: ArmingSchedule | null;
  /**
   * Disarmed by hand inside a schedule's window: the schedule does not arm it again before this
   * moment (the window's end). Null when no window is set aside.
   */
  scheduleSuspendedUntil?: string | null | undefined;
}

/**
 * Since when the vehicle is armed at `at`, and whether by its schedule; undefined when it is not.
 * Armed by hand, it stays armed until disarmed, whatever the schedule says; disarmed by hand inside
 * a window, it stays disarmed until that window ends.
 */
export function armedAt(state: ArmingState, at: Date): { since: Date; bySchedule: boolean } | undefined {
  if (state.armedSince !== null && Date.parse(state.armedSince) <= at.getTime()) {
    return { since: new Date(state.armedSince), bySchedule: false };
  }
  if (state.armingSchedule === null) return undefined;
  const window = scheduleWindowAt(state.armingSchedule, at);
  if (window === undefined) return undefined;
  const suspendedUntil = state.scheduleSuspendedUntil ?? null;
  if (suspendedUntil !== null && at.getTime() < Date.parse(suspendedUntil)) return undefined;
  return { since: window.start, bySchedule: true };
}

/** The part of a report arming reads. */
export interface ArmedReading {
  position?: Position | undefined;
  ignition?: boolean | undefined;
}

/**
 * The alarms a report of an armed vehicle raises, with the timeline's words: moved further than the
 * drift from where it stood when armed (the anchor; without one nothing can have moved), and the
 * ignition on. Empty for a vehicle that stands still with its ignition off.
 */
export function armedBreaches(
  anchor: Position | null,
  reading: ArmedReading,
  driftMetres: number = DEFAULT_ARMING_DRIFT_METRES,
): { kind: AlarmKind; text: string }[] {
  const breaches: { kind: AlarmKind; text: string }[] = [];
  if (anchor !== null && reading.position !== undefined) {
    const moved = distanceMetres(anchor, reading.position);
    if (moved > driftMetres) {
      breaches.push({
        kind: 'ArmedMovement',
        text: `Moved ${Math.round(moved)} m from where it was armed`,
      });
    }
  }
  if (reading.ignition === true) breaches.push({ kind: 'ArmedIgnition', text: 'Ignition on while armed' });
  return breaches;
}
