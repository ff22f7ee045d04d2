/*
 * pnpm --filter @sentinel/api bench:import [rows=50000] [xlsx]
 * pnpm --filter @sentinel/api bench:import limits
 *
 * With `limits`: uploads files past the import's limits (the default IMPORT_* settings) and prints,
 * for each, the answer, how long it took and the process's peak memory (RSS) after it: a CSV of
 * 300,000 short rows and a workbook whose sheet unpacks to 1 GB. Each must be refused within a
 * second, without its rows or its unpacked sheet ever held in memory.
 *
 * Otherwise:
 * Previews and imports a generated file (CSV, or an Excel workbook with `xlsx`) of `rows` rows
 * (each a new account holder with a driver and a vehicle; 2 % with mistakes, 1 % repeating an
 * earlier row) into a seeded api on a SQLite file (or PostgreSQL when DATABASE_URL is set), while
 * another user, a Technical-Agent, keeps calling the client and vehicle lists. Prints how long the
 * preview and the run took, the lists' p50, p95 and p99 meanwhile, and the longest event-loop
 * stall of each phase. Requests go through app.inject, on the same event loop as the import, so
 * any starvation shows in the list timings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { IMPORT_FIELD_KEYS } from '@sentinel/domain';
import type { ImportJob } from '@sentinel/domain';
import type { FastifyInstance } from 'fastify';
import { build, DEMO_SIGN_INS } from '../src/index';
import { workbookBomb } from '../src/test-support/workbook-bomb';

const ROWS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 50_000);
const FORMAT = process.argv.slice(2).includes('xlsx') ? 'xlsx' : 'csv';
const LIMITS = process.argv.slice(2).includes('limits');
const log = (text: string) => process.stdout.write(`${text}\n`);

/** A distinct valid South African ID number per row: the birth date and sequence vary with i. */
function idNumber(i: number): string {
  const day = Math.floor(i / 10_000);
  const month = String(1 + (day % 12)).padStart(2, '0');
  const date = String(1 + (Math.floor(day / 12) % 28)).padStart(2, '0');
  return `85${month}${date}${String(i % 10_000).padStart(4, '0')}08${i % 10}`;
}

function fileOf(rows: number, vehicle: string): string {
  const lines = [IMPORT_FIELD_KEYS.join(',')];
  const records: string[] = [];
  for (let i = 1; i <= rows; i += 1) {
    if (i % 100 === 0 && records.length > 0) {
      records.push(records[records.length - 1]!);
      continue;
    }
    const n = String(i).padStart(6, '0');
    const bad = i % 50 === 0;
    records.push(
      [
        'Lindiwe',
        `Bench${n}`,
        bad ? `not-an-address-${n}` : `bench.holder.${n}@example.co.za`,
        `082${String(i).padStart(7, '0')}`,
        'Yes',
        idNumber(i),
        'Sizwe',
        `Driver${n}`,
        `bench.driver.${n}@example.co.za`,
        `083${String(i).padStart(7, '0')}`,
        'No',
        `P${n}`,
        vehicle,
        bad ? '1920' : '2021',
        `BN ${n} GP`,
        'White',
        '',
        '',
      ].join(','),
    );
  }
  return [...lines, ...records].join('\n');
}

