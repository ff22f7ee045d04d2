/*
 * pnpm --filter @sentinel/testing test:host
 *
 * One api test host for several test runs: npm test starts it before every package's tests and
 * hands its URL to them in SENTINEL_TEST_HOST_URL, so each run uses it (startTestHost) instead of
 * starting a host of its own. Prints `Sentinel shared test host listening on <url>` once it is
 * ready, and ends, with the host, when its standard input closes or on SIGINT or SIGTERM.
 */
import { startTestHost } from './test-host';

const host = await startTestHost();
let ending = false;
async function end(): Promise<void> {
  if (ending) return;
  ending = true;
  await host.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void end());
process.stdin.once('close', () => void end());
process.stdin.resume();
console.log(`Sentinel shared test host listening on ${host.url}`);
