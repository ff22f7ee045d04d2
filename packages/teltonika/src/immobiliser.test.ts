import { describe, expect, it } from 'vitest';
import { immobiliserCommand, lockStateFromResponse } from './immobiliser';

describe('immobiliserCommand', () => {
  it('switches digital output 1 on to lock and off to unlock', () => {
    expect(immobiliserCommand(true)).toBe('setdigout 1');
    expect(immobiliserCommand(false)).toBe('setdigout 0');
  });
});

describe('lockStateFromResponse', () => {
  it("reads current firmware's answers (Teltonika's setdigout examples)", () => {
    expect(lockStateFromResponse('DOUT1:ON Timeout:INFINITY')).toBe(true);
    expect(lockStateFromResponse('DOUT1:OFF Timeout:INFINITY DOUT2:ON Timeout:20s')).toBe(false);
    expect(lockStateFromResponse('DOUT1:ON Timeout:INFINITY DOUT2:OFF Timeout:20s')).toBe(true);
  });

  it("reads earlier firmware's digits", () => {
    expect(lockStateFromResponse('DOUT1:1 Timeout:INFINITY')).toBe(true);
    expect(lockStateFromResponse('DOUT1:0 DOUT2:1')).toBe(false);
    expect(lockStateFromResponse('Digital Outputs are set to: 10')).toBe(true);
    expect(lockStateFromResponse('Digital Outputs are set to: 01')).toBe(false);
  });

  it('reads a refusal that names the state the output is already in', () => {
    expect(lockStateFromResponse('DOUT1 state already set to: 1 time_on_ms: 0 time_off_ms: 0')).toBe(true);
  });

  it('does not say when the answer does not', () => {
    expect(lockStateFromResponse('DOUT1:IGNORED')).toBeUndefined();
    expect(
      lockStateFromResponse('DOUT1:ON Timeout:10s Speed threshold:1km/h Speed is above threshold, queued'),
    ).toBeUndefined();
    expect(lockStateFromResponse('DOUT1:1 Timeout:15s IGN ON, QUEUED')).toBeUndefined();
    expect(lockStateFromResponse('DOUT1 Is disabled from CFG')).toBeUndefined();
    expect(lockStateFromResponse('DOUT1 ERROR')).toBeUndefined();
    expect(lockStateFromResponse('Bad syntax')).toBeUndefined();
    expect(lockStateFromResponse('DOUT2:ON Timeout:INFINITY')).toBeUndefined();
    expect(lockStateFromResponse('')).toBeUndefined();
  });
});
