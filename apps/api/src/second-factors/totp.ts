/*
 * Authenticator apps (RFC 6238 through otplib): SHA-1, 6 digits, 30-second steps, a code of the
 * step before or after accepted for clock drift. The step a code matched is returned so the caller
 * can refuse the same step twice. Secrets are kept encrypted (AES-256-GCM) with a key derived from
 * the api's secret, so a copy of the table alone gives no codes.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';

export const TOTP_STEP_SECONDS = 30;
const options = { step: TOTP_STEP_SECONDS, digits: 6, window: 1 } as const;

/** A new shared secret, base32 (the manual key people type). */
export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  return authenticator.keyuri(account, issuer, secret);
}

/** The code of a base32 secret at a time (RFC 6238's TOTP); digits 6 unless told. */
export function totpCode(secret: string, atMs: number, digits = 6): string {
  return authenticator.clone({ ...options, digits, epoch: atMs }).generate(secret);
}

/** The 30-second step a code matches (this step, or one either side), or undefined. */
export function matchTotp(secret: string, code: string, nowMs = Date.now()): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = authenticator.clone({ ...options, epoch: nowMs }).checkDelta(token, secret);
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS) + delta;
}

function keyOf(secretKey: string): Buffer {
  return createHash('sha256').update(`totp-secrets:${secretKey}`).digest();
}

export function encryptSecret(secret: string, secretKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function decryptSecret(stored: string, secretKey: string): string {
  const [iv = '', tag = '', sealed = ''] = stored.split('.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
