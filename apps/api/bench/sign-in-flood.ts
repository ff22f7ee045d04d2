/*
 * pnpm --filter @sentinel/api bench:sign-in-flood [flooders=60] [signInsPerUser=25] [--no-gate]
 *
 * How much a flood of bad sign-ins slows real users' sign-ins. The api listens on 127.0.0.1 in
 * this process (SQLite in memory, the production rate limits); requests carry X-Forwarded-For, as
 * they do behind the nginx of deploy/, so each party has its own address:
 *
 * - real users: the four demo users, each from their own address where they have signed in
 *   before, signing in one after another (all four at once), first alone, then during the flood;
 * - the flood: `flooders` concurrent loops of wrong passwords, each request from a fresh address,
 *   three in four for made-up accounts and one in four for the real users' own accounts.
 *
 * Every sign-in costs an argon2 check (about 10 ms of a core); what keeps real users fast is the
 * sign-in gate (src/auth/sign-in-gate.ts). --no-gate lifts its bound, to show the difference.
 */
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { build, DEMO_SIGN_INS } from '../src/index';

const args = process.argv.slice(2);
const numbers = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
const FLOODERS = numbers[0] ?? 60;
const SIGN_INS_PER_USER = numbers[1] ?? 25;
const NO_GATE = args.includes('--no-gate');

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

const app = await build({
  seed: true,
  ...(NO_GATE ? { authLimits: { signInConcurrency: 1_000_000, signInQueue: 1_000_000 } } : {}),
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });

function signIn(address: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
}

const users = DEMO_SIGN_INS.map((user, index) => ({ ...user, address: `10.0.0.${index + 1}` }));

/** Each user signs in `count` times in a row, the users side by side; the time of each sign-in. */
async function realSignIns(count: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    users.map(async (user) => {
      for (let index = 0; index < count; index += 1) {
        const started = performance.now();
        const response = await signIn(user.address, user.email, user.password);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${user.email} got ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

let floodAddress = 0;
const floodAnswers = new Map<number, number>();
let flooding = true;

async function flooder(): Promise<void> {
  while (flooding) {
    floodAddress += 1;
    const address = `10.${1 + ((floodAddress >> 16) & 0xff)}.${(floodAddress >> 8) & 0xff}.${floodAddress & 0xff}`;
    const target =
      floodAddress % 4 === 0
        ? users[(floodAddress / 4) % users.length]!.email
        : `nobody${floodAddress}@example.com`;
    const response = await signIn(address, target, 'a wrong password');
    await response.arrayBuffer();
    floodAnswers.set(response.status, (floodAnswers.get(response.status) ?? 0) + 1);
  }
}

try {
  // Warm up: every user signs in once from their address, which the api then knows.
  await realSignIns(1);
  const alone = await realSignIns(SIGN_INS_PER_USER);

  const floodStarted = performance.now();
  const flood = Array.from({ length: FLOODERS }, () => flooder());
  // Let the flood fill the line before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const during = await realSignIns(SIGN_INS_PER_USER);
  flooding = false;
  await Promise.all(flood);
  const floodSeconds = (performance.now() - floodStarted) / 1000;

  const row = (name: string, times: number[]) =>
    `| ${name.padEnd(26)} | ${String(times.length).padStart(9)} | ${percentile(times, 0.5).toFixed(1).padStart(7)} ms | ${percentile(times, 0.95).toFixed(1).padStart(7)} ms |`;
  console.log(
    `Real users' sign-ins, alone and during ${FLOODERS} concurrent bad sign-ins from other addresses ` +
      `(${availableParallelism()} cores, sign-in gate ${NO_GATE ? 'off' : 'on'})`,
  );
  console.log('| Real users                 | sign-ins  | p50        | p95        |');
  console.log('| -------------------------- | --------- | ---------- | ---------- |');
  console.log(row('alone', alone));
  console.log(row(`during the flood`, during));
  const total = [...floodAnswers.values()].reduce((sum, count) => sum + count, 0);
  const statuses = [...floodAnswers.entries()].map(([status, count]) => `${count} × ${status}`).join(', ');
  console.log(
    `\nslowdown: p50 ${(percentile(during, 0.5) / percentile(alone, 0.5)).toFixed(2)}x, ` +
      `p95 ${(percentile(during, 0.95) / percentile(alone, 0.95)).toFixed(2)}x`,
  );
  console.log(`flood: ${total} bad sign-ins in ${floodSeconds.toFixed(1)} s (${statuses})`);
} finally {
  await app.close();
}
