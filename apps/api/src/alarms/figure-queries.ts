/*
 * The alarm response figures: for each Johannesburg day and kind, how many alarms opened, how many
 * broke their acknowledgement target, and the median and p90 seconds to acknowledge and to resolve.
 * The durations are read through the database's reader a page at a time and the percentiles are
 * computed here: SQLite has no percentile function, and the same code then answers on both engines.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ALARM_KINDS, customReplayPeriod, responseClock } from '@sentinel/domain';
import type { AlarmFiguresQuery, AlarmFiguresRow, AlarmKind, FieldErrors } from '@sentinel/domain';
import { userInScope } from '../access/scope';
import type { Scope } from '../access/scope';
import { readerOf } from '../db/database';
import type { Database } from '../db/schema';

/** The most days one call covers: a quarter. */
export const FIGURES_MAX_DAYS = 92;

/**
 * Alarms read per query. On a SQLite file the reader's threads run the query and the api's thread
 * only sorts the page into its day and kind (well under a millisecond for 2,000 alarms), with a turn
 * of the event loop between pages, so a quarter of a large fleet's alarms holds no other caller.
 */
export const FIGURES_PAGE_ALARMS = 2000;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970 of a YYYY-MM-DD calendar date, or undefined when it is not one (2025-02-30). */
function dayNumber(text: string): number | undefined {
  if (!DATE.test(text)) return undefined;
  const time = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text) return undefined;
  return time / DAY_MS;
}

/** The field errors of a figures period (From, To); empty when it may be answered. */
export function figuresPeriodErrors({ from, to }: AlarmFiguresQuery): FieldErrors {
  const errors: FieldErrors = {};
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (first === undefined) errors['From'] = ['From must be a date, YYYY-MM-DD.'];
  if (last === undefined) errors['To'] = ['To must be a date, YYYY-MM-DD.'];
  if (first === undefined || last === undefined) return errors;
  if (last < first) errors['To'] = ['To must be on or after From.'];
  else if (last - first + 1 > FIGURES_MAX_DAYS)
    errors['To'] = [`Figures cover at most ${FIGURES_MAX_DAYS} days: choose a To closer to From.`];
  return errors;
}

/** The period's days (YYYY-MM-DD) and the instant each starts in Johannesburg, and the instant after the last. */
function periodDays({ from, to }: AlarmFiguresQuery): { days: string[]; starts: string[]; end: string } {
  const first = dayNumber(from) ?? 0;
  const last = dayNumber(to) ?? first;
  const days: string[] = [];
  for (let day = first; day <= last; day += 1) days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  // The domain turns a Johannesburg date into the instants of its midnight (UTC+2, 22:00 UTC before).
  const starts = days.map((day) => customReplayPeriod(day, day).from);
  return { days, starts, end: customReplayPeriod(to, to).to };
}

/**
 * The value below which `share` of the sorted values lie, interpolated between the two nearest
 * (PostgreSQL's percentile_cont): the median of 10 and 20 is 15.
 */
export function percentile(sorted: Float64Array, share: number): number | null {
  if (sorted.length === 0) return null;
  const position = share * (sorted.length - 1);
  const below = Math.floor(position);
  const lower = sorted[below] ?? 0;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] ?? lower;
  return Math.round((lower + (upper - lower) * (position - below)) * 10) / 10;
}

interface Group {
  dayIndex: number;
  kind: AlarmKind;
  alarms: number;
  breached: number;
  acknowledgeSeconds: number[];
  resolveSeconds: number[];
}

interface FigureAlarm {
  id: number;
  kind: AlarmKind;
  openedAt: string;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
  acknowledgeWithinSeconds: number;
}

/** The period's alarms in the scope, oldest first, a page at a time through the reader. */
async function* alarmPages(
  db: Kysely<Database>,
  scope: Scope,
  { start, end }: { start: string; end: string },
  pageSize: number,
): AsyncGenerator<FigureAlarm[]> {
  const reader = readerOf(db);
  const condition = userInScope(scope, sql.ref<number>('vehicles.userId'));
  let after: FigureAlarm | undefined;
  for (;;) {
    let query = db
      .selectFrom('alarms')
      .innerJoin('vehicles', 'vehicles.id', 'alarms.vehicleId')
      .select([
        'alarms.id',
        'alarms.kind',
        'alarms.openedAt',
        'alarms.acknowledgedAt',
        'alarms.resolvedAt',
        'alarms.acknowledgeWithinSeconds',
      ])
      .where('alarms.openedAt', '>=', start)
      .where('alarms.openedAt', '<', end);
    if (condition) query = query.where(condition);
    // Keyset, not offset: each page starts where the last ended, on the alarms_opened index.
    if (after !== undefined) {
      const { openedAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('alarms.openedAt', '>', openedAt),
          eb.and([eb('alarms.openedAt', '=', openedAt), eb('alarms.id', '>', id)]),
        ]),
      );
    }
    const { rows } = await reader.executeQuery(
      query.orderBy('alarms.openedAt').orderBy('alarms.id').limit(pageSize).compile(),
    );
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows.at(-1);
    await nextTurn();
  }
}

const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;
const sortedOf = (values: number[]) => Float64Array.from(values).sort();

/**
 * One row per Johannesburg day and kind that had alarms opened in the period (a valid one: see
 * figuresPeriodErrors), day first then the kinds in ALARM_KINDS order. Breached: acknowledged
 * later than its target, or not acknowledged and already past it at `now` (the domain's
 * responseClock). Resolve times count from the alarm's opening.
 */
export async function alarmFigures(
  db: Kysely<Database>,
  scope: Scope,
  query: AlarmFiguresQuery,
  { now = new Date(), pageSize = FIGURES_PAGE_ALARMS }: { now?: Date; pageSize?: number } = {},
): Promise<AlarmFiguresRow[]> {
  const { days, starts, end } = periodDays(query);
  const groups = new Map<string, Group>();
  let dayIndex = 0;
  for await (const page of alarmPages(db, scope, { start: starts[0] ?? end, end }, pageSize)) {
    for (const alarm of page) {
      // Oldest first, so the day only ever moves on; instants compare as text (ISO 8601 UTC).
      while (dayIndex + 1 < starts.length && alarm.openedAt >= (starts[dayIndex + 1] ?? end)) dayIndex += 1;
      const key = `${dayIndex} ${alarm.kind}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = {
          dayIndex,
          kind: alarm.kind,
          alarms: 0,
          breached: 0,
          acknowledgeSeconds: [],
          resolveSeconds: [],
        };
        groups.set(key, group);
      }
      group.alarms += 1;
      if (responseClock(alarm, now).breached) group.breached += 1;
      if (alarm.acknowledgedAt !== null)
        group.acknowledgeSeconds.push(seconds(alarm.openedAt, alarm.acknowledgedAt));
      if (alarm.resolvedAt !== null) group.resolveSeconds.push(seconds(alarm.openedAt, alarm.resolvedAt));
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.dayIndex - b.dayIndex || ALARM_KINDS.indexOf(a.kind) - ALARM_KINDS.indexOf(b.kind))
    .map((group) => {
      const acknowledge = sortedOf(group.acknowledgeSeconds);
      const resolve = sortedOf(group.resolveSeconds);
      return {
        day: days[group.dayIndex] ?? '',
        kind: group.kind,
        alarms: group.alarms,
        breached: group.breached,
        acknowledgeMedianSeconds: percentile(acknowledge, 0.5),
        acknowledgeP90Seconds: percentile(acknowledge, 0.9),
        resolveMedianSeconds: percentile(resolve, 0.5),
        resolveP90Seconds: percentile(resolve, 0.9),
      };
    });
}
