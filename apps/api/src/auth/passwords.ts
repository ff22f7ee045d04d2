import { hash, verify } from '@node-rs/argon2';
import type { Options } from '@node-rs/argon2';

/*
 * argon2id at one of the costs OWASP's Password Storage Cheat Sheet lists as equal in defence
 * (12 MiB, 3 passes, 1 lane; its first listing is 19 MiB and 2 passes): memory-hard, so guessing
 * leaked hashes on GPUs is expensive. Here it takes about 10 ms of a core against 13-14 ms for 19 MiB
 * (allocating the memory is much of a check), which is what 20 staff signing in at once wait for.
 * A hash keeps its own parameters, so those made at the other cost still verify.
 */
// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read: 2 is Argon2id.
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 3, parallelism: 1 };

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
