import { describe, expect, it } from 'vitest';
import { simulatorEnabled } from '../../config';

describe('the SIMULATOR setting of the api process', () => {
  it('runs the simulator when it is not set, as the demo wants moving vehicles', () => {
    expect(simulatorEnabled({})).toBe(true);
    expect(simulatorEnabled({ SIMULATOR: ' ' })).toBe(true);
  });

  it.each(['off', 'OFF', 'false', '0', 'no'])('turns it off for %s', (value) => {
    expect(simulatorEnabled({ SIMULATOR: value })).toBe(false);
  });

  it.each(['on', 'true', '1', 'yes'])('keeps it on for %s', (value) => {
    expect(simulatorEnabled({ SIMULATOR: value })).toBe(true);
  });

  it('refuses a value that is neither', () => {
    expect(() => simulatorEnabled({ SIMULATOR: 'sometimes' })).toThrow(
      "SIMULATOR must be on or off; it is 'sometimes'.",
    );
  });
});
