import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { isAccessTokenExpired, readExpiry } from './token-expiry';

const secret = new TextEncoder().encode('a-test-secret-of-sufficient-length!!');
const tokenExpiringAt = (exp: number) =>
  new SignJWT({ role: 'Admin' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(secret);

describe('isAccessTokenExpired', () => {
  it('is false before the exp second and true from it on', async () => {
    const token = await tokenExpiringAt(1_800_000_000);
    expect(isAccessTokenExpired(token, 1_799_999_999_000)).toBe(false);
    expect(isAccessTokenExpired(token, 1_800_000_000_000)).toBe(true);
  });
  it('treats a token within the leeway as expired', async () => {
    const token = await tokenExpiringAt(1_800_000_000);
    expect(isAccessTokenExpired(token, 1_799_999_990_000, 30)).toBe(true);
  });
  it('treats an unreadable token or one without exp as expired', () => {
    expect(isAccessTokenExpired('not-a-jwt')).toBe(true);
    expect(isAccessTokenExpired(new UnsecuredJWT({}).encode())).toBe(true);
    expect(readExpiry('not-a-jwt')).toBeUndefined();
  });
});
