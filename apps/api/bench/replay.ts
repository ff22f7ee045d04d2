/*
 * pnpm --filter @sentinel/api bench:replay [runs=5]
 * pnpm --filter @sentinel/api bench:replay --month [runs=3]: /health while a 31-day replay of
 * 1.3 million fixes runs (see replay-month.ts).
 *
 * How fast a week of trip replay opens and plays. A vehicle reporting every 10 s for 7 days
 * (60,480 fixes: two commutes a day along Johannesburg's M1, parked with GPS jitter between) is
 * stored in an api on SQLite in this process. Then:
 * - the api: both replay calls for the week, timed from this process (median of the runs);
 * - the dashboard, built for production and served from a temporary folder, in Debian's Chromium
 *   (playwright-core, headless): an agent on the replay screen picks the week (Custom, Show); the
 *   figure runs from that click to the first frame painted with the route and the trips, so it
 *   holds both calls, their parsing and the first render (the screen's code is already loaded);
 * - playing the week at 64x for 10 s: the longest task the browser reports (Long Tasks API,
 *   which lists every task over 50 ms) and the longest gap between two animation frames.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { ROLE } from '@sentinel/domain';
import { insertPositionFixes } from '../src/replay/position-fixes';
import { addTrackedVehicle, signIn, startApi, stopApi } from '../src/live/test-support';
import { measureRoute, ROADS } from '../src/telemetry/simulator/roads';
import { monthBench } from './replay-month';

const MONTH = process.argv.includes('--month');
const RUNS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (MONTH ? 3 : 5));
const FROM_DATE = '2026-03-02';
const TO_DATE = '2026-03-08';
const FROM = '2026-03-01T22:00:00.000Z'; // midnight of FROM_DATE in Johannesburg
const TO = '2026-03-08T22:00:00.000Z';
const DASHBOARD = resolve(import.meta.dirname, '../../dashboard');

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A fix every 10 s for a week: 07:00 and 17:00 commutes on the M1, parked with jitter otherwise. */
function week(vehicleId: number) {
  const route = measureRoute(ROADS[2]!);
  const rows = [];
  const start = Date.parse(FROM);
  let along = 0;
  for (let i = 0; i < 7 * 8640; i += 1) {
    const time = start + i * 10_000;
    const hour = ((time - start) / 3_600_000) % 24;
    const driving = (hour >= 7 && hour < 7.4) || (hour >= 17 && hour < 17.4);
    if (driving) along = hour < 12 ? Math.min(route.lengthMetres, along + 220) : Math.max(0, along - 220);
    const place = route.at(along);
    const jitter = driving ? 0 : ((i * 7919) % 200) / 1e6 - 0.0001;
    rows.push({
      vehicleId,
      at: new Date(time).toISOString(),
      latitudeDegrees: place.latitudeDegrees + jitter,
      longitudeDegrees: place.longitudeDegrees - jitter,
    });
  }
  return rows;
}

