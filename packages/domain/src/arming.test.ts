import { describe, expect, it } from 'vitest';
import {
  ARMING_MESSAGES,
  armedAt,
  armedBreaches,
  armingScheduleErrors,
  DEFAULT_ARMING_DRIFT_METRES,
  scheduleWindowAt,
} from './arming';
import type { ArmingSchedule } from './contract/arming';

// Johannesburg is UTC+2: 22:00 there is 20:00 UTC. 2026-11-27 is a Friday.
const nights: ArmingSchedule = { days: ['Fri'], from: '22:00', to: '05:00' };
const office: ArmingSchedule = { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], from: '08:30', to: '17:00' };

describe('armingScheduleErrors', () => {
  it('accepts a window past midnight', () => {
    expect(armingScheduleErrors(nights)).toBeUndefined();
  });

  it('names each field that is wrong', () => {
    expect(armingScheduleErrors({ days: [], from: '25:00', to: '7pm' })).toEqual({
      Days: [ARMING_MESSAGES.daysRequired],
      From: [ARMING_MESSAGES.timeInvalid],
      To: [ARMING_MESSAGES.timeInvalid],
    });
    expect(armingScheduleErrors({ days: ['Someday'], from: '22:00', to: '22:00' })).toEqual({
      Days: [ARMING_MESSAGES.unknownDay],
      To: [ARMING_MESSAGES.sameTimes],
    });
  });
});

describe('scheduleWindowAt', () => {
  it('holds a Friday night into Saturday morning, in Johannesburg time', () => {
    expect(scheduleWindowAt(nights, new Date('2026-11-27T19:59:00Z'))).toBeUndefined();
    const window = { start: new Date('2026-11-27T20:00:00Z'), end: new Date('2026-11-28T03:00:00Z') };
    expect(scheduleWindowAt(nights, new Date('2026-11-27T20:00:00Z'))).toEqual(window);
    expect(scheduleWindowAt(nights, new Date('2026-11-28T02:59:00Z'))).toEqual(window);
    expect(scheduleWindowAt(nights, new Date('2026-11-28T03:00:00Z'))).toBeUndefined();
    // Thursday night is not chosen.
    expect(scheduleWindowAt(nights, new Date('2026-11-26T23:00:00Z'))).toBeUndefined();
  });

  it('holds weekday office hours and not the weekend', () => {
    expect(scheduleWindowAt(office, new Date('2026-11-27T07:00:00Z'))?.start).toEqual(
      new Date('2026-11-27T06:30:00Z'),
    );
    expect(scheduleWindowAt(office, new Date('2026-11-28T07:00:00Z'))).toBeUndefined();
  });
});

describe('armedAt', () => {
  it('is armed by hand from the moment it was armed, whatever the schedule', () => {
    const state = { armedSince: '2026-11-27T10:00:00.000Z', armingSchedule: nights };
    expect(armedAt(state, new Date('2026-11-27T09:59:00Z'))).toBeUndefined();
    expect(armedAt(state, new Date('2026-11-27T12:00:00Z'))).toEqual({
      since: new Date('2026-11-27T10:00:00.000Z'),
      bySchedule: false,
    });
  });

  it('is armed by its schedule inside a window only', () => {
    const state = { armedSince: null, armingSchedule: nights };
    expect(armedAt(state, new Date('2026-11-27T21:00:00Z'))).toEqual({
      since: new Date('2026-11-27T20:00:00Z'),
      bySchedule: true,
    });
    expect(armedAt(state, new Date('2026-11-27T12:00:00Z'))).toBeUndefined();
    expect(armedAt({ armedSince: null, armingSchedule: null }, new Date())).toBeUndefined();
  });

  it('stays disarmed for the rest of a window it was disarmed in, and arms again in the next', () => {
    const state = {
      armedSince: null,
      armingSchedule: { ...nights, days: ['Thu', 'Fri'] as ArmingSchedule['days'] },
      scheduleSuspendedUntil: '2026-11-27T03:00:00.000Z',
    };
    expect(armedAt(state, new Date('2026-11-27T01:00:00Z'))).toBeUndefined();
    expect(armedAt(state, new Date('2026-11-27T21:00:00Z'))?.bySchedule).toBe(true);
  });
});

describe('armedBreaches', () => {
  const anchor = { latitudeDegrees: -26.2, longitudeDegrees: 28.05 };
  const north = (metres: number) => ({
    latitudeDegrees: anchor.latitudeDegrees + metres / 111_195,
    longitudeDegrees: anchor.longitudeDegrees,
  });

  it('lets a parked receiver wander within the drift', () => {
    expect(armedBreaches(anchor, { position: north(DEFAULT_ARMING_DRIFT_METRES - 10) })).toEqual([]);
  });

  it('raises a movement beyond the drift and an ignition on, each with its words', () => {
    expect(armedBreaches(anchor, { position: north(400), ignition: true })).toEqual([
      { kind: 'ArmedMovement', text: 'Moved 400 m from where it was armed' },
      { kind: 'ArmedIgnition', text: 'Ignition on while armed' },
    ]);
  });

  it('cannot tell a movement without a place it was armed at', () => {
    expect(armedBreaches(null, { position: north(5_000), ignition: false })).toEqual([]);
  });
});
