import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are argon2id at 12 MiB and 3 passes, and verify only the password they were made from', async () => {
    const stored = await hashPassword('Correct-horse-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(await verifyPassword(stored, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(stored, 'correct-horse-1')).toBe(false);
  });

  it('still verify when made at the earlier cost (19 MiB, 2 passes), as each hash carries its own', async () => {
    const earlier = await hash('Correct-horse-1', {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(earlier).toMatch(/m=19456,t=2,p=1/);
    expect(await verifyPassword(earlier, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(earlier, 'Wrong-horse-1')).toBe(false);
  });

  it('refuse without a stored hash, or with a malformed one, rather than fail', async () => {
    expect(await verifyPassword(null, 'Correct-horse-1')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct-horse-1')).toBe(false);
  });
});
