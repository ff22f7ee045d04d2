/*
 * pnpm --filter @sentinel/api bench:notifications [--alarms=1000] [--seconds=60] [--probes=30]
 *   [--provider-ms=0]
 *
 * Telling the holder, under load, on the api in its own process on a SQLite file (WAL), as
 * bench:alarms runs it, with the outbox worker's default settings.
 *
 * (a) `alarms` vehicles each send one tamper report, spread evenly over `seconds` (open loop: a
 *     report does not wait for the one before). Each opens an alarm whose holder is told by SMS and
 *     e-mail through the outbox. For each alarm, from the report's POST being sent (and from the
 *     alarm's opening, when its messages were queued) to the holder's first message taken by the
 *     provider (sent_at): the development outbox by default; --provider-ms makes each send wait
 *     that long first, as a real gateway's HTTP call would.
 * (b) The time from a tamper report's POST to the AlarmChangedMessage reaching an official SignalR
 *     client signed in as the Admin (as bench:alarms measures it), for `probes` reports one at a
 *     time: with nothing else going on; spread over a minute of the same alarm load on vehicles
 *     whose holders chose to be told nothing (the alarms alone); and spread over the minute of (a)
 *     (the alarms and the telling of their holders).
 *
 * Both print side by side; percentiles are nearest-rank.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { instant } from '../src/db/database';
import { LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import type { AlarmChangedMessage } from '@sentinel/domain';
import {
  addTrackedVehicle,
  hubConnection,
  nextMessage,
  postTelemetry,
  signIn,
  startApi,
} from '../src/live/test-support';
import type { TrackedVehicle } from '../src/live/test-support';
import { outboxMessageSender } from '../src/providers/messages';
import type { MessageSender } from '../src/providers/messages';
import { summary } from './latency-figures';

type ApiReady = {
  url: string;
  /** The load whose holders are told, and one whose holders chose to be told nothing. */
  load: TrackedVehicle[];
  untold: TrackedVehicle[];
  /** The probes of each of the three rows of (b). */
  quiet: TrackedVehicle[];
  beside: TrackedVehicle[];
  busy: TrackedVehicle[];
};
/** One alarm of a load vehicle: when it opened and its holder's messages were queued, and when the first was sent. */
type HolderFigure = { vehicleId: number; queuedAt: string; firstSentAt: string | null };
type ApiCommand = { figures: number[] } | { stop: true };

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const pause = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

// ---- The api, in its own process -------------------------------------------------------------

async function runApi(): Promise<void> {
  const at = process.argv.indexOf('--api');
  const [loadCount, probeCount, providerMs] = process.argv.slice(at + 1, at + 4).map(Number) as [
    number,
    number,
    number,
  ];
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-notifications-'));
  // The development outbox, after the gateway's own time when --provider-ms asks for one.
  const late: { outbox?: MessageSender } = {};
  const provider: MessageSender = {
    async sendSms(message) {
      if (providerMs > 0) await pause(providerMs);
      return late.outbox!.sendSms(message);
    },
    async sendEmail(message) {
      if (providerMs > 0) await pause(providerMs);
      return late.outbox!.sendEmail(message);
    },
  };
  const api = await startApi({ databaseFile: join(dir, 'api.sqlite'), messageSender: provider });
  late.outbox = outboxMessageSender(api.app.db);
  const add = async (count: number) => {
    const vehicles: TrackedVehicle[] = [];
    for (let index = 0; index < count; index += 1) vehicles.push(await addTrackedVehicle(api.app));
    return vehicles;
  };
  const ready: ApiReady = {
    url: api.url,
    load: await add(loadCount),
    untold: await add(loadCount),
    quiet: await add(probeCount),
    beside: await add(probeCount),
    busy: await add(probeCount),
  };
  await api.app.db
    .insertInto('notificationPreferences')
    .values(
      ready.untold.map((vehicle) => ({
        holderUserId: vehicle.ownerId,
        kinds: '[]',
        channels: '["sms","email"]',
        updatedAt: instant(),
      })),
    )
    .execute();
  process.on('message', (command: ApiCommand) => {
    void (async () => {
      if ('stop' in command) {
        await api.app.close();
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      }
      const figures: HolderFigure[] = await api.app.db
        .selectFrom('alarms')
        .innerJoin('notifications', 'notifications.alarmId', 'alarms.id')
        .select((eb) => [
          'alarms.vehicleId',
          eb.fn.min('notifications.createdAt').as('queuedAt'),
          eb.fn.min('notifications.sentAt').as('firstSentAt'),
        ])
        .where('alarms.vehicleId', 'in', command.figures)
        .where('notifications.audience', '=', 'Holder')
        .groupBy(['alarms.id', 'alarms.vehicleId'])
        .execute();
      const states = await api.app.db
        .selectFrom('notifications')
        .select(['state', sql<number>`count(*)`.as('count')])
        .groupBy('state')
        .execute();
      process.send?.({ figures, states });
    })();
  });
  process.send?.(ready);
}

// ---- The load and the listener -----------------------------------------------------------------

const tamper = { carBatteryState: 'Normal', gpsState: 'Normal' };