/** The built dashboard from a folder, every unknown path answered with index.html. */
function serve(root: string) {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((request, response) => {
    const path = join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file =
      path.startsWith(root) && existsSync(path) && statSync(path).isFile() ? path : join(root, 'index.html');
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise<{ url: string; close: () => void }>((done) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

/** The week in the api and in the dashboard, as described above. */
async function weekBench(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'sentinel-replay-bench-'));
  console.log('Building the dashboard for production...');
  execFileSync('pnpm', ['exec', 'vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: DASHBOARD,
    stdio: 'inherit',
  });
  const site = await serve(outDir);
  const api = await startApi({ corsOrigins: [site.url] });
  writeFileSync(join(outDir, 'appsettings.json'), JSON.stringify({ baseURL: api.url, googleMapsApiKey: '' }));
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const vehicle = await addTrackedVehicle(api.app);
    const rows = week(vehicle.vehicleId);
    await insertPositionFixes(api.app.db, rows);
    console.log(`${rows.length} fixes stored for ${FROM_DATE} to ${TO_DATE} (a fix every 10 s).`);

    // The api alone.
    const { accessToken } = await signIn(api.url, ROLE.technicalAgent);
    const query = new URLSearchParams({ from: FROM, to: TO });
    const timed = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${api.url}${path}?${query}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const body = (await response.json()) as { totalCount?: number; trips?: unknown[] };
      return { ms: performance.now() - started, body };
    };
    const fixesMs: number[] = [];
    const tripsMs: number[] = [];
    let served = 0;
    let trips = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const fixes = await timed(`/Vehicles/${vehicle.vehicleId}/Replay/Fixes`);
      const answer = await timed(`/Vehicles/${vehicle.vehicleId}/Replay/Trips`);
      fixesMs.push(fixes.ms);
      tripsMs.push(answer.ms);
      served = fixes.body.totalCount ?? 0;
      trips = answer.body.trips?.length ?? 0;
    }

    // The dashboard in Chromium.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    const step = (what: string) => process.env['BENCH_DEBUG'] && console.log(what);
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill('agent@sentinel.demo');
    await page.getByLabel('Password').fill('Sentinel#Agent1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/agent\//);
    step('signed in');
    const openMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A day without fixes first, so the week is fetched (not cached) when picked.
      await page.goto(
        `${site.url}/agent/clients/${vehicle.ownerId}/vehicle/${vehicle.vehicleId}/replay?period=custom&from=2026-01-0${run + 1}&to=2026-01-0${run + 1}`,
      );
      await page.getByText('No fixes in this period').waitFor();
      step('empty day shown');
      await page.getByRole('button', { name: 'Custom' }).click();
      await page.getByLabel('From', { exact: true }).fill(FROM_DATE);
      await page.getByLabel('To', { exact: true }).fill(TO_DATE);
      const show = page.getByRole('button', { name: 'Show' });
      // In-page code goes as text: tsx's helpers (__name) do not exist in the page.
      await page.evaluate(`
        window.replayOpened = new Promise((resolveOpen) => {
          let clicked = 0;
          document.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (clicked === 0 || document.querySelector('[aria-label="Trips"] button') === null) return;
            observer.disconnect();
            // The next frame after the commit is the one painted with the replay.
            requestAnimationFrame(() => setTimeout(() => resolveOpen(performance.now() - clicked), 0));
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
        // Not the promise itself: evaluate would wait for it before the click.
        undefined;
      `);
      await show.click();
      step('show clicked');
      openMs.push(await page.evaluate<number>('window.replayOpened'));
    }

    // Playing the week at 64x for 10 s.
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('64x');
    const playing = await page.evaluate<{
      longTasks: number[];
      frames: number;
      longestGap: number;
      time: string | undefined;
    }>(`(async () => {
      const longTasks = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask' });
      let frames = 0;
      let longestGap = 0;
      let last = performance.now();
      let running = true;
      const frame = (now) => {
        longestGap = Math.max(longestGap, now - last);
        last = now;
        frames += 1;
        if (running) requestAnimationFrame(frame);
      };
      [...document.querySelectorAll('button')].find((button) => button.textContent === 'Play').click();
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(frame);
      });
      await new Promise((resolveWait) => setTimeout(resolveWait, 10000));
      running = false;
      observer.disconnect();
      return { longTasks, frames, longestGap, time: document.querySelector('[data-testid="replay-time"]')?.textContent };
    })()`);

    console.log('');
    console.log(
      `api, median of ${RUNS}: GET Replay/Fixes ${median(fixesMs).toFixed(0)} ms (${served} fixes served of ${rows.length}), GET Replay/Trips ${median(tripsMs).toFixed(0)} ms (${trips} trips)`,
    );
    console.log(
      `open a 7-day replay in Chromium (both calls + first render), median of ${RUNS}: ${median(openMs).toFixed(0)} ms (runs: ${openMs.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `playing at 64x for 10 s: ${playing.frames} frames, longest frame gap ${playing.longestGap.toFixed(0)} ms, ` +
        (playing.longTasks.length === 0
          ? 'no task over 50 ms'
          : `${playing.longTasks.length} tasks over 50 ms, longest ${Math.max(...playing.longTasks).toFixed(0)} ms`) +
        ` (marker reached ${playing.time ?? '?'})`,
    );
  } finally {
    await browser.close();
    await stopApi(api);
    site.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

await (MONTH ? monthBench(RUNS) : weekBench());
