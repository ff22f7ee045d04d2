/*
 * The burn-in bench's rules (spec part 2 §2, §5, §8, §9), shared by the bench screen and its tests.
 */
import type { BurnInUnitResult } from './contract/burn-in';

/** The bench's page title, in both apps that show it. */
export const BURN_IN_TITLE = 'Burn-in bench';

/** Results reload this often while 'Auto Refresh' is on. */
export const BURN_IN_AUTO_REFRESH_MS = 5000;
/** The bench's two layout breakpoints (px) and how long a resize settles before the layout follows. */
export const BURN_IN_NARROW_MAX_PX = 768;
export const BURN_IN_MEDIUM_MAX_PX = 1030;
export const BURN_IN_RESIZE_DEBOUNCE_MS = 250;
/** Device search starts at this many typed characters. */
export const BURN_IN_SEARCH_MIN_CHARS = 3;

/** Every alert of the bench, word for word. */
export const BURN_IN_MESSAGES = {
  getResultsFailed: 'Failed to get test results',
  getStationsFailed: 'Failed to get station list',
  startAllFailed: 'Failed to start tests',
  stopAllFailed: 'Failed to stop tests',
  startUnitFailed: 'Failed to start tests for device',
  stopUnitFailed: 'Failed to stop tests for device',
  retryFailedFailed: 'Failed to retry tests for device',
  retryTestFailed: 'Failed to retry test for device',
  addFailed: 'Failed to add device',
  removeFailed: 'Failed to remove device',
  allStarted: 'All tests started',
  allStopped: 'All tests stopped',
  unitStarted: 'All tests started for device',
  added: 'Device added successfully',
  removed: 'Device removed successfully',
  selectDevice: 'Please select a device',
  selectStation: 'Please select a station',
  noDevices: 'No devices added yet',
  noStations:
    'No stations were retrieved, please contact the Software Team or enter the station IDs manually below:',
} as const;

/** The default success alert of a one-test retry. */
export function retryingTestMessage(testType: string, serial: string): string {
  return `Retrying ${testType} test on unit ${serial}`;
}

/** Station ids typed by hand: comma separated, trimmed, empties dropped. */
export function parseStationIds(text: string): string[] {
  return text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

export interface BurnInCounts {
  total: number;
  inProgress: number;
  passed: number;
  failed: number;
}

/** The counters of one unit, or of every unit together. */
export function countTests(units: readonly Pick<BurnInUnitResult, 'results'>[]): BurnInCounts {
  const counts: BurnInCounts = { total: 0, inProgress: 0, passed: 0, failed: 0 };
  for (const unit of units) {
    for (const result of unit.results) {
      counts.total += 1;
      if (result.status === 'InProgress') counts.inProgress += 1;
      else if (result.status === 'Passed') counts.passed += 1;
      else if (result.status === 'Failed') counts.failed += 1;
    }
  }
  return counts;
}

/** A unit is Active while one of its tests runs or waits its turn. */
export function isUnitActive(unit: Pick<BurnInUnitResult, 'results'>): boolean {
  return unit.results.some((result) => result.status === 'InProgress' || result.status === 'Pending');
}

/** The serial the person typed matches one of the listed ones (case-insensitive): the one to use. */
export function matchSerial(typed: string, serials: readonly string[]): string | undefined {
  const wanted = typed.trim().toLowerCase();
  if (wanted === '') return undefined;
  return serials.find((serial) => serial.toLowerCase() === wanted);
}
