import { describe, expect, it } from 'vitest';
import { countTests, isUnitActive, matchSerial, parseStationIds, retryingTestMessage } from './burn-in-bench';
import type { BurnInTestResult } from './contract/burn-in';

const test = (status: BurnInTestResult['status']): BurnInTestResult => ({
  testType: 'GpsFix',
  status,
  startTime: null,
  endTime: null,
  failureReason: null,
  testData: {},
});

describe('parseStationIds', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(parseStationIds(' burn1, burn2 ,,burn3 , ')).toEqual(['burn1', 'burn2', 'burn3']);
  });
});

describe('countTests', () => {
  it('counts every test and those in progress, passed and failed across units', () => {
    const units = [
      { results: [test('Passed'), test('Failed'), test('InProgress')] },
      { results: [test('Pending'), test('Passed'), test('Stopped')] },
    ];
    expect(countTests(units)).toEqual({ total: 6, inProgress: 1, passed: 2, failed: 1 });
  });
});

describe('isUnitActive', () => {
  it('is active while a test runs or waits, inactive once all ended', () => {
    expect(isUnitActive({ results: [test('Passed'), test('Pending')] })).toBe(true);
    expect(isUnitActive({ results: [test('Passed'), test('Failed')] })).toBe(false);
    expect(isUnitActive({ results: [] })).toBe(false);
  });
});

describe('matchSerial', () => {
  it('finds the listed serial whatever the case, and nothing for a partial one', () => {
    expect(matchSerial(' snt-000127 ', ['SNT-000127', 'SNT-000128'])).toBe('SNT-000127');
    expect(matchSerial('SNT-0001', ['SNT-000127'])).toBeUndefined();
  });
});

describe('retryingTestMessage', () => {
  it('names the test and the unit', () => {
    expect(retryingTestMessage('GpsFix', 'SNT-000127')).toBe('Retrying GpsFix test on unit SNT-000127');
  });
});
