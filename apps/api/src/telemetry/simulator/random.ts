/**
 * A small seeded generator (mulberry32): the same seed gives the same drive, so a test can
 * predict what the simulator does. Not for anything secret.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** True with this probability. */
  chance(probability: number): boolean;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** A whole number in [min, max]. */
  integer(min: number, max: number): number;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (probability) => next() < probability,
    between: (min, max) => min + next() * (max - min),
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}
