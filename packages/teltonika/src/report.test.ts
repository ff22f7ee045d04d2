import { describe, expect, it } from 'vitest';
import { decodeAvlData } from './avl';
import type { AvlRecord } from './avl';
import { FMB_IO, reportFromRecord } from './report';
import { CODEC_8_EXTENDED, CODEC_8_FIRST, dataOf } from './test/documented-packets';

const at = new Date('2026-03-01T08:30:00.000Z');

function record(io: Record<number, bigint>, gps: Partial<AvlRecord> = {}): AvlRecord {
  return {
    timestamp: at,
    priority: 0,
    longitude: 28.0473051,
    latitude: -26.2041028,
    altitude: 1753,
    angle: 90,
    satellites: 9,
    speedKmh: 0,
    eventIoId: 0,
    io: new Map(Object.entries(io).map(([id, value]) => [Number(id), value])),
    ioVariable: new Map(),
    ...gps,
  };
}

describe("given the documentation's first Codec 8 record", () => {
  it('reports its time, the external voltage (IO 66) as the car battery and the GSM signal (IO 21), and no position', () => {
    const [first] = decodeAvlData(dataOf(CODEC_8_FIRST)).records;
    expect(reportFromRecord(first!)).toEqual({
      timestamp: '2019-06-10T10:04:46.000Z',
      carBatteryVolts: 24.079,
      gsmSignalBars: 3,
    });
  });
});

describe("given the documentation's Codec 8 Extended record", () => {
  it('reports its time only: no fix, and none of its IO elements is one the product reads', () => {
    const [first] = decodeAvlData(dataOf(CODEC_8_EXTENDED)).records;
    expect(reportFromRecord(first!)).toEqual({ timestamp: '2019-06-10T11:36:32.000Z' });
  });
});

describe('given a record with a fix and the FMB elements the product reads', () => {
  const report = reportFromRecord(
    record({
      [FMB_IO.ignition]: 1n,
      [FMB_IO.movement]: 0n,
      [FMB_IO.externalVoltage]: 12_650n,
      [FMB_IO.batteryVoltage]: 4_105n,
      [FMB_IO.batteryLevel]: 87n,
      [FMB_IO.gsmSignal]: 4n,
      [FMB_IO.digitalOutput1]: 1n,
      [FMB_IO.jamming]: 0n,
      [FMB_IO.unplug]: 0n,
    }),
  );

  it('reports each of them, and no tamper while all is normal', () => {
    expect(report).toEqual({
      timestamp: '2026-03-01T08:30:00.000Z',
      latitudeDegrees: -26.2041028,
      longitudeDegrees: 28.0473051,
      ignition: true,
      moving: false,
      carBatteryVolts: 12.65,
      deviceBatteryVolts: 4.105,
      deviceBatteryPercent: 87,
      gsmSignalBars: 4,
      locked: true,
    });
  });

  it('reads digital output 1 off as unlocked', () => {
    expect(reportFromRecord(record({ [FMB_IO.digitalOutput1]: 0n })).locked).toBe(false);
  });
});

describe('given a power cut', () => {
  it('reports a disconnected car battery when the external voltage drops below 6 V', () => {
    expect(reportFromRecord(record({ [FMB_IO.externalVoltage]: 5_999n })).tamper).toEqual({
      carBatteryState: 'Disconnected',
      gpsState: 'Normal',
    });
    expect(reportFromRecord(record({ [FMB_IO.externalVoltage]: 6_000n })).tamper).toBeUndefined();
  });

  it('reports a disconnected car battery when the device says it was unplugged (IO 252)', () => {
    const report = reportFromRecord(record({ [FMB_IO.unplug]: 1n, [FMB_IO.externalVoltage]: 12_400n }));
    expect(report.tamper).toEqual({ carBatteryState: 'Disconnected', gpsState: 'Normal' });
    expect(report.carBatteryVolts).toBe(12.4);
  });
});

describe('given jamming', () => {
  it('reports the GPS jammed when jamming starts (IO 249 = 1), and nothing when it stops', () => {
    expect(reportFromRecord(record({ [FMB_IO.jamming]: 1n })).tamper).toEqual({
      carBatteryState: 'Normal',
      gpsState: 'Jammed',
    });
    expect(reportFromRecord(record({ [FMB_IO.jamming]: 0n })).tamper).toBeUndefined();
  });

  it('reports both when jamming and a power cut come together', () => {
    expect(reportFromRecord(record({ [FMB_IO.jamming]: 1n, [FMB_IO.externalVoltage]: 0n })).tamper).toEqual({
      carBatteryState: 'Disconnected',
      gpsState: 'Jammed',
    });
  });
});

describe('given a record without a fix', () => {
  it('leaves the position out when it has no satellites and 0, 0', () => {
    const report = reportFromRecord(record({}, { satellites: 0, latitude: 0, longitude: 0 }));
    expect(report).toEqual({ timestamp: '2026-03-01T08:30:00.000Z' });
  });

  it('keeps a position at 0, 0 that satellites vouch for', () => {
    const report = reportFromRecord(record({}, { satellites: 5, latitude: 0, longitude: 0 }));
    expect(report).toMatchObject({ latitudeDegrees: 0, longitudeDegrees: 0 });
  });
});

describe('given values past what the contract takes', () => {
  it('clamps them into its ranges and drops flags that are neither 0 nor 1', () => {
    const report = reportFromRecord(
      record(
        {
          [FMB_IO.externalVoltage]: 65_535n,
          [FMB_IO.batteryVoltage]: 30_000n,
          [FMB_IO.batteryLevel]: 255n,
          [FMB_IO.gsmSignal]: 9n,
          [FMB_IO.ignition]: 2n,
        },
        { latitude: 91, longitude: 0 },
      ),
    );
    expect(report).toEqual({
      timestamp: '2026-03-01T08:30:00.000Z',
      carBatteryVolts: 40,
      deviceBatteryVolts: 10,
      deviceBatteryPercent: 100,
      gsmSignalBars: 5,
    });
  });

  it("rounds coordinates to the wire's 7 decimals", () => {
    const report = reportFromRecord(record({}, { latitude: -26.20410284999, longitude: 28.04730516 }));
    expect(report).toMatchObject({ latitudeDegrees: -26.2041028, longitudeDegrees: 28.0473052 });
  });
});
