/*
 * pnpm --filter @sentinel/device-gateway bench [--devices=10000] [--rates=1000,2000] [--duration=60]
 *   [--idle=10] [--parallel=200]
 *
 * One gateway instance under a fleet of Teltonika devices, three processes: the api (the test
 * host's real build() on a SQLite file, WAL, with the demo data plus `devices` account holders'
 * vehicles, each fitted with a tracker known by IMEI), the gateway (its own entry, bundled, as
 * `npm start` runs it, with a GATEWAY_KEY the api takes), and this process as the load generator.
 *
 * The generator opens `devices` TCP connections and sends each IMEI (`parallel` handshakes at a
 * time); the gateway's resident memory (VmRSS in /proc) before and after gives the memory per idle
 * connection. Then `idle` seconds with every connection held and nothing sent, and for each offered
 * rate `duration` seconds in which every device sends a one-record Codec 8 Extended packet once per
 * `devices / rate` seconds (1,000/s: every 10 s), spread evenly. The gateway acknowledges a packet
 * only after the api has committed its record, so a record's latency, from its write to the record
 * count read back, covers the gateway, the HTTP call and the commit. Printed per step: packets sent,
 * acknowledgements a second, latency p50 / p95 / p99 / max, errors and connections closed, the
 * CPU share and memory of the gateway and of the api, the generator's own CPU and event-loop delay,
 * and the load average.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startApi, startTestHost } from '@sentinel/testing';
import type { GatewayStats } from '../src/stats';
import { DeviceFleet, percentile } from './device-fleet';
import type { StepResult } from './device-fleet';
import { benchImei, seedFleet } from './fleet';
import { childPidsIn, cpuSeconds, residentBytes, startGatewayProcess } from './processes';

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

const DEVICES = Number(option('devices', '10000'));
const RATES = option('rates', '1000,2000').split(',').map(Number);
const DURATION = Number(option('duration', '60'));
const IDLE = Number(option('idle', '10'));
const PARALLEL = Number(option('parallel', '200'));
/** The goal of issue 29: p95 from record to acknowledgement under 200 ms at 1,000 records/s. */
const GOAL_RATE = 1000;
const GOAL_P95_MS = 200;
/** How often the generator's own event-loop delay is sampled. */
const LOOP_RESOLUTION_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => (Number.isNaN(value) ? '-' : `${value.toFixed(1)} ms`);
const load = () => loadavg()[0]!.toFixed(2);

interface Row {
  what: string;
  result: StepResult | undefined;
  seconds: number;
  errors: number;
  closes: number;
  gatewayCpu: number;
  gatewayRss: number;
  apiCpu: number;
  apiRss: number;
  generatorCpu: number;
  loopP99: number;
  loadAtStart: string;
  loadAtEnd: string;
}

/** CPU share of a process over a span, as a percentage of one core. */
function cpuMeter(pid: number) {
  const from = cpuSeconds(pid);
  const at = performance.now();
  return () => ((cpuSeconds(pid) - from) / ((performance.now() - at) / 1000)) * 100;
}

async function health(port: number): Promise<GatewayStats> {
  const response = await fetch(`http://127.0.0.1:${port}/health`);
  return (await response.json()) as GatewayStats;
}

