/*
 * What the benches that ask whether a request holds the api's event loop share: a second process
 * polling GET /health every 10 ms, and the summary of its latencies.
 */
import { spawn } from 'node:child_process';

/** Polls GET /health every 10 ms from another process until stopped; answers its latencies. */
export function pollHealth(url: string) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
      const latencies = [];
      let running = true;
      process.stdin.on('data', () => (running = false));
      while (running) {
        const started = performance.now();
        await fetch(${JSON.stringify(`${url}/health`)}).then((response) => response.arrayBuffer());
        latencies.push(performance.now() - started);
        await new Promise((done) => setTimeout(done, Math.max(0, 10 - (performance.now() - started))));
      }
      process.stdout.write(JSON.stringify(latencies));
      `,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<number[]>((done) =>
    child.on('close', () => done(JSON.parse(output) as number[])),
  );
  return {
    stop: () => {
      child.stdin.end('stop');
      return ended;
    },
  };
}

export function summary(latencies: readonly number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
