import { HISTORY_LOCALE, HISTORY_TIME_ZONE } from '@sentinel/domain';
import type { AlarmEvent, AlarmEventType } from '@sentinel/domain';
import { clsx } from 'clsx';

export interface AlarmTimelineProps {
  /** The alarm's timeline (AlarmDetail's `timeline`); shown oldest first whatever order it comes in. */
  events: readonly AlarmEvent[];
  className?: string;
}

/** How each entry's type reads. */
const EVENT_TYPE_LABELS: Record<AlarmEventType, string> = {
  Opened: 'Opened',
  Repeated: 'Repeated',
  Acknowledged: 'Acknowledged',
  Escalated: 'Escalated',
  PartnerStatus: 'Partner status',
  Note: 'Note',
  Resolved: 'Resolved',
  Message: 'Message',
  ShareLink: 'Live location',
};

// The history's locale and time zone, to the second and with the year: in a response the seconds
// matter, and an alarm may stay open across a new year.
const timeFormat = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: HISTORY_TIME_ZONE,
});

/** 27 Nov 2026, 10:04:05 (Johannesburg time). */
export function formatAlarmEventTime(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/**
 * What happened to an alarm, oldest first: the time, the entry's type in words, who acted (when a
 * person did) and the text (the device's report, the partner's answer, the note). An empty
 * timeline says 'No events yet.'.
 */
export function AlarmTimeline({ events, className }: AlarmTimelineProps) {
  if (events.length === 0) {
    return <p className={clsx('sn-alarm-timeline__empty', className)}>No events yet.</p>;
  }
  // A stable sort: entries of the same second keep the order the api wrote them in.
  const ordered = [...events].sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime));
  return (
    <ol className={clsx('sn-alarm-timeline', className)} aria-label="Timeline">
      {ordered.map((event) => {
        const by = [event.byUserFirstName, event.byUserLastName]
          .filter((part) => part !== null && part !== '')
          .join(' ');
        return (
          <li
            key={event.id}
            className={clsx(
              'sn-alarm-timeline__event',
              `sn-alarm-timeline__event--${event.type.toLowerCase()}`,
            )}
          >
            <div className="sn-alarm-timeline__head">
              <time className="sn-alarm-timeline__time" dateTime={event.dateTime}>
                {formatAlarmEventTime(event.dateTime)}
              </time>{' '}
              <span className="sn-alarm-timeline__type">{EVENT_TYPE_LABELS[event.type]}</span>
              {by !== '' && <span className="sn-alarm-timeline__by">{` by ${by}`}</span>}
            </div>
            {event.text !== null && event.text !== '' && (
              <p className="sn-alarm-timeline__text">{event.text}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
