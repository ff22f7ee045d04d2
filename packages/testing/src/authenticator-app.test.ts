import { describe, expect, it } from 'vitest';
import { authenticatorApp, totpAt } from './authenticator-app';

// RFC 6238 appendix B's SHA-1 key, '12345678901234567890' in base32.
const RFC_KEY = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totpAt', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])("gives RFC 6238's code at %i seconds (its last six digits)", (seconds, code) => {
    expect(totpAt(RFC_KEY, Math.floor(seconds / 30))).toBe(code);
  });
});

describe('given an authenticator app', () => {
  it('gives codes of later steps each time, and a wrong code unlike any of them', () => {
    const app = authenticatorApp(RFC_KEY);
    const codes = [app.nextCode(), app.nextCode()];
    expect(codes[0]).toMatch(/^\d{6}$/);
    expect(codes[1]).not.toBe(codes[0]);
    expect(codes).not.toContain(app.wrongCode());
  });
});
