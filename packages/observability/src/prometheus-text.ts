/*
 * Reading Prometheus' text exposition (format 0.0.4, what prom-client writes; prom-client has no
 * parser): for the tests and benches that scrape the servers' metrics ports and compare figures.
 */

/** One sample line: `name{label="value",...} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A label value as written, with the format's three escapes (\\, \", \n) undone. */
const unescapeLabel = (raw: string) =>
  raw.replace(/\\(.)/g, (_escape, char: string) => (char === 'n' ? '\n' : char));

/**
 * The samples of a text exposition. Comments (# HELP, # TYPE) are skipped; a timestamp after the
 * value is ignored; a line that is no sample throws, naming it.
 */
export function parsePrometheusText(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/.exec(line.trim());
      if (!match) throw new Error(`Not a Prometheus sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key!] = unescapeLabel(value!);
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples of this name whose labels include these (0 when there is none). */
export function sumSamples(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}
