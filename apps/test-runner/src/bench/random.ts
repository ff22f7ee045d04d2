/** A small seeded random stream (mulberry32), so a unit's behaviour can be replayed from its seed. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  chance(probability: number): boolean;
  between(min: number, max: number): number;
}

/** FNV-1a: turns a serial and a test's name into a 32-bit seed. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (probability) => next() < probability,
    between: (min, max) => min + next() * (max - min),
  };
}
