// An authenticator app for the browser tests: RFC 6238 codes (HMAC-SHA-1, 6 digits, 30-second
// steps) from the key the dashboard shows, each step used once, as the api refuses a step twice.
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

/** The 6-digit code of a step (RFC 4226's dynamic truncation over the step counter). */
export function totpAt(key: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * The app on someone's phone: each code is of a step after the last one used and within the one
 * step either side of now that the api accepts, so no test waits for the clock to move on.
 */
export function authenticatorApp(key: string): { nextCode: () => string } {
  let lastStep = -Infinity;
  return {
    nextCode() {
      const now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
      const step = Math.max(lastStep + 1, now - 1);
      if (step > now + 1) throw new Error('Three codes used within a minute: the next is not valid yet.');
      lastStep = step;
      return totpAt(key, step);
    },
  };
}
