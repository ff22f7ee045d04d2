/*
 * pnpm --filter @sentinel/api bench:sign-in [concurrent=20] [rounds=5]
 *
 * Staff sign-in with and without the second factor, side by side in one run: `concurrent` staff
 * members sign in at once, `rounds` times, first with the password only (no factor enrolled),
 * then with the password and an authenticator-app code (POST /Auth/SignInByEmail, then
 * POST /Auth/SecondFactor/Totp at once): the time of each answer, and of both calls in a row. A person
 * types the code seconds after the password's answer; here the code goes at once, while the other
 * staff's passwords are still being checked, so its answer waits for the cores as it would at worst. The api listens on 127.0.0.1 in this
 * process (SQLite in memory, the production rate limits, MFA_REQUIRED off so each user's own
 * choice decides); each staff member calls from their own address, as behind the nginx of deploy/.
 * A code's step works once per user, so every round of the second kind signs in other users.
 */
import { performance } from 'node:perf_hooks';
import { build } from '../src/index';
import { hashPassword } from '../src/auth/passwords';
import { instant } from '../src/db/database';
import { encryptSecret, newTotpSecret, totpCode } from '../src/second-factors/totp';
import { insertUser } from '../src/users/user-queries';

const numbers = process.argv
  .slice(2)
  .filter((arg) => /^\d+$/.test(arg))
  .map(Number);
const CONCURRENT = numbers[0] ?? 20;
const ROUNDS = numbers[1] ?? 5;
const PASSWORD = 'Bench-sign-in-1';

const app = await build({ seed: false, secondFactors: { mfaRequired: false } });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const passwordHash = await hashPassword(PASSWORD);

interface Staff {
  email: string;
  address: string;
  secret?: string;
}

let made = 0;
async function staff(withTotp: boolean): Promise<Staff> {
  made += 1;
  const email = `bench-${made}@example.test`;
  const id = await insertUser(
    app.db,
    {
      firstName: 'Bench',
      lastName: `Staff ${made}`,
      email,
      phoneCode: '27',
      phoneNumber: `84${String(made).padStart(7, '0')}`,
      idNumber: null,
      idNumberIsSouthAfrican: true,
    },
    'Technical-Agent',
  );
  await app.db.updateTable('users').set({ passwordHash }).where('id', '=', id).execute();
  const address = `10.${Math.floor(made / 250)}.${made % 250}.1`;
  if (!withTotp) return { email, address };
  const secret = newTotpSecret();
  await app.db
    .insertInto('totpFactors')
    .values({
      userId: id,
      secret: encryptSecret(secret, app.secondFactorSettings.secretKey),
      createdAt: instant(),
      confirmedAt: instant(),
      lastUsedStep: null,
    })
    .execute();
  return { email, address, secret };
}

async function post(address: string, path: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** How long each answer took, and both calls together, of one sign-in (ms). */
interface Timing {
  password: number;
  code?: number;
  total: number;
}

async function signIn(user: Staff): Promise<Timing> {
  const started = performance.now();
  const first = await post(user.address, '/Auth/SignInByEmail', { email: user.email, password: PASSWORD });
  const password = performance.now() - started;
  if (user.secret !== undefined) {
    if (first['secondFactorRequired'] !== true) throw new Error('no second factor was asked for');
    const done = await post(user.address, '/Auth/SecondFactor/Totp', {
      challengeToken: first['challengeToken'],
      code: totpCode(user.secret, Date.now()),
    });
    if (typeof done['accessToken'] !== 'string') throw new Error('no access token');
    const total = performance.now() - started;
    return { password, code: total - password, total };
  }
  if (typeof first['accessToken'] !== 'string') throw new Error('no access token');
  return { password, total: password };
}

async function run(withTotp: boolean): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const users = await Promise.all(Array.from({ length: CONCURRENT }, () => staff(withTotp)));
    timings.push(...(await Promise.all(users.map(signIn))));
  }
  return timings;
}

const sorted = (times: number[]) => times.sort((a, b) => a - b);

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

// One warm-up round of each, not counted.
await Promise.all([staff(false), staff(true)].map(async (user) => signIn(await user)));
const passwordOnly = await run(false);
const withTotp = await run(true);
await app.close();

const row = (label: string, times: number[]) =>
  `${label.padEnd(24)} ${String(times.length).padStart(7)} ${[0.5, 0.95]
    .map((share) => percentile(times, share).toFixed(0).padStart(7))
    .join(' ')} ${times.at(-1)!.toFixed(0).padStart(7)}`;
console.log(`${CONCURRENT} staff signing in at once, ${ROUNDS} rounds (ms):`);
console.log(
  `${''.padEnd(24)} ${'sign-ins'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`,
);
console.log(row('password only', sorted(passwordOnly.map((timing) => timing.total))));
console.log(row('TOTP: password answer', sorted(withTotp.map((timing) => timing.password))));
console.log(row('TOTP: code answer', sorted(withTotp.map((timing) => timing.code ?? Number.NaN))));
console.log(row('TOTP: both in a row', sorted(withTotp.map((timing) => timing.total))));
