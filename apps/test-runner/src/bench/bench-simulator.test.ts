import { describe, expect, it } from 'vitest';
import { BURN_IN_TEST_TYPES } from '@sentinel/domain';
import {
  COMMAND_FAILURE_REASON,
  createBenchSimulator,
  FAULT_NAMES,
  FAULTS,
  WEAK_RELAY_COMMAND_REASON,
} from './bench-simulator';
import { judge } from './tests';

const serials = Array.from({ length: 2000 }, (_, index) => `SNT-${String(200_000 + index).padStart(6, '0')}`);

describe('the bench simulator', () => {
  it('gives units off the line faults at realistic rates', () => {
    const simulator = createBenchSimulator({ seed: 3 });
    const faults = serials.map((serial) => simulator.faultsFor(serial));
    const faultyShare = faults.filter((list) => list.length > 0).length / serials.length;
    // 1 - the product of (1 - rate): about a third of the units have something a burn-in catches.
    const expected = 1 - FAULT_NAMES.reduce((sound, fault) => sound * (1 - FAULTS[fault].rate), 1);
    expect(faultyShare).toBeGreaterThan(expected - 0.05);
    expect(faultyShare).toBeLessThan(expected + 0.05);
    for (const fault of FAULT_NAMES) {
      const share = faults.filter((list) => list.includes(fault)).length / serials.length;
      expect(share).toBeGreaterThan(FAULTS[fault].rate / 2);
      expect(share).toBeLessThan(FAULTS[fault].rate * 2);
    }
  });

  it('replays the same faults and readings for the same seed', () => {
    const a = createBenchSimulator({ seed: 9 });
    const b = createBenchSimulator({ seed: 9 });
    expect(serials.slice(0, 50).map(a.faultsFor)).toEqual(serials.slice(0, 50).map(b.faultsFor));
    expect(a.report('SNT-1', [], 'GpsFix', 1)).toEqual(b.report('SNT-1', [], 'GpsFix', 1));
  });

  it('reports readings a sound unit passes every test with', () => {
    const simulator = createBenchSimulator();
    for (const serial of serials.slice(0, 100)) {
      for (const testType of BURN_IN_TEST_TYPES) {
        expect(judge(testType, simulator.report(serial, [], testType, 1))).toEqual({
          passed: true,
          failureReason: null,
        });
      }
    }
  });

  it('shows a bad part on every attempt', () => {
    const simulator = createBenchSimulator();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const verdict = judge(
        'DeviceBattery',
        simulator.report('SNT-2', ['flatDeviceBattery'], 'DeviceBattery', attempt),
      );
      expect(verdict.passed).toBe(false);
      expect(verdict.failureReason).toMatch(/^Device battery flat: \d %, at least 20 % needed$/);
    }
  });

  it('shows a unit indoors without a GPS fix on most attempts, not all', () => {
    const simulator = createBenchSimulator();
    const verdicts = Array.from({ length: 200 }, (_, attempt) =>
      judge('GpsFix', simulator.report('SNT-3', ['noGpsFixIndoors'], 'GpsFix', attempt)),
    );
    const failed = verdicts.filter((verdict) => !verdict.passed);
    expect(failed.length).toBeGreaterThan(120);
    expect(failed.length).toBeLessThan(190);
    expect(failed[0]!.failureReason).toMatch(/^No GPS fix: [0-2] satellites in view, 4 needed$/);
  });
});

