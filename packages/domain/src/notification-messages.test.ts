import { describe, expect, it } from 'vitest';
import { ALARM_KINDS, ALARM_KIND_LABELS } from './alarms';
import {
  QUIET_HOURS_EXEMPT_KINDS,
  alarmEmail,
  alarmSmsText,
  firstAttemptAt,
  fitsOneSmsSegment,
  gsm7Length,
  ignoresQuietHours,
  messageRetryDelayMs,
  messageTimelineText,
  quietHoursEnd,
  staffPushPayload,
} from './notification-messages';

// 14:05 in Johannesburg (UTC+2).
const openedAt = new Date('2026-11-27T12:05:00Z');
const facts = { kind: 'Tamper' as const, registration: 'CA 123-456', openedAt, holderName: 'Thandiwe Nkosi' };

describe('alarmSmsText', () => {
  it("tells the holder the kind, their vehicle's registration and the Johannesburg time", () => {
    const text = alarmSmsText(facts, 'Holder');
    expect(text).toContain('Tamper alert');
    expect(text).toContain('your vehicle CA 123-456');
    expect(text).toContain('14:05 on 27 Nov');
    expect(fitsOneSmsSegment(text)).toBe(true);
  });

  it('tells a contact whose vehicle it is', () => {
    const text = alarmSmsText(facts, 'Contact');
    expect(text).toContain("Thandiwe Nkosi's vehicle CA 123-456");
    expect(fitsOneSmsSegment(text)).toBe(true);
  });

  it('fits one GSM-7 segment for every kind, with the longest name and registration', () => {
    const long = { ...facts, registration: 'X'.repeat(50), holderName: 'Nomvula '.repeat(12) };
    for (const kind of ALARM_KINDS) {
      for (const audience of ['Holder', 'Contact'] as const) {
        const text = alarmSmsText({ ...long, kind }, audience);
        expect(text).toContain(ALARM_KIND_LABELS[kind]);
        expect(gsm7Length(text)).toBeLessThanOrEqual(160);
      }
    }
  });
});

describe('gsm7Length', () => {
  it('counts the extension table twice and refuses what needs UCS-2', () => {
    expect(gsm7Length('abc')).toBe(3);
    expect(gsm7Length('a€')).toBe(3);
    expect(gsm7Length('it’s')).toBeUndefined();
    expect(fitsOneSmsSegment('’'.repeat(70))).toBe(true);
    expect(fitsOneSmsSegment('’'.repeat(71))).toBe(false);
  });
});

describe('alarmEmail', () => {
  it('greets the holder and names the vehicle, the kind and the time', () => {
    const email = alarmEmail(facts, 'Holder', 'Thandiwe Nkosi');
    expect(email.subject).toBe('Sentinel alert: Tamper alert on your vehicle CA 123-456');
    expect(email.body).toContain('Hello Thandiwe Nkosi,');
    expect(email.body).toContain('14:05 on Fri 27 Nov 2026 (Johannesburg time)');
  });

  it('tells a contact whose vehicle it is', () => {
    const email = alarmEmail(facts, 'Contact', 'Sipho Dlamini');
    expect(email.subject).toBe("Sentinel alert: Tamper alert on Thandiwe Nkosi's vehicle CA 123-456");
    expect(email.body).toContain('Hello Sipho Dlamini,');
    expect(email.body).toContain("Thandiwe Nkosi's emergency contacts");
  });
});

describe('staffPushPayload', () => {
  it('carries the title, body, alarm and its page', () => {
    expect(
      staffPushPayload({ ...facts, kind: 'Panic', alarmId: 7, url: 'https://x.example/alarms/7' }),
    ).toEqual({
      title: 'Panic button: CA 123-456',
      body: "High priority, Thandiwe Nkosi's vehicle, opened at 14:05.",
      alarmId: 7,
      url: 'https://x.example/alarms/7',
    });
  });
});

describe('messageRetryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    const retry = { baseSeconds: 2, maxSeconds: 300 };
    expect([1, 2, 3, 4].map((attempt) => messageRetryDelayMs(attempt, retry))).toEqual([
      2000, 4000, 8000, 16000,
    ]);
    expect(messageRetryDelayMs(20, retry)).toBe(300_000);
  });
});

describe('quiet hours', () => {
  const night = { from: '22:00', to: '06:00' };

  it('end at their end, across midnight', () => {
    // 23:30 and 02:00 Johannesburg time: both end at 06:00 on the 28th.
    expect(quietHoursEnd(night, new Date('2026-11-27T21:30:00Z'))).toEqual(new Date('2026-11-28T04:00:00Z'));
    expect(quietHoursEnd(night, new Date('2026-11-28T00:00:00Z'))).toEqual(new Date('2026-11-28T04:00:00Z'));
  });

  it('do not hold outside the window', () => {
    expect(quietHoursEnd(night, openedAt)).toBeUndefined();
    expect(quietHoursEnd({ from: '12:00', to: '13:00' }, openedAt)).toBeUndefined();
    expect(quietHoursEnd({ from: '14:00', to: '15:00' }, openedAt)).toEqual(new Date('2026-11-27T13:00:00Z'));
  });

  it('hold a low battery till morning but never a security alarm', () => {
    const late = new Date('2026-11-27T21:30:00Z');
    expect(firstAttemptAt('LowDeviceBattery', night, late)).toEqual(new Date('2026-11-28T04:00:00Z'));
    expect(firstAttemptAt('Tamper', night, late)).toEqual(late);
    expect(firstAttemptAt('LowDeviceBattery', null, late)).toEqual(late);
    expect(ignoresQuietHours('Panic')).toBe(true);
    expect(ignoresQuietHours('GpsLost')).toBe(false);
    expect(QUIET_HOURS_EXEMPT_KINDS).toEqual([
      'Tamper',
      'PowerCut',
      'GpsJammed',
      'ArmedMovement',
      'ArmedIgnition',
      'Panic',
    ]);
  });
});

describe('messageTimelineText', () => {
  const sms = { channel: 'sms' as const, recipientName: 'Thandiwe Nkosi' };
  it('words every state one way', () => {
    expect(messageTimelineText(sms, { state: 'queued' })).toBe('SMS to Thandiwe Nkosi: queued');
    expect(
      messageTimelineText(
        { channel: 'email', recipientName: 'Thandiwe Nkosi' },
        {
          state: 'queued',
          until: new Date('2026-11-28T04:00:00Z'),
        },
      ),
    ).toBe('E-mail to Thandiwe Nkosi: queued until 06:00 (quiet hours)');
    expect(messageTimelineText(sms, { state: 'sent' })).toBe('SMS to Thandiwe Nkosi: sent');
    expect(messageTimelineText(sms, { state: 'delivered' })).toBe('SMS to Thandiwe Nkosi: delivered');
    expect(messageTimelineText(sms, { state: 'retrying', attempt: 2, reason: 'provider answered 503' })).toBe(
      'SMS to Thandiwe Nkosi: retrying (attempt 2): provider answered 503',
    );
    expect(
      messageTimelineText({ channel: 'push', recipientName: 'Agent' }, { state: 'failed', reason: 'gone' }),
    ).toBe('Push to Agent: failed: gone');
  });
});
