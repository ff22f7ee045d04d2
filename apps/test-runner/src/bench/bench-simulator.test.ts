import { describe, expect, it } from 'vitest';
import { BURN_IN_TEST_TYPES } from '@sentinel/domain';
import { createBenchSimulator, FAULT_NAMES, FAULTS } from './bench-simulator';
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

  it('passes newer firmware', () => {
    expect(judge('FirmwareVersion', { firmware: { reported: '2.10.0' } }).passed).toBe(true);
  });
});
