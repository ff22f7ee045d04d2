/*
 * pnpm --filter @sentinel/api bench:access-request
 *
 * How long an access request's download takes and whether the api's memory stays flat while it
 * streams (issue 32: a year of fixes every 10 s in under 60 s). On a temporary SQLite file with the
 * demo seed, one account holder's vehicle gets a year of fixes every 10 s (3,153,600) and another
 * holder's a tenth of that (315,360), inserted in large transactions. An Admin asks for each
 * holder's data (every fix); then an api in a child process of its own serves the two downloads,
 * each fetched over HTTP to a file. For each: seconds from the request to the zip's last byte, the
 * zip's size, the api's resident memory just before (RSS, read from /proc every 100 ms) and its
 * peak during the download. The smaller holder's zip is opened and its fixes counted.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { unzipSync } from 'fflate';
import type { CreatedDataAccessRequest } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../src/index';

const YEAR_FIXES = 365 * 8640;
const SAMPLE_MS = 100;
const TARGET_SECONDS = 60;
/** The api's heap: Node's default, then capped at 160 MB (the api at rest uses about 60 MB of it). */
const API_HEAPS = [undefined, '160 MB'] as const;

/** The child: an api on the bench's database, printing its port. */
async function serve(databaseFile: string): Promise<void> {
  const app = await build({ databaseFile });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** A year of fixes every 10 s (or `count` of them) from 1 Jan 2025, wandering around Johannesburg. */
function insertFixes(file: string, vehicleId: number, count: number): void {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    'insert or ignore into position_fixes (vehicle_id, at, latitude_degrees, longitude_degrees) values (?, ?, ?, ?)',
  );
  const start = Date.UTC(2025, 0, 1);
  const batch = db.transaction((from: number, to: number) => {
    for (let index = from; index < to; index += 1) {
      const turn = index / 8640;
      insert.run(
        vehicleId,
        new Date(start + index * 10_000).toISOString(),
        -26.2 + 0.05 * Math.sin(turn * 6.283) + (index % 97) * 1e-6,
        28.04 + 0.05 * Math.cos(turn * 6.283) - (index % 89) * 1e-6,
      );
    }
  });
  for (let from = 0; from < count; from += 200_000) batch(from, Math.min(count, from + 200_000));
  db.close();
}

/** The process's resident memory in MB, from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

interface Figures {
  fixes: number;
  seconds: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

async function download(
  port: number,
  pid: number,
  token: string,
  file: string,
  fixes: number,
): Promise<Figures> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, SAMPLE_MS);
  const started = performance.now();
  const response = get(`http://127.0.0.1:${port}/DataAccessRequests/${token}/Download`);
  const [answer] = (await once(response, 'response')) as [IncomingMessage];
  if (answer.statusCode !== 200) throw new Error(`The download answered ${answer.statusCode}.`);
  await pipeline(answer, createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  return { fixes, seconds, bytes: statSync(file).size, rssBeforeMb, rssPeakMb };
}

/**
 * The two downloads from an api in a child process, its V8 heap left to Node's default (which
 * grows the heap while garbage is cheap to leave) or capped (`--max-old-space-size`): a capped api
 * that still streams a year of fixes shows the download holds no more than a page at a time.
 */
