import { useAtomValue, useSetAtom } from 'jotai';
import { formatHistoryDate } from '@sentinel/domain';
import { Alert, Button } from '@sentinel/ui';
import { dismissTamperNoticeAtom, tamperNoticesAtom, vehicleNamesAtom } from './live-store';
import type { TamperNotice } from './live-store';
import { vehicleDisplayName } from './vehicle-name';
import './tamper-notices.css';

/**
 * Standing tamper alerts, newest first, in a corner over the content: visible without blocking
 * anything, each until dismissed or cancelled. Built from Alert and Button until @sentinel/ui has
 * a LiveNotice.
 */
export function TamperNotices() {
  const notices = useAtomValue(tamperNoticesAtom);
  if (notices.length === 0) return null;
  return (
    <section className="tamper-notices" aria-label="Live alerts">
      {notices.map((notice) => (
        <TamperNoticeItem key={notice.vehicleId} notice={notice} />
      ))}
    </section>
  );
}

function TamperNoticeItem({ notice: { vehicleId, tamper } }: { notice: TamperNotice }) {
  const names = useAtomValue(vehicleNamesAtom);
  const dismiss = useSetAtom(dismissTamperNoticeAtom);
  const name = vehicleDisplayName(vehicleId, names.get(vehicleId));
  const when = formatHistoryDate(tamper.dateTime);
  const details = [
    tamper.tamperCarBatteryState && `Car battery: ${tamper.tamperCarBatteryState}`,
    tamper.tamperGpsState && `GPS: ${tamper.tamperGpsState}`,
  ].filter(Boolean);

  return (
    <Alert variant="error" title={`Tamper alert: ${name}`} className="tamper-notices__item">
      {when && <p>Raised {when}</p>}
      {details.length > 0 && <p>{details.join(' · ')}</p>}
      <Button
        variant="secondary"
        aria-label={`Dismiss the tamper alert for ${name}`}
        onClick={() => dismiss(vehicleId)}
      >
        Dismiss
      </Button>
    </Alert>
  );
}
