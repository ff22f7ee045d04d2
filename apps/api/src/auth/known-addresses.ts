import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/*
 * The addresses each account has signed in from successfully. A sign-in from one of them is not
 * held back by the account's attempt limit and goes first in the sign-in gate, so an attacker
 * guessing a user's password from elsewhere cannot lock that user out (ASVS 5.0 V6.3: throttle,
 * never lock). Accounts are kept as a hash of the normalised e-mail.
 */
export interface KnownAddresses {
  has(account: string, address: string): Promise<boolean>;
  remember(account: string, address: string): Promise<void>;
}

const keyOf = (account: string, address: string) =>
  createHash('sha256').update(`${account.trim().toLowerCase()}\n${address}`).digest('base64url');

/** One instance's memory; the oldest pairs go first once `maxEntries` is reached. */
export function memoryKnownAddresses(ttlMs: number, maxEntries = 100_000): KnownAddresses {
  const until = new Map<string, number>();
  return {
    has(account, address) {
      const expires = until.get(keyOf(account, address));
      return Promise.resolve(expires !== undefined && expires > Date.now());
    },
    remember(account, address) {
      const key = keyOf(account, address);
      until.delete(key);
      if (until.size >= maxEntries) {
        const oldest = until.keys().next();
        if (oldest.done !== true) until.delete(oldest.value);
      }
      until.set(key, Date.now() + ttlMs);
      return Promise.resolve();
    },
  };
}

/** Shared by every api instance on the Redis of REDIS_URL. */
export function redisKnownAddresses(redis: Redis, ttlMs: number): KnownAddresses {
  const name = (account: string, address: string) => `sentinel:known-sign-in:${keyOf(account, address)}`;
  return {
    async has(account, address) {
      try {
        return (await redis.exists(name(account, address))) === 1;
      } catch {
        // Redis away: the account's limit applies to everyone until it is back.
        return false;
      }
    },
    async remember(account, address) {
      try {
        await redis.set(name(account, address), '1', 'PX', ttlMs);
      } catch {
        // Losing one remembered address only means the next sign-in counts against the limit.
      }
    },
  };
}
