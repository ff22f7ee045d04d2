import { hash, verify } from '@node-rs/argon2';
import type { Options } from '@node-rs/argon2';

/*
 * argon2id with OWASP's baseline cost (19 MiB, 2 passes, 1 lane): memory-hard, so guessing
 * leaked hashes on GPUs is expensive, and about 30 ms per check here.
 */
// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read: 2 is Argon2id.
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let decoy: Promise<string> | undefined;

/**
 * True when the password matches the stored hash. With no hash (unknown user, or no password
 * created yet) it still spends the time of a real check, so response times do not reveal which
 * addresses have accounts.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy password that never matches');
    await verify(await decoy, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}