async function downloadsFrom(
  databaseFile: string,
  heap: string | undefined,
  folder: string,
  [largeToken, smallToken]: string[],
): Promise<Figures[]> {
  const flags = heap === undefined ? [] : [`--max-old-space-size=${Number.parseInt(heap, 10)}`];
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...flags, import.meta.filename, '--serve', databaseFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const { port } = JSON.parse(line.toString()) as { port: number };
    // A first answer, so the api's modules and reader threads are what they are at rest.
    await new Promise((resolve) => get(`http://127.0.0.1:${port}/health/live`, resolve));
    return [
      await download(port, child.pid!, smallToken!, join(folder, 'small.zip'), YEAR_FIXES / 10),
      await download(port, child.pid!, largeToken!, join(folder, 'large.zip'), YEAR_FIXES),
    ];
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'sentinel-access-request-'));
  const databaseFile = join(folder, 'sentinel.db');
  try {
    console.log(
      `Load average before: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
    const setUp = performance.now();
    const app = await build({ databaseFile, seed: true });
    const admin = DEMO_SIGN_INS.find((demo) => demo.role === 'Admin')!;
    const signIn = await app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      payload: { email: admin.email, password: admin.password },
    });
    const accessToken = signIn.json<{ accessToken: string }>().accessToken;
    // Two holders with a vehicle each: one gets a year of fixes, the other a tenth of it.
    const owned = await app.db
      .selectFrom('vehicles')
      .select(['vehicles.id', 'vehicles.userId'])
      .orderBy('vehicles.id')
      .execute();
    const [large, small] = [...new Map(owned.map((vehicle) => [vehicle.userId, vehicle])).values()];
    if (large === undefined || small === undefined)
      throw new Error('The seed has fewer than two holders with vehicles.');
    const tokens: string[] = [];
    for (const holder of [large, small]) {
      const created = await app.inject({
        method: 'POST',
        url: `/Users/${holder.userId}/DataAccessRequests`,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: {},
      });
      if (created.statusCode !== 201)
        throw new Error(`The request answered ${created.statusCode}: ${created.body}`);
      tokens.push(created.json<CreatedDataAccessRequest>().downloadUrl.split('/').at(-2)!);
    }
    await app.close();
    const inserting = performance.now();
    insertFixes(databaseFile, large.id, YEAR_FIXES);
    insertFixes(databaseFile, small.id, YEAR_FIXES / 10);
    console.log(
      `Set up in ${((performance.now() - setUp) / 1000).toFixed(1)} s ` +
        `(fixes inserted in ${((performance.now() - inserting) / 1000).toFixed(1)} s).`,
    );

    const runs: { heap: string; figures: Figures[] }[] = [];
    for (const heap of API_HEAPS) {
      runs.push({
        heap: heap ?? "Node's default",
        figures: await downloadsFrom(databaseFile, heap, folder, tokens),
      });
    }
    const zipped = unzipSync(new Uint8Array(readFileSync(join(folder, 'small.zip'))));
    const fixesFile = zipped[`vehicles/vehicle-${small.id}-position-fixes.csv`];
    const lines =
      fixesFile === undefined ? 0 : Buffer.from(fixesFile).toString('utf8').split('\r\n').length - 2;

    console.log('');
    console.log(
      '| Api heap limit | Holder | Fixes | Seconds | Zip | Api RSS before | Api RSS peak | Growth |',
    );
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { heap, figures } of runs) {
      for (const figure of figures) {
        console.log(
          `| ${heap} | ${figure.fixes === YEAR_FIXES ? 'a year every 10 s' : 'a tenth of that'} | ` +
            `${figure.fixes.toLocaleString('en-ZA')} | ${figure.seconds.toFixed(1)} | ` +
            `${(figure.bytes / 1_048_576).toFixed(1)} MB | ${figure.rssBeforeMb.toFixed(0)} MB | ` +
            `${figure.rssPeakMb.toFixed(0)} MB | ${(figure.rssPeakMb - figure.rssBeforeMb).toFixed(0)} MB |`,
        );
      }
    }
    console.log('');
    console.log(
      `The smaller zip holds ${lines.toLocaleString('en-ZA')} of its holder's fixes ` +
        `(${(YEAR_FIXES / 10).toLocaleString('en-ZA')} inserted, and the seed's recent ones).`,
    );
    console.log(
      `Load average after: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
    const slowest = Math.max(...runs.flatMap((run) => run.figures.map((figure) => figure.seconds)));
    console.log(
      slowest < TARGET_SECONDS
        ? `A year of fixes streamed in at most ${slowest.toFixed(1)} s: under the ${TARGET_SECONDS} s target.`
        : `A year of fixes took ${slowest.toFixed(1)} s: over the ${TARGET_SECONDS} s target.`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const serving = process.argv.indexOf('--serve');
if (serving !== -1) await serve(process.argv[serving + 1]!);
else await main();
