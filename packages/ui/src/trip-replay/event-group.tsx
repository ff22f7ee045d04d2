import type { ReactElement } from 'react';
import { formatReplayDayTime, formatReplayTime } from '@sentinel/domain';
import type { ReplayEvent } from '@sentinel/domain';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { isAlarm } from './marker-groups';
import { eventKind, eventName } from './replay-context';

/** The day part of 'Sat, 21 Nov, 09:57'. */
const dayOf = (at: string) => formatReplayDayTime(at).replace(/, \d\d:\d\d$/, '');

/**
 * A group's accessible name: '3 events from 18:08:00 to 18:12:57', '2 tamper alerts from ...';
 * with the days when it spans more than one ('from Sat, 21 Nov, 09:57 to Mon, 23 Nov, 07:12').
 */
export function groupName(events: readonly ReplayEvent[]): string {
  const first = events[0];
  const last = events.at(-1);
  if (first === undefined || last === undefined) return '';
  const what = events.every(isAlarm) ? 'tamper alerts' : 'events';
  const [from, to] =
    dayOf(first.at) === dayOf(last.at)
      ? [formatReplayTime(first.at), formatReplayTime(last.at)]
      : [formatReplayDayTime(first.at), formatReplayDayTime(last.at)];
  return `${events.length} ${what} from ${from} to ${to}`;
}

export interface EventGroupProps {
  /** The group's events, oldest first. */
  events: readonly ReplayEvent[];
  onSeek: (time: number) => void;
  /** The marker that opens the list: a button on the timeline, an SVG group on the map. */
  children: ReactElement;
}

/**
 * Markers that would overlap, as one marker with their count: it opens the list of its events
 * (a menu, so arrow keys, Enter and Escape work as a person expects), each of which jumps to
 * its moment.
 */
export function EventGroup({ events, onSeek, children }: EventGroupProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent align="center" className="sn-replay__menu" aria-label={groupName(events)}>
        {events.map((event) => (
          <DropdownMenuItem
            key={event.id}
            className={`sn-replay__menu-item sn-replay__menu-item--${eventKind(event)}`}
            onSelect={() => onSeek(Date.parse(event.at))}
          >
            {eventName(event)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