/** The same rows as a workbook's first sheet (no value holds a comma). */
async function workbookOf(csv: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const line of csv.split('\n')) sheet.addRow(line.split(','));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return `n=${sorted.length}, p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(1)} ms`;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
/** The process's peak resident memory so far (maxRSS is in kilobytes). */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** Uploads each file past a limit and prints the answer, the time and the peak RSS after it. */
async function refusals(app: FastifyInstance, admin: string): Promise<void> {
  const files: [string, () => Promise<Buffer>][] = [
    ['limits.csv', async () => Buffer.from(`Holder.Email\n${'x\n'.repeat(300_000)}`, 'utf8')],
    ['limits.xlsx', () => workbookBomb(1024 * 1024 * 1024)],
  ];
  for (const [fileName, make] of files) {
    const file = await make();
    const content = file.toString('base64');
    const before = peakRss();
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/Imports',
      headers: { authorization: admin },
      payload: { fileName, content },
    });
    const ms = performance.now() - started;
    const answer = response.json<{ message?: string }>().message ?? '';
    log(
      `${fileName} (${megabytes(file.length)}): ${response.statusCode} '${answer}' in ${ms.toFixed(0)} ms; peak RSS ${megabytes(before)} before, ${megabytes(peakRss())} after`,
    );
  }
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'sentinel-bench-import-'));
  const databaseUrl = process.env.DATABASE_URL;
  const app = await build({
    seed: true,
    ...(databaseUrl ? { databaseUrl } : { databaseFile: join(folder, 'bench.db') }),
    // The refusals are measured at the default limits; a throughput run takes a file of ROWS rows.
    ...(LIMITS ? {} : { importLimits: { maxRows: ROWS } }),
  });
  try {
    const signIn = async (role: string) => {
      const demo = DEMO_SIGN_INS.find((item) => item.role === role)!;
      const response = await app.inject({
        method: 'POST',
        url: '/Auth/SignInByEmail',
        payload: { email: demo.email, password: demo.password },
      });
      return `Bearer ${response.json<{ accessToken: string }>().accessToken}`;
    };
    const admin = await signIn('Admin');
    if (LIMITS) {
      await refusals(app, admin);
      return;
    }
    const agent = await signIn('Technical-Agent');
    const type = await app.db
      .selectFrom('vehicleTypes')
      .select('makeVariant')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const csv = fileOf(ROWS, type.makeVariant);
    const file = FORMAT === 'xlsx' ? await workbookOf(csv) : Buffer.from(csv, 'utf8');
    log(
      `engine: ${databaseUrl ? 'PostgreSQL' : 'SQLite (file, WAL)'}; file: ${ROWS} rows, ${FORMAT}, ${(file.length / 1e6).toFixed(1)} MB`,
    );

    // Another user reading the lists, one call after another, the whole time.
    // In an object, so the reader's loop sees the phase change (a plain let would be narrowed).
    const run: { phase: 'preview' | 'import' | 'done' } = { phase: 'preview' };
    const timings = { preview: [] as number[], import: [] as number[] };
    const lists = [
      '/Vehicles?$pagesize=50',
      `/Users?$filter=${encodeURIComponent("role eq 'Account-Holder'")}&$pagesize=50`,
    ];
    const reader = (async () => {
      for (let call = 0; run.phase !== 'done'; call += 1) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: lists[call % 2]!,
          headers: { authorization: agent },
        });
        if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}`);
        // The phase may have moved on while the call was answered.
        const phase = run.phase as 'preview' | 'import' | 'done';
        if (phase !== 'done') timings[phase].push(performance.now() - started);
        await sleep(20);
      }
    })();

    // The longest the event loop was held at once, per phase: what any other call waited at worst.
    const stall = monitorEventLoopDelay({ resolution: 10 });
    stall.enable();
    const previewStarted = performance.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/Imports',
      headers: { authorization: admin },
      payload: { fileName: `bench.${FORMAT}`, content: file.toString('base64') },
    });
    if (uploaded.statusCode !== 200) throw new Error(uploaded.body);
    const previewSeconds = (performance.now() - previewStarted) / 1000;
    const job = uploaded.json<ImportJob>();
    const previewStall = stall.max / 1e6;
    stall.reset();
    log(`preview: ${previewSeconds.toFixed(1)} s — ${JSON.stringify(job.preview)}`);

    run.phase = 'import';
    const importStarted = performance.now();
    await app.inject({
      method: 'POST',
      url: `/Imports/${job.id}/Start`,
      headers: { authorization: admin },
      payload: { sendPasswordLinks: false },
    });
    let progress = job;
    do {
      await sleep(500);
      progress = (
        await app.inject({ method: 'GET', url: `/Imports/${job.id}`, headers: { authorization: admin } })
      ).json<ImportJob>();
    } while (progress.status === 'Running');
    const importSeconds = (performance.now() - importStarted) / 1000;
    stall.disable();
    const importStall = stall.max / 1e6;
    run.phase = 'done';
    await reader;
    log(
      `import: ${importSeconds.toFixed(1)} s (${(ROWS / importSeconds).toFixed(0)} rows/s) — ${progress.status} ${JSON.stringify(progress.result)}`,
    );
    log(`lists during the preview: ${percentiles(timings.preview)}`);
    log(`lists during the import:  ${percentiles(timings.import)}`);
    log(
      `longest event-loop stall: ${previewStall.toFixed(0)} ms in the preview, ${importStall.toFixed(0)} ms in the import`,
    );
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
