/*
 * pnpm --filter @sentinel/api run test:host   (or tsx on this file)
 *
 * The test host as a process: one per test run, shared by every test file of the run. Listens on
 * a free port of 127.0.0.1 and prints `Sentinel test host listening on <url>` once it is ready.
 * It ends on SIGINT or SIGTERM, or when its standard input is a pipe that closes (the process that
 * started it is gone), closing every instance.
 */
import { fstatSync } from 'node:fs';
import { build } from '../app';
import { buildTestHost } from './test-host';

// The first seeded api makes the seeded template every later one copies: made now, before the URL
// is printed, its seconds fall on the run's set-up rather than on the first test file's.
await (await build({ seed: true })).close();

const host = buildTestHost();
const url = await host.listen({ port: 0, host: '127.0.0.1' });

let ending = false;
async function end(): Promise<void> {
  if (ending) return;
  ending = true;
  await host.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void end());
const input = fstatSync(0);
if (input.isFIFO() || input.isSocket()) {
  process.stdin.once('close', () => void end());
  process.stdin.resume();
}
console.log(`Sentinel test host listening on ${url}`);
