/*
 * A bound on how many sign-ins check a password at once. Each check is an argon2 hash (about
 * 10 ms of a core and 12 MiB), so a flood of bad sign-ins would otherwise queue in libuv's thread
 * pool in front of everybody's. Here they wait in line instead, and a sign-in from an address the
 * account has signed in from before goes to the front: a flood from elsewhere cannot make a
 * returning user wait for more than the checks already running.
 */

/** Which line a sign-in waits in. */
export type SignInPriority = 'known' | 'other';

export interface SignInGateOptions {
  /** Checks at once. @default the machine's cores */
  concurrency: number;
  /** Sign-ins that may wait in each line; one more is refused at once. */
  maxWaiting: number;
}

export interface SignInGate {
  /**
   * Waits for a turn and resolves to the function that ends it, or to undefined when the line is
   * full (the caller answers at once rather than hold the request).
   */
  enter(priority: SignInPriority): Promise<(() => void) | undefined>;
  /** Checks running and sign-ins waiting, for tests and logs. */
  readonly load: { running: number; waiting: number };
}

export function createSignInGate(options: SignInGateOptions): SignInGate {
  let running = 0;
  const lines: Record<SignInPriority, (() => void)[]> = { known: [], other: [] };

  const next = () => {
    const wake = lines.known.shift() ?? lines.other.shift();
    if (wake) wake();
    else running -= 1;
  };

  const turn = (): (() => void) => {
    let ended = false;
    // Idempotent: an answer and an aborted request may both end the same turn.
    return () => {
      if (ended) return;
      ended = true;
      next();
    };
  };

  return {
    enter(priority) {
      if (running < options.concurrency) {
        running += 1;
        return Promise.resolve(turn());
      }
      const line = lines[priority];
      if (line.length >= options.maxWaiting) return Promise.resolve(undefined);
      // The finishing check hands its place straight to the woken one, so running stays the same.
      return new Promise((resolve) => line.push(() => resolve(turn())));
    },
    get load() {
      return { running, waiting: lines.known.length + lines.other.length };
    },
  };
}
