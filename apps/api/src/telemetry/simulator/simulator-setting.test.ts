import { describe, expect, it } from 'vitest';
import { demoTrackers, serverBuildOptions, simulatorEnabled, simulatorOptions } from '../../config';

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

describe('the SIMULATOR_TICK_MS and SIMULATOR_MOVING_SHARE settings', () => {
  it('default to a round every 2 s with 60 % of the fleet driving', () => {
    expect(simulatorOptions({})).toEqual({ tickMs: 2_000, movingShare: 0.6 });
  });

  it('set the pace: 500 vehicles all driving at a round a second send 500 fixes a second', () => {
    expect(simulatorOptions({ SIMULATOR_TICK_MS: '1000', SIMULATOR_MOVING_SHARE: '1' })).toEqual({
      tickMs: 1_000,
      movingShare: 1,
    });
    expect(simulatorOptions({ SIMULATOR_MOVING_SHARE: '0' })).toMatchObject({ movingShare: 0 });
  });

  it('reach the simulator of start, and leave it out when SIMULATOR is off', () => {
    expect(serverBuildOptions({ SIMULATOR_TICK_MS: '500' }).simulator).toEqual({
      tickMs: 500,
      movingShare: 0.6,
    });
    expect(serverBuildOptions({ SIMULATOR: 'off', SIMULATOR_TICK_MS: '500' }).simulator).toBe(false);
  });

  it.each(['0', '9', '1.5', 'fast'])('refuse a tick of %s', (value) => {
    expect(() => simulatorOptions({ SIMULATOR_TICK_MS: value })).toThrow(
      `SIMULATOR_TICK_MS must be a whole number of at least 10; it is '${value}'.`,
    );
  });

  it.each(['-0.1', '1.01', 'most', 'NaN'])('refuse a moving share of %s', (value) => {
    expect(() => simulatorOptions({ SIMULATOR_MOVING_SHARE: value })).toThrow(
      `SIMULATOR_MOVING_SHARE must be a number from 0 to 1; it is '${value}'.`,
    );
  });
});

describe('the SIMULATOR_GATEWAY and SIMULATOR_TRACKERS settings', () => {
  it("send the Teltonika trackers to the device gateway's address", () => {
    expect(simulatorOptions({ SIMULATOR_GATEWAY: '127.0.0.1:5027' })).toEqual({
      tickMs: 2_000,
      movingShare: 0.6,
      gateway: { host: '127.0.0.1', port: 5027 },
    });
    expect(simulatorOptions({ SIMULATOR_GATEWAY: 'gateway.internal:15027' }).gateway).toEqual({
      host: 'gateway.internal',
      port: 15027,
    });
    expect(simulatorOptions({ SIMULATOR_GATEWAY: '[::1]:5027' }).gateway).toEqual({
      host: '::1',
      port: 5027,
    });
  });

  it.each(['5027', '127.0.0.1', '127.0.0.1:0', '127.0.0.1:70000', 'tcp://127.0.0.1:5027', '::1:5027'])(
    'refuse a gateway address of %s',
    (value) => {
      expect(() => simulatorOptions({ SIMULATOR_GATEWAY: value })).toThrow(
        `SIMULATOR_GATEWAY must be the device gateway's Teltonika address as host:port (e.g. 127.0.0.1:5027); it is '${value}'.`,
      );
    },
  );

  it('drive every vehicle with an IMEI through the gateway with teltonika, which needs the gateway', () => {
    expect(
      simulatorOptions({ SIMULATOR_GATEWAY: '127.0.0.1:5027', SIMULATOR_TRACKERS: 'teltonika' }),
    ).toMatchObject({ trackers: 'teltonika' });
    expect(simulatorOptions({ SIMULATOR_TRACKERS: 'Mixed' })).toMatchObject({ trackers: 'mixed' });
    expect(() => simulatorOptions({ SIMULATOR_TRACKERS: 'teltonika' })).toThrow(
      /^SIMULATOR_TRACKERS=teltonika needs SIMULATOR_GATEWAY/,
    );
    expect(() => simulatorOptions({ SIMULATOR_TRACKERS: 'all' })).toThrow(
      "SIMULATOR_TRACKERS must be mixed or teltonika; it is 'all'.",
    );
  });

  it('reach the simulator of start', () => {
    expect(serverBuildOptions({ SIMULATOR_GATEWAY: '127.0.0.1:5027' }).simulator).toMatchObject({
      gateway: { host: '127.0.0.1', port: 5027 },
    });
  });
});

describe('the DEMO_TRACKERS setting of the seed', () => {
  it('gives five devices IMEIs by default and every one with teltonika', () => {
    expect(demoTrackers({})).toBe('mixed');
    expect(demoTrackers({ DEMO_TRACKERS: 'TELTONIKA' })).toBe('teltonika');
    expect(() => demoTrackers({ DEMO_TRACKERS: 'some' })).toThrow(
      "DEMO_TRACKERS must be mixed or teltonika; it is 'some'.",
    );
  });
});
