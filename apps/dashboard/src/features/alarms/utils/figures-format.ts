/** A response time as the figures show it: "45 s", "1 min 05 s", "2 h 03 min"; null as a dash. */
export function formatResponseSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${pad(whole % 60)} s`;
  return `${Math.floor(whole / 3600)} h ${pad(Math.floor((whole % 3600) / 60))} min`;
}

const DAY_MS = 86_400_000;

/** Today in Johannesburg (UTC+2, no daylight saving), as the figures' days are: 'YYYY-MM-DD'. */
export function johannesburgDay(at: Date, offsetDays = 0): string {
  return new Date(at.getTime() + 2 * 3_600_000 + offsetDays * DAY_MS).toISOString().slice(0, 10);
}
