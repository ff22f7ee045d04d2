import { HISTORY_TIME_ZONE } from '../history-format';
import { REPLAY_MAX_PERIOD_DAYS } from '../contract/replay';
import type { ReplayPeriodQuery } from '../contract/replay';

/** The periods a replay offers, in Johannesburg time; custom takes two dates. */
export const REPLAY_PERIODS = [
  { name: 'today', label: 'Today' },
  { name: 'yesterday', label: 'Yesterday' },
  { name: 'last7Days', label: 'Last 7 days' },
  { name: 'custom', label: 'Custom' },
] as const;
export type ReplayPeriodName = (typeof REPLAY_PERIODS)[number]['name'];

const DAY_MS = 86_400_000;

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: HISTORY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock reading in Johannesburg of an instant, as if it were UTC (ms). */
function wallClock(time: number): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(dateParts.formatToParts(time).find((each) => each.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant of midnight starting a Johannesburg date (YYYY-MM-DD), through the zone's offset. */
function midnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day);
  return guess - (wallClock(guess) - guess);
}

/** The Johannesburg date (YYYY-MM-DD) of an instant. */
export function johannesburgDate(at: Date): string {
  return new Date(wallClock(at.getTime())).toISOString().slice(0, 10);
}

const query = (from: number, to: number): ReplayPeriodQuery => ({
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
});

/** Whole Johannesburg days from one date to another, both included. */
export function customReplayPeriod(fromDate: string, toDate: string): ReplayPeriodQuery {
  return query(midnight(fromDate), midnight(toDate) + DAY_MS);
}

/** Today, yesterday or the last 7 days (today and the six before), as whole Johannesburg days. */
export function replayPeriod(name: Exclude<ReplayPeriodName, 'custom'>, now: Date): ReplayPeriodQuery {
  const today = johannesburgDate(now);
  const start = midnight(today);
  if (name === 'today') return query(start, start + DAY_MS);
  if (name === 'yesterday') return query(start - DAY_MS, start);
  return query(start - 6 * DAY_MS, start + DAY_MS);
}

/** Why a period cannot be replayed, or undefined when it can. */
export function replayPeriodError({ from, to }: ReplayPeriodQuery): string | undefined {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'From and to must be ISO 8601 dates and times';
  if (end <= start) return 'To must be after from';
  if (end - start > REPLAY_MAX_PERIOD_DAYS * DAY_MS) {
    return `A replay covers at most ${REPLAY_MAX_PERIOD_DAYS} days`;
  }
  return undefined;
}
