/*
 * The benches' latency figures, declared once: nearest-rank percentiles, and a p50 / p95 / max
 * row of milliseconds.
 */

/** The nearest-rank percentile of sorted values (share 0.95 for p95); NaN when there are none. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** Milliseconds to one decimal, right-aligned in 8 characters; '-' for none. */
export const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1)).padStart(8);

/** p50, p95 and max of the values, as three columns of ms(). */
export function summary(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 0.5))}${ms(percentile(sorted, 0.95))}${ms(sorted.at(-1) ?? Number.NaN)}`;
}
