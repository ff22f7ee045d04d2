import {
  ALARM_KIND_LABELS,
  ALARM_PRIORITY_LABELS,
  ALARM_RESOLUTION_LABELS,
  formatHistoryDate,
} from '@sentinel/domain';
import type { Alarm } from '@sentinel/domain';
import { clsx } from 'clsx';
import { ResponseClock } from '../response-clock';

export interface AlarmQueueRowProps {
  /** The alarm as the queue (GET /Alarms) or its live message gives it. */
  alarm: Alarm;
  /** The page's current time, for the age and the response clock (one ticking clock per page). */
  now: Date;
  /** Opens the alarm: a click anywhere on the row, or Enter on its button. */
  onOpen: () => void;
  /** Heading level of the alarm's kind. @default 3 */
  level?: 2 | 3 | 4;
  className?: string;
}

/** 'Just now', '3 min ago', '2 h ago', '4 d ago': how long ago the alarm opened. */
export function formatAge(openedDateTime: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(openedDateTime)) / 1000));
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part !== null && part !== '').join(' ');

const PRIORITY_CLASS = { 1: 'high', 2: 'medium', 3: 'low' } as const;

/**
 * One alarm in the live queue, as a list item: its priority, kind, vehicle, holder, age, response
 * clock, owner and how many events joined it. The kind's button covers the row, so a click anywhere
 * opens the alarm and the keyboard reaches it as one button named by kind and registration.
 */
export function AlarmQueueRow({ alarm, now, onOpen, level = 3, className }: AlarmQueueRowProps) {
  const Heading = `h${level}` as const;
  const holder = fullName(alarm.holderFirstName, alarm.holderLastName);
  const owner = fullName(alarm.acknowledgedByUserFirstName, alarm.acknowledgedByUserLastName);
  const resolver = fullName(alarm.resolvedByUserFirstName, alarm.resolvedByUserLastName);
  const priority = PRIORITY_CLASS[alarm.priority];
  return (
    <li
      className={clsx(
        'sn-alarm-row',
        `sn-alarm-row--${priority}`,
        alarm.state === 'Resolved' && 'sn-alarm-row--resolved',
        className,
      )}
    >
      <div className="sn-alarm-row__top">
        <span className={clsx('sn-alarm-priority', `sn-alarm-priority--${priority}`)}>
          <span className="sn-alarm-priority__marker" aria-hidden="true" />
          <span className="sn-visually-hidden">Priority: </span>
          {ALARM_PRIORITY_LABELS[alarm.priority]}
        </span>
        <Heading className="sn-alarm-row__title">
          {/* The whole row opens the alarm; this button is the keyboard's way in. */}
          <button type="button" className="sn-alarm-row__open" onClick={onOpen}>
            <span className="sn-alarm-row__kind">{ALARM_KIND_LABELS[alarm.kind]}</span>{' '}
            <span className="sn-alarm-row__registration">{alarm.registrationNumber}</span>
          </button>
        </Heading>
        {alarm.eventCount > 1 && (
          <span className="sn-alarm-row__count">
            <span aria-hidden="true">×{alarm.eventCount}</span>
            <span className="sn-visually-hidden">{`${alarm.eventCount} events`}</span>
          </span>
        )}
      </div>
      <div className="sn-alarm-row__details">
        <span className={clsx('sn-alarm-row__holder', holder === '' && 'sn-alarm-row__muted')}>
          {holder === '' ? 'No holder' : holder}
        </span>
        <time
          className="sn-alarm-row__age"
          dateTime={alarm.openedDateTime}
          title={formatHistoryDate(alarm.openedDateTime)}
        >
          {formatAge(alarm.openedDateTime, now)}
        </time>
      </div>
      <div className="sn-alarm-row__owner">
        {owner === '' ? (
          <span className="sn-alarm-row__unowned">Unowned</span>
        ) : (
          <span>{`Acknowledged by ${owner}`}</span>
        )}
        <ResponseClock
          openedDateTime={alarm.openedDateTime}
          acknowledgedDateTime={alarm.acknowledgedDateTime}
          acknowledgeWithinSeconds={alarm.acknowledgeWithinSeconds}
          now={now}
        />
        {alarm.state === 'Escalated' && <span className="sn-alarm-row__escalated">Escalated</span>}
        {alarm.state === 'Resolved' && (
          <span className="sn-alarm-row__resolved">
            {`Resolved${resolver === '' ? '' : ` by ${resolver}`}${
              alarm.resolution === null ? '' : ` (${ALARM_RESOLUTION_LABELS[alarm.resolution]})`
            }`}
          </span>
        )}
      </div>
    </li>
  );
}