describe('the tests judge what the unit reports', () => {
  it.each([
    [
      'FirmwareVersion',
      { firmware: { reported: '2.3.8' } },
      'Firmware 2.3.8 is older than the required 2.4.0',
    ],
    [
      'GsmRegistration',
      { network: { registered: false }, signal: { rssiDbm: -112 } },
      'Not registered on the GSM network (signal -112 dBm)',
    ],
    [
      'GsmRegistration',
      { network: { registered: true }, signal: { rssiDbm: -109 } },
      'GSM signal -109 dBm is weaker than -105 dBm',
    ],
    [
      'CarBatterySense',
      { carBattery: { measuredVolts: 13.4, referenceVolts: 12.6 } },
      'Car-battery sense reads 13.4 V on a 12.6 V supply (off by 0.80 V)',
    ],
    [
      'LockRelay',
      { relay: { coilCurrentMilliamps: 85, switchTimeMs: 200 } },
      'Lock relay slow: switched in 200 ms, at most 150 ms allowed',
    ],
    [
      'TamperSensor',
      { tamper: { triggered: true, cleared: false } },
      'Tamper sensor stuck: it did not clear after the trigger',
    ],
  ] as const)('fails %s with the reading in the reason', (testType, report, reason) => {
    expect(judge(testType, report)).toEqual({ passed: false, failureReason: reason });
  });

  it.each([
    [{ status: 'Pending' }, undefined, 'The unit did not fetch the Lock command within 30 s'],
    [{ status: 'Delivered' }, undefined, 'The unit fetched the Lock command but did not answer within 30 s'],
    [
      { status: 'Failed', reason: 'Jammed' },
      undefined,
      'The unit could not carry out the Lock command: Jammed',
    ],
    [{ status: 'NotSent', reason: 'No api' }, undefined, 'The Lock command could not be sent: No api'],
    [{ status: 'Confirmed' }, { status: 'Pending' }, 'The unit did not fetch the Unlock command within 30 s'],
  ])('fails a sound relay whose lock was %o and unlock %o through the channel', (lock, unlock, reason) => {
    const relay = { coilCurrentMilliamps: 85, switchTimeMs: 30 };
    expect(judge('LockRelay', { relay, channel: { lock, unlock, timeoutMs: 30_000 } })).toEqual({
      passed: false,
      failureReason: reason,
    });
  });

  it('passes a sound relay whose lock and unlock the unit confirmed', () => {
    const channel = { lock: { status: 'Confirmed' }, unlock: { status: 'Confirmed' }, timeoutMs: 30_000 };
    expect(
      judge('LockRelay', { relay: { coilCurrentMilliamps: 85, switchTimeMs: 30 }, channel }).passed,
    ).toBe(true);
  });

  it('passes newer firmware', () => {
    expect(judge('FirmwareVersion', { firmware: { reported: '2.10.0' } }).passed).toBe(true);
  });
});

describe("a unit's answers on its command channel", () => {
  const ids = Array.from({ length: 2000 }, (_, index) => index + 1);

  it('confirms with the lock state asked for, after a delay of a third of a second to a second', () => {
    const simulator = createBenchSimulator({ commandFailureRate: 0 });
    for (const id of ids.slice(0, 200)) {
      const lock = simulator.answer('SNT-4', [], 'Lock', id);
      expect(lock.ack).toEqual({ status: 'Confirmed', locked: true });
      expect(lock.delayMs).toBeGreaterThanOrEqual(300);
      expect(lock.delayMs).toBeLessThanOrEqual(1200);
      expect(simulator.answer('SNT-4', [], 'Unlock', id).ack).toEqual({ status: 'Confirmed', locked: false });
    }
  });

  it('fails about the set share of commands of a sound unit, leaving the lock as it was', () => {
    const simulator = createBenchSimulator({ commandFailureRate: 0.1 });
    const failed = ids
      .map((id) => simulator.answer('SNT-5', [], 'Unlock', id).ack)
      .filter((ack) => ack.status === 'Failed');
    expect(failed.length / ids.length).toBeGreaterThan(0.07);
    expect(failed.length / ids.length).toBeLessThan(0.13);
    expect(failed[0]).toEqual({ status: 'Failed', locked: true, reason: COMMAND_FAILURE_REASON });
  });

  it('fails every lock of a unit with a weak relay', () => {
    const simulator = createBenchSimulator({ commandFailureRate: 0 });
    for (const id of ids.slice(0, 100)) {
      expect(simulator.answer('SNT-6', ['weakLockRelay'], 'Lock', id).ack).toEqual({
        status: 'Failed',
        locked: false,
        reason: WEAK_RELAY_COMMAND_REASON,
      });
    }
  });

  it('keeps a unit with a weak GSM signal off the network on most runs, and a sound one never', () => {
    const simulator = createBenchSimulator();
    const runs = ids.slice(0, 400);
    const offline = runs.filter((run) => simulator.offline('SNT-7', ['weakGsmSignal'], run)).length;
    expect(offline / runs.length).toBeGreaterThan(0.6);
    expect(offline / runs.length).toBeLessThan(0.9);
    expect(runs.some((run) => simulator.offline('SNT-7', [], run))).toBe(false);
  });
});
