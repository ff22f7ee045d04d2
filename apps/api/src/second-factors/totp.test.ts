import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, matchTotp, totpCode } from './totp';

// RFC 6238 Appendix B: the SHA-1 rows, key '12345678901234567890' (ASCII), 8 digits, 30 s steps.
const RFC_KEY_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i seconds the code is %s', (seconds, code) => {
    expect(totpCode(RFC_KEY_BASE32, seconds * 1000, 8)).toBe(code);
  });

  it('accepts a code of the step before or after for clock drift, and names the step it matched', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(RFC_KEY_BASE32, totpCode(RFC_KEY_BASE32, now), now)).toBe(step);
    expect(matchTotp(RFC_KEY_BASE32, totpCode(RFC_KEY_BASE32, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_KEY_BASE32, totpCode(RFC_KEY_BASE32, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(RFC_KEY_BASE32, totpCode(RFC_KEY_BASE32, now - 90_000), now)).toBeUndefined();
    expect(matchTotp(RFC_KEY_BASE32, 'abcdef', now)).toBeUndefined();
  });

  it('keeps secrets encrypted and reads them back only with the same key', () => {
    const stored = encryptSecret(RFC_KEY_BASE32, 'key-one');
    expect(stored).not.toContain(RFC_KEY_BASE32);
    expect(decryptSecret(stored, 'key-one')).toBe(RFC_KEY_BASE32);
    expect(() => decryptSecret(stored, 'key-two')).toThrow();
  });
});
