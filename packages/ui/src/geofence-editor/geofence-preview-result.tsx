import { GEOFENCE_MESSAGES } from '@sentinel/domain';
import type { GeofencePreview } from '@sentinel/domain';
import { clsx } from 'clsx';
import { formatAlarmEventTime } from '../alarm-timeline/alarm-timeline';

/** The most breaches listed; the totals still count every one, and the list says it is cut. */
export const GEOFENCE_PREVIEW_LIST_LIMIT = 500;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 breaches over 1204 fixes of 2 vehicles". */
export function geofencePreviewTotals(
  preview: Pick<GeofencePreview, 'breaches' | 'fixes' | 'vehicles'>,
): string {
  return [
    counted(preview.breaches.length, 'breach', 'breaches'),
    'over',
    counted(preview.fixes, 'fix', 'fixes'),
    'of',
    counted(preview.vehicles, 'vehicle', 'vehicles'),
  ].join(' ');
}

export interface GeofencePreviewResultProps {
  /** POST /Geofences/Preview's answer. */
  preview: GeofencePreview;
  className?: string;
}

/**
 * What 'Try on the last 7 days' found: the breaches the rules would have raised (the vehicle's
 * registration, when, Johannesburg time, and the alarm's words) with the totals, or
 * GEOFENCE_MESSAGES.noBreaches with how much was tried.
 */
export function GeofencePreviewResult({ preview, className }: GeofencePreviewResultProps) {
  const { breaches } = preview;
  const listed = breaches.slice(0, GEOFENCE_PREVIEW_LIST_LIMIT);
  return (
    <section className={clsx('sn-geofence-preview', className)} aria-label="Last 7 days">
      {breaches.length === 0 ? (
        <>
          <p className="sn-geofence-preview__empty">{GEOFENCE_MESSAGES.noBreaches}</p>
          <p className="sn-geofence-preview__totals">{geofencePreviewTotals(preview)}.</p>
        </>
      ) : (
        <>
          <p className="sn-geofence-preview__totals">{geofencePreviewTotals(preview)}.</p>
          {listed.length < breaches.length && (
            <p className="sn-geofence-preview__note">Showing the first {listed.length}.</p>
          )}
          <ol className="sn-geofence-preview__list" aria-label="Breaches">
            {listed.map((breach, index) => (
              <li key={`${breach.vehicleId}-${breach.at}-${index}`} className="sn-geofence-preview__breach">
                <span className="sn-geofence-preview__head">
                  <strong>{breach.registrationNumber}</strong>{' '}
                  <time dateTime={breach.at}>{formatAlarmEventTime(breach.at)}</time>
                </span>
                <span className="sn-geofence-preview__text">{breach.text}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
