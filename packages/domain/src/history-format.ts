/** The product serves South Africa: history times are shown in its locale and time zone. */
export const HISTORY_LOCALE = 'en-ZA';
export const HISTORY_TIME_ZONE = 'Africa/Johannesburg';

const formatter = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: HISTORY_TIME_ZONE,
});

/** A history date as en-ZA shows it: short month, 2-digit day, hour and minute. */
export function formatHistoryDate(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}

/** Newest first, the order the history list and its CSV use. */
export function newestFirst<T extends { dateTime: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => Date.parse(b.dateTime) - Date.parse(a.dateTime));
}
