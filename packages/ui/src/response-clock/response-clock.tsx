import { responseClock } from '@sentinel/domain';
import { clsx } from 'clsx';

export interface ResponseClockProps {
  /** When the alarm was opened (the alarm's `openedDateTime`, ISO 8601). */
  openedDateTime: string;
  /** When someone took it (the alarm's `acknowledgedDateTime`); null while it still waits. */
  acknowledgedDateTime: string | null;
  /** The alarm's response target in seconds (`acknowledgeWithinSeconds`). */
  acknowledgeWithinSeconds: number;
  /**
   * The page's current time. The page keeps one ticking clock and passes it to every row, so a
   * queue of fifty alarms re-renders once a second instead of running fifty timers.
   */
  now: Date;
  className?: string;
}

/** The clock as it reads at a glance: 0:45, 12:03, 1 h 05 min. */
export function formatClock(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The same length in words, for a screen reader: 45 s, 12 min 3 s, 1 h 5 min, 1 min. */
export function spokenDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  // Past an hour the seconds only add noise (the visible clock drops them too).
  const parts = [
    hours > 0 ? `${hours} h` : '',
    minutes > 0 ? `${minutes} min` : '',
    hours === 0 && rest > 0 ? `${rest} s` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : '0 s';
}

/**
 * How long an alarm waited for a person: until it was acknowledged (then the time stands still), or
 * until `now`. Past its target it turns to the danger style and says 'Target breached' in words, so
 * colour is never the only sign. A screen reader hears the whole sentence: 'Waited 12 min 3 s;
 * target 1 min; breached'.
 */
export function ResponseClock({
  openedDateTime,
  acknowledgedDateTime,
  acknowledgeWithinSeconds,
  now,
  className,
}: ResponseClockProps) {
  const { waitedSeconds, breached } = responseClock(
    { openedAt: openedDateTime, acknowledgedAt: acknowledgedDateTime, acknowledgeWithinSeconds },
    now,
  );
  const stopped = acknowledgedDateTime !== null;
  const sentence = [
    `Waited ${spokenDuration(waitedSeconds)}${stopped ? ' until acknowledged' : ''}`,
    `target ${spokenDuration(acknowledgeWithinSeconds)}`,
    ...(breached ? ['breached'] : []),
  ].join('; ');
  return (
    <span
      // A waiting alarm's clock is a timer (its implicit aria-live is off, so it is not read every
      // second); an acknowledged one is a plain value.
      role={stopped ? undefined : 'timer'}
      className={clsx(
        'sn-response-clock',
        stopped ? 'sn-response-clock--stopped' : 'sn-response-clock--running',
        breached && 'sn-response-clock--breached',
        className,
      )}
      title={sentence}
    >
      <span className="sn-response-clock__visible" aria-hidden="true">
        {!stopped && <span className="sn-response-clock__pulse" />}
        <span className="sn-response-clock__time">{formatClock(waitedSeconds)}</span>
        {breached && <span className="sn-response-clock__breach">Target breached</span>}
      </span>
      <span className="sn-visually-hidden">{sentence}</span>
    </span>
  );
}