const folder = await mkdtemp(join(tmpdir(), 'sentinel-gateway-bench-'));
const cleanups: (() => Promise<void> | void)[] = [() => rm(folder, { recursive: true, force: true })];
async function cleanUp() {
  // The test host's process does not hold this one open: something must, while it ends.
  const keepAlive = setInterval(() => {}, 1_000);
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
  clearInterval(keepAlive);
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
// Bounded whatever happens: the steps, their drains, and five minutes for starting and connecting.
const budgetMs = (IDLE + RATES.length * (DURATION + 15) + 300) * 1000;
setTimeout(() => {
  console.error(`The bench did not finish within ${budgetMs / 1000} s.`);
  void cleanUp().then(() => process.exit(2));
}, budgetMs).unref();

try {
  console.log(
    `Device gateway bench: ${DEVICES.toLocaleString('en-ZA')} devices, rates ${RATES.join(', ')}/s, ` +
      `${DURATION} s a step; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
  const startedAt = performance.now();
  const host = await startTestHost();
  cleanups.push(() => host.close());
  const apiPid = childPidsIn(fileURLToPath(new URL('../../api', import.meta.url)))[0];
  if (apiPid === undefined) throw new Error("The api's test host process was not found.");
  const databaseFile = join(folder, 'api.sqlite');
  const key = randomBytes(32).toString('base64url');
  const api = await startApi({ databaseFile, gatewayKey: key });
  cleanups.push(() => api.close());
  const imeis = await seedFleet(databaseFile, DEVICES);
  if (imeis[0] !== benchImei(0)) throw new Error('The fleet was not seeded in order.');
  const gateway = await startGatewayProcess({
    GATEWAY_API_URL: api.url,
    GATEWAY_KEY: key,
    GATEWAY_INSTANCE_ID: 'bench',
  });
  cleanups.push(() => gateway.stop());
  console.log(
    `Started the api (pid ${apiPid}) with ${DEVICES} fitted vehicles and the gateway (pid ${gateway.pid}) ` +
      `in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
  // The gateway's first calls (the key check, the first poll) are behind it.
  await sleep(1_000);
  const rssBefore = residentBytes(gateway.pid);

  const fleet = new DeviceFleet(gateway.teltonikaPort);
  cleanups.push(() => fleet.close());
  const connectFrom = performance.now();
  const accepted = await fleet.connectAll(imeis, PARALLEL);
  const connectSeconds = (performance.now() - connectFrom) / 1000;
  if (accepted < DEVICES) console.log(`Only ${accepted} of ${DEVICES} handshakes were accepted.`);
  // Every device online in the gateway, and its command poll restarted with all of them.
  for (let tries = 0; (await health(gateway.osmandPort)).devicesOnline < accepted && tries < 100; tries++) {
    await sleep(100);
  }
  await sleep(2_000);
  const rssIdle = residentBytes(gateway.pid);
  console.log(
    `${accepted.toLocaleString('en-ZA')} devices connected and accepted in ${connectSeconds.toFixed(1)} s ` +
      `(${Math.round(accepted / connectSeconds)} handshakes/s, each checked with the api)`,
  );
  console.log(
    `Gateway memory (VmRSS): ${mb(rssBefore)} before, ${mb(rssIdle)} with ${accepted.toLocaleString('en-ZA')} ` +
      `idle connections: ${((rssIdle - rssBefore) / accepted / 1024).toFixed(1)} KB per idle connection`,
  );

  const rows: Row[] = [];
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const measure = async (what: string, work: () => Promise<StepResult | undefined>, seconds: number) => {
    const before = await health(gateway.osmandPort);
    const errorsBefore = Object.values(fleet.errors).reduce((sum, count) => sum + count, 0);
    const loadAtStart = load();
    const gatewayCpu = cpuMeter(gateway.pid);
    const apiCpu = cpuMeter(apiPid);
    const generatorCpu = cpuMeter(process.pid);
    loop.reset();
    const result = await work();
    const after = await health(gateway.osmandPort);
    const closesOf = (stats: GatewayStats) => Object.values(stats.closes).reduce((sum, n) => sum + n, 0);
    rows.push({
      what,
      result,
      seconds,
      errors: Object.values(fleet.errors).reduce((sum, count) => sum + count, 0) - errorsBefore,
      closes: closesOf(after) - closesOf(before),
      gatewayCpu: gatewayCpu(),
      gatewayRss: residentBytes(gateway.pid),
      apiCpu: apiCpu(),
      apiRss: residentBytes(apiPid),
      generatorCpu: generatorCpu(),
      // The histogram holds each timer's whole wait: its delay is what came on top.
      loopP99: loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS,
      loadAtStart,
      loadAtEnd: load(),
    });
    const row = rows.at(-1)!;
    console.log(
      `  ${what}: ${result ? `${result.acknowledged} of ${result.sent} acknowledged, p95 ${ms(percentile(result.latencies, 0.95))}, ` : ''}` +
        `gateway CPU ${row.gatewayCpu.toFixed(0)} %, api CPU ${row.apiCpu.toFixed(0)} %, ` +
        `generator CPU ${row.generatorCpu.toFixed(0)} %, load ${row.loadAtEnd}`,
    );
  };

  await measure(
    'idle connections only',
    async () => {
      await sleep(IDLE * 1000);
      return undefined;
    },
    IDLE,
  );
  for (const rate of RATES) {
    await measure(
      `${rate.toLocaleString('en-ZA')} records/s (each device every ${(accepted / rate).toFixed(0)} s)`,
      () => fleet.run({ rate, seconds: DURATION }),
      DURATION,
    );
  }
  loop.disable();
  const stats = await health(gateway.osmandPort);

  console.log('');
  console.log(
    '| Step | Sent | Acks/s | Record → ack p50 / p95 / p99 / max | Unacknowledged | Errors, closes | Gateway CPU, RSS | Api CPU, RSS | Generator CPU, loop delay p99 | Load avg (start → end) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const { result } = row;
    const latency = result
      ? [0.5, 0.95, 0.99, 1].map((share) => percentile(result.latencies, share).toFixed(1)).join(' / ') +
        ' ms'
      : '-';
    console.log(
      `| ${row.what}, ${row.seconds} s | ${result ? result.sent.toLocaleString('en-ZA') : '-'} | ` +
        `${result ? Math.round(result.ackRate).toLocaleString('en-ZA') : '-'} | ${latency} | ` +
        `${result ? result.unacknowledged.toLocaleString('en-ZA') : '-'} | ` +
        `${row.errors}, ${row.closes} | ${row.gatewayCpu.toFixed(0)} %, ${mb(row.gatewayRss)} | ` +
        `${row.apiCpu.toFixed(0)} %, ${mb(row.apiRss)} | ${row.generatorCpu.toFixed(0)} %, ${row.loopP99.toFixed(1)} ms | ${row.loadAtStart} → ${row.loadAtEnd} |`,
    );
  }
  console.log('');
  console.log(
    `Gateway totals: ${stats.records.toLocaleString('en-ZA')} records stored, ${stats.acknowledgements.toLocaleString('en-ZA')} acknowledgements, ` +
      `${stats.devicesOnline.toLocaleString('en-ZA')} devices online, closes ${JSON.stringify(
        Object.fromEntries(Object.entries(stats.closes).filter(([, count]) => count > 0)),
      )}; generator errors ${JSON.stringify(fleet.errors)}`,
  );
  const goal = rows.find((row) => row.result && row.what.startsWith(GOAL_RATE.toLocaleString('en-ZA')));
  if (goal?.result) {
    const p95 = percentile(goal.result.latencies, 0.95);
    const met =
      accepted === DEVICES && p95 < GOAL_P95_MS && goal.errors === 0 && goal.result.unacknowledged === 0;
    console.log(
      `Goal (${DEVICES.toLocaleString('en-ZA')} connections, ${GOAL_RATE}/s, every record committed before its acknowledgement, p95 < ${GOAL_P95_MS} ms): ` +
        `${met ? 'met' : 'not met'} (p95 ${ms(p95)}, ${goal.errors} errors, ${goal.result.unacknowledged} unacknowledged)`,
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
