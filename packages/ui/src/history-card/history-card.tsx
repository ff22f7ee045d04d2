import { HISTORY_TYPE, formatHistoryDate, isAlertType } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Card, CardContent, CardHeader, CardTitle } from '../card';
import { fullName, historyHeading, type HistoryEntryView } from './history-entry';

export interface HistoryCardProps {
  entry: HistoryEntryView;
  /** Heading level of the entry's title. @default 3 */
  level?: 2 | 3 | 4;
  className?: string;
}

type Row = [label: string, value: string];

function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== '';
}

function rowsFor(entry: HistoryEntryView): Row[] {
  const rows: Row[] = [];
  switch (entry.type) {
    case HISTORY_TYPE.lockState: {
      const by = fullName(entry.isLockedByUserFirstName, entry.isLockedByUserLastName);
      // The flag tells a change from the dashboard (staff) apart from one in the owner's app.
      if (by !== undefined) rows.push(['By', entry.isLockedChangedByAdminUser ? `${by} (staff)` : by]);
      else if (entry.isLockedChangedByAdminUser) rows.push(['By', 'Staff']);
      // A command from the dashboard: when it was asked for, and why it failed or was cancelled.
      if (present(entry.lockCommandRequestedDateTime)) {
        rows.push(['Requested', formatHistoryDate(entry.lockCommandRequestedDateTime)]);
      }
      if (entry.lockCommandStatus !== 'Confirmed' && present(entry.lockCommandReason)) {
        rows.push(['Reason', entry.lockCommandReason]);
      }
      break;
    }
    case HISTORY_TYPE.tamperAlert: {
      if (present(entry.tamperCarBatteryState)) rows.push(['Car battery', entry.tamperCarBatteryState]);
      if (present(entry.tamperGpsState)) rows.push(['GPS', entry.tamperGpsState]);
      if (entry.tamperCancelled) {
        rows.push([
          'Cancelled by',
          fullName(entry.tamperCancelledByUserFirstName, entry.tamperCancelledByUserLastName) ?? 'Unknown',
        ]);
      }
      break;
    }
    case HISTORY_TYPE.auraCallout: {
      if (present(entry.auraCalloutStatus)) rows.push(['Status', entry.auraCalloutStatus]);
      const by = fullName(entry.auraCalloutCreatedByUserFirstName, entry.auraCalloutCreatedByUserLastName);
      if (by !== undefined) rows.push(['Created by', by]);
      break;
    }
    case HISTORY_TYPE.capitalAirIncident: {
      if (present(entry.capitalAirIncidentStatus)) rows.push(['Status', entry.capitalAirIncidentStatus]);
      const by = fullName(
        entry.capitalAirIncidentCreatedByUserFirstName,
        entry.capitalAirIncidentCreatedByUserLastName,
      );
      if (by !== undefined) rows.push(['Created by', by]);
      break;
    }
  }
  const latitude = entry.lastKnownGpsLatitudeDegrees;
  const longitude = entry.lastKnownGpsLongitudeDegrees;
  if (typeof latitude === 'number' && typeof longitude === 'number') {
    rows.push(['Location', `${latitude}, ${longitude}`]);
  }
  return rows;
}

/** One vehicle history entry: what happened, when (en-ZA), who did it, statuses and where. */
export function HistoryCard({ entry, level = 3, className }: HistoryCardProps) {
  const rows = rowsFor(entry);
  const alert = isAlertType(entry.type);
  return (
    <Card className={clsx('sn-history-card', alert && 'sn-history-card--alert', className)}>
      <CardHeader>
        <CardTitle level={level}>{historyHeading(entry)}</CardTitle>
        <time className="sn-history-card__time" dateTime={entry.dateTime}>
          {formatHistoryDate(entry.dateTime)}
        </time>
      </CardHeader>
      {rows.length > 0 && (
        <CardContent>
          <dl className="sn-details">
            {rows.map(([label, value]) => (
              <div key={label} className="sn-details__row">
                <dt className="sn-details__label">{label}</dt>
                <dd className="sn-details__value">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      )}
    </Card>
  );
}