async function runBench(): Promise<void> {
  const alarms = option('alarms', 1000);
  const seconds = option('seconds', 60);
  const probes = option('probes', 30);
  const providerMs = option('provider-ms', 0);

  console.log(`Starting the api (SQLite file) with 2 × ${alarms} + 3 × ${probes} vehicles...`);
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--api', String(alarms), String(probes), String(providerMs)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const { url, load, untold, quiet, beside, busy } = await new Promise<ApiReady>((resolve) =>
    child.once('message', (message) => resolve(message as ApiReady)),
  );
  const ask = (vehicleIds: number[]) =>
    new Promise<{ figures: HolderFigure[]; states: { state: string; count: number }[] }>((resolve) => {
      child.once('message', (message) => resolve(message as never));
      child.send({ figures: vehicleIds } satisfies ApiCommand);
    });

  const { accessToken } = await signIn(url, ROLE.admin);
  const connection = hubConnection(url, accessToken);
  let alarmMessages = 0;
  connection.on(LIVE_MESSAGE.alarmChanged, () => (alarmMessages += 1));
  await connection.start();

  /** One tamper report, one at a time: POST sent -> the vehicle's first AlarmChangedMessage at the Admin. */
  const probe = async (vehicle: TrackedVehicle): Promise<number> => {
    const arrived = nextMessage<AlarmChangedMessage>(
      connection,
      LIVE_MESSAGE.alarmChanged,
      (message) => message.vehicleId === vehicle.vehicleId,
      10_000,
    );
    const sent = performance.now();
    const response = await postTelemetry(url, vehicle, { timestamp: new Date().toISOString(), tamper });
    if (response.status !== 200) throw new Error(`A tamper report answered ${response.status}.`);
    await arrived;
    return performance.now() - sent;
  };

  try {
    // (b) first: the probes with nothing else going on.
    console.log(`${probes} tamper reports one at a time, no other load...`);
    const withoutLoad: number[] = [];
    for (const vehicle of quiet) {
      withoutLoad.push(await probe(vehicle));
      await pause(200);
    }

    /**
     * `alarms` tamper reports from these vehicles on a schedule over `seconds` (open loop), and the
     * probes spread over the same minute.
     */
    const underLoad = async (vehicles: TrackedVehicle[], probing: TrackedVehicle[]) => {
      const messagesBefore = alarmMessages;
      const reportSentAt = new Map<number, number>();
      const started = Date.now();
      let refused = 0;
      const loadDone = (async () => {
        const posts: Promise<void>[] = [];
        for (const [index, vehicle] of vehicles.entries()) {
          const due = started + (index * seconds * 1000) / alarms;
          if (due > Date.now()) await pause(due - Date.now());
          reportSentAt.set(vehicle.vehicleId, Date.now());
          posts.push(
            postTelemetry(url, vehicle, { timestamp: new Date().toISOString(), tamper }).then(
              async (response) => {
                if (response.status !== 200) refused += 1;
                await response.arrayBuffer();
              },
            ),
          );
        }
        await Promise.all(posts);
      })();
      const latencies: number[] = [];
      for (const vehicle of probing) {
        latencies.push(await probe(vehicle));
        await pause(Math.max(0, (seconds * 1000) / probes - latencies.at(-1)!));
      }
      await loadDone;
      return {
        latencies,
        reportSentAt,
        refused,
        loadSeconds: (Date.now() - started) / 1000,
        alarmMessages: alarmMessages - messagesBefore,
      };
    };

    console.log(
      `${alarms} tamper reports over ${seconds} s whose holders are told nothing, and ${probes} probes among them...`,
    );
    const alone = await underLoad(untold, beside);
    console.log(
      `${alarms} tamper reports over ${seconds} s whose holders are told, and ${probes} probes among them...`,
    );
    const told = await underLoad(load, busy);
    const { reportSentAt, refused, loadSeconds } = told;

    // Every holder told (or 60 s more at most).
    const ids = load.map((vehicle) => vehicle.vehicleId);
    let answer = await ask(ids);
    for (
      const deadline = Date.now() + 60_000;
      Date.now() < deadline &&
      (answer.figures.length < alarms || answer.figures.some((figure) => figure.firstSentAt === null));
      answer = await ask(ids)
    ) {
      await pause(500);
    }
    const sent = answer.figures.filter((figure) => figure.firstSentAt !== null);
    const fromReport = sent.map(
      (figure) => Date.parse(figure.firstSentAt!) - reportSentAt.get(figure.vehicleId)!,
    );
    const fromOpening = sent.map((figure) => Date.parse(figure.firstSentAt!) - Date.parse(figure.queuedAt));
    const states = answer.states.map(({ state, count }) => `${count} ${state}`).join(', ');

    const header = `${''.padEnd(44)}${'count'.padStart(7)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}`;
    const row = (label: string, values: number[]) =>
      `${label.padEnd(44)}${String(values.length).padStart(7)}${summary(values)}`;
    console.log(
      `\n(a) The holder's first message, ${alarms} alarms in ${loadSeconds.toFixed(1)} s ` +
        `(${refused} reports refused; provider ${providerMs === 0 ? 'the development outbox' : `taking ${providerMs} ms a send`}; ` +
        `messages: ${states}) (ms):\n` +
        `${header}\n` +
        `${row('report sent -> first message sent', fromReport)}\n` +
        `${row('alarm opened (queued) -> first message sent', fromOpening)}`,
    );
    console.log(
      `\n(b) Alarm to screen: tamper POST sent -> AlarmChangedMessage at the Admin (ms); ` +
        `${alone.alarmMessages} and ${told.alarmMessages} AlarmChangedMessages reached the Admin during the two loads ` +
        `(${alone.refused} and ${refused} reports refused):\n` +
        `${header}\n` +
        `${row('no other load', withoutLoad)}\n` +
        `${row(`${alarms} alarms in ${seconds} s, nobody told`, alone.latencies)}\n` +
        `${row(`${alarms} alarms in ${seconds} s, holders told`, told.latencies)}`,
    );
  } finally {
    await connection.stop();
    child.send({ stop: true } satisfies ApiCommand);
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.argv.includes('--api')) await runApi();
else await runBench();
