import { useId } from 'react';
import { formatHistoryDate } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Card, CardContent, CardHeader, CardTitle } from '../card';
import { fullName, historyHeading, type HistoryEntryView } from './history-entry';

export interface CancelledAlertsCardProps {
  /** The vehicle's history; only entries with tamperCancelled set are listed. */
  entries: readonly HistoryEntryView[];
  /** Heading level of 'Cancelled Alerts'. @default 2 */
  level?: 2 | 3 | 4;
  className?: string;
}

/** The 'Cancelled Alerts' card of the history screen; renders nothing when no alert was cancelled. */
export function CancelledAlertsCard({ entries, level = 2, className }: CancelledAlertsCardProps) {
  const titleId = useId();
  const cancelled = entries.filter((entry) => entry.tamperCancelled === true);
  if (cancelled.length === 0) return null;
  return (
    <Card className={clsx('sn-cancelled-alerts', className)}>
      <CardHeader>
        <CardTitle level={level} id={titleId}>
          Cancelled Alerts
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="sn-cancelled-alerts__list" aria-labelledby={titleId}>
          {cancelled.map((entry, index) => {
            const by = fullName(entry.tamperCancelledByUserFirstName, entry.tamperCancelledByUserLastName);
            return (
              <li key={entry.id ?? `${entry.dateTime}-${index}`} className="sn-cancelled-alerts__item">
                <span className="sn-cancelled-alerts__what">{historyHeading(entry)}</span>{' '}
                <time dateTime={entry.dateTime}>{formatHistoryDate(entry.dateTime)}</time>{' '}
                <span className="sn-cancelled-alerts__by">
                  {by !== undefined ? `Cancelled by ${by}` : 'Cancelled'}
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
