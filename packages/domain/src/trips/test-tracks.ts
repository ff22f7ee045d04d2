/*
 * Recorded-style tracks for the tests: a device reporting every few seconds along real roads,
 * with the GPS jitter of a parked car, a red light, and the late and repeated reports devices send.
 */
import type { RecordedFix } from './fixes';
import type { Position } from './geo';
import { distanceMetres } from './geo';

/** Johannesburg's M1 north from Newtown to Woodmead, waypoints at the interchanges. */
export const M1_NORTH: readonly Position[] = [
  { latitudeDegrees: -26.2005, longitudeDegrees: 28.03 },
  { latitudeDegrees: -26.19, longitudeDegrees: 28.032 },
  { latitudeDegrees: -26.165, longitudeDegrees: 28.045 },
  { latitudeDegrees: -26.132, longitudeDegrees: 28.055 },
  { latitudeDegrees: -26.1005, longitudeDegrees: 28.064 },
  { latitudeDegrees: -26.056, longitudeDegrees: 28.088 },
];

/** A small deterministic random, so a failing test fails the same way every time. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class TrackRecorder {
  readonly fixes: RecordedFix[] = [];
  private time: number;
  private readonly next: () => number;

  constructor(
    start: string,
    private readonly everySeconds: number,
    seed = 1,
  ) {
    this.time = Date.parse(start);
    this.next = random(seed);
  }

  get now(): string {
    return new Date(this.time).toISOString();
  }

  private record(position: Position): void {
    this.fixes.push({
      at: new Date(this.time).toISOString(),
      latitudeDegrees: Math.round(position.latitudeDegrees * 1e6) / 1e6,
      longitudeDegrees: Math.round(position.longitudeDegrees * 1e6) / 1e6,
    });
    this.time += this.everySeconds * 1000;
  }

  /** Drives the waypoints at a steady speed, a fix every everySeconds. */
  drive(waypoints: readonly Position[], kmh: number): void {
    const step = (kmh / 3.6) * this.everySeconds;
    for (let w = 1; w < waypoints.length; w += 1) {
      const from = waypoints[w - 1]!;
      const to = waypoints[w]!;
      const legs = Math.max(1, Math.round(distanceMetres(from, to) / step));
      for (let i = 0; i < legs; i += 1) {
        const share = i / legs;
        this.record({
          latitudeDegrees: from.latitudeDegrees + (to.latitudeDegrees - from.latitudeDegrees) * share,
          longitudeDegrees: from.longitudeDegrees + (to.longitudeDegrees - from.longitudeDegrees) * share,
        });
      }
    }
    this.record(waypoints.at(-1)!);
  }

  /** Stands still for a while, the fixes wandering up to jitterMetres as a parked receiver's do. */
  stay(at: Position, seconds: number, jitterMetres = 15): void {
    const count = Math.max(1, Math.round(seconds / this.everySeconds));
    for (let i = 0; i < count; i += 1) {
      const metres = () => (this.next() - 0.5) * 2 * jitterMetres * 0.7;
      this.record({
        latitudeDegrees: at.latitudeDegrees + metres() / 110_574,
        longitudeDegrees: at.longitudeDegrees + metres() / 100_000,
      });
    }
  }
}

/** The fixes as a server receives them: some sent late (out of order), some sent twice. */
export function asReceived(fixes: readonly RecordedFix[]): RecordedFix[] {
  const received = [...fixes];
  for (let i = 0; i + 5 < received.length; i += 37) {
    const late = received.splice(i, 1)[0]!;
    received.splice(i + 5, 0, late);
  }
  for (let i = 11; i < fixes.length; i += 53) received.push({ ...fixes[i]! });
  return received;
}
