import { describe, expect, it } from 'vitest';
import {
  ALARM_KIND_DEFAULTS,
  ALARM_KINDS,
  ALARM_MESSAGES,
  ALARM_NOTE_MAX_LENGTH,
  alarmNoteErrors,
  alarmResolutionErrors,
  isActiveAlarm,
  responseClock,
} from './alarms';

describe('alarmResolutionErrors', () => {
  it('asks for a reason', () => {
    expect(alarmResolutionErrors(undefined, undefined)).toEqual({ Reason: [ALARM_MESSAGES.reasonRequired] });
    expect(alarmResolutionErrors('', 'a note')).toEqual({ Reason: [ALARM_MESSAGES.reasonRequired] });
  });
  it('takes a reason with or without a note', () => {
    expect(alarmResolutionErrors('FalseAlarm', undefined)).toBeUndefined();
    expect(alarmResolutionErrors('VehicleRecovered', 'Found in Soweto')).toBeUndefined();
  });
  it("asks what happened when the reason is 'Other'", () => {
    expect(alarmResolutionErrors('Other', '   ')).toEqual({ Note: [ALARM_MESSAGES.noteRequiredForOther] });
    expect(alarmResolutionErrors('Other', 'Owner was testing the siren')).toBeUndefined();
  });
  it('refuses a note over the limit, counted after trimming', () => {
    const longest = 'x'.repeat(ALARM_NOTE_MAX_LENGTH);
    expect(alarmResolutionErrors('Test', `  ${longest}  `)).toBeUndefined();
    expect(alarmResolutionErrors('Test', `${longest}x`)).toEqual({ Note: [ALARM_MESSAGES.noteTooLong] });
  });
});

describe('alarmNoteErrors', () => {
  it('asks for words and refuses too many', () => {
    expect(alarmNoteErrors(' ')).toEqual({ Note: [ALARM_MESSAGES.noteRequired] });
    expect(alarmNoteErrors('Called the holder')).toBeUndefined();
    expect(alarmNoteErrors('x'.repeat(ALARM_NOTE_MAX_LENGTH + 1))).toEqual({
      Note: [ALARM_MESSAGES.noteTooLong],
    });
  });
});

describe('responseClock', () => {
  const openedAt = '2026-11-27T08:00:00.000Z';
  it('runs until someone acknowledges, and is breached past the target', () => {
    const open = { openedAt, acknowledgedAt: null, acknowledgeWithinSeconds: 60 };
    expect(responseClock(open, new Date('2026-11-27T08:01:00.000Z'))).toEqual({
      waitedSeconds: 60,
      breached: false,
    });
    expect(responseClock(open, new Date('2026-11-27T08:01:01.000Z'))).toEqual({
      waitedSeconds: 61,
      breached: true,
    });
  });
  it('stops when acknowledged', () => {
    const taken = { openedAt, acknowledgedAt: '2026-11-27T08:00:30.000Z', acknowledgeWithinSeconds: 60 };
    expect(responseClock(taken, new Date('2026-11-27T09:00:00.000Z'))).toEqual({
      waitedSeconds: 30,
      breached: false,
    });
  });
  it('never runs backwards when clocks disagree', () => {
    const open = { openedAt, acknowledgedAt: null, acknowledgeWithinSeconds: 60 };
    expect(responseClock(open, new Date('2026-11-27T07:59:00.000Z')).waitedSeconds).toBe(0);
  });
});

describe('the kinds', () => {
  it('each have a priority and a target, the most urgent the shortest', () => {
    for (const kind of ALARM_KINDS)
      expect(ALARM_KIND_DEFAULTS[kind].acknowledgeWithinSeconds).toBeGreaterThan(0);
    expect(ALARM_KIND_DEFAULTS.Tamper.priority).toBe(1);
    expect(ALARM_KIND_DEFAULTS.LowDeviceBattery.priority).toBe(3);
  });
  it('keep an alarm active until it is resolved', () => {
    expect(isActiveAlarm('Escalated')).toBe(true);
    expect(isActiveAlarm('Resolved')).toBe(false);
  });
});
