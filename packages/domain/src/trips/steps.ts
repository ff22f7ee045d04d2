/*
 * Long computations over a month of fixes come as generators that pause (yield) after about
 * STEP_WORK units of work, so a server can let other requests run between two steps while the
 * same code, run to the end at once, serves a screen or a test.
 */

/** Units of work (a distance, a fix summed) between two pauses: a few milliseconds. */
export const STEP_WORK = 20_000;

/** A computation that pauses now and then and returns T at the end. */
export type Steps<T> = Generator<undefined, T, undefined>;

/** Counts work and says when it is time to pause. */
export class WorkCounter {
  private done = 0;
  constructor(private readonly limit: number = STEP_WORK) {}

  /** True once the work since the last pause reaches the limit (and starts counting again). */
  add(units = 1): boolean {
    this.done += units;
    if (this.done < this.limit) return false;
    this.done = 0;
    return true;
  }
}

/** Runs a computation to its end without pausing. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
