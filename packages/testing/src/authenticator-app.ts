// An authenticator app for tests: RFC 6238 codes (HMAC-SHA-1, 6 digits, 30-second steps) from the
// base32 key the api hands out at enrolment, as the app on a person's phone computes them.
import { createHmac } from 'node:crypto';

const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(key: string): Buffer {
  let bits = '';
  for (const letter of key.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(letter);
    if (value < 0) throw new Error(`Not a base32 key: ${key}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The 6-digit code of a 30-second step since the epoch (RFC 4226's truncation over the step). */
export function totpAt(key: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** An authenticator app holding one key. */
export interface AuthenticatorApp {
  /** A code the api takes now, of a step after the last one given (the api refuses a step twice). */
  nextCode: () => string;
  /** Six digits that are no code of the steps the api takes now. */
  wrongCode: () => string;
}

/**
 * The app on someone's phone: each code is of a step after the last one used and within the one
 * step either side of now that the api accepts, so no test waits for the clock to move on.
 */
export function authenticatorApp(key: string): AuthenticatorApp {
  let lastStep = -Infinity;
  const now = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
  return {
    nextCode() {
      const current = now();
      const step = Math.max(lastStep + 1, current - 1);
      if (step > current + 1) throw new Error('Three codes used within a minute: the next is not valid yet.');
      lastStep = step;
      return totpAt(key, step);
    },
    wrongCode() {
      const current = now();
      const taken = new Set([-1, 0, 1].map((delta) => totpAt(key, current + delta)));
      return ['000000', '111111', '222222', '333333'].find((code) => !taken.has(code)) ?? '444444';
    },
  };
}
