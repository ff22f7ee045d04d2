import { useAtomValue, useSetAtom } from 'jotai';
import { formatHistoryDate } from '@sentinel/domain';
import { LiveNotice } from '@sentinel/ui';
import type { LiveNoticeItem } from '@sentinel/ui';
import { vehicleNamesAtom } from '../../../lib/vehicle-live/vehicle-live-store';
import type { VehicleName } from '../../../lib/vehicle-live/vehicle-live-store';
import { vehicleDisplayName } from '../../../lib/vehicle-live/vehicle-name';
import { dismissTamperNoticeAtom, tamperNoticesAtom } from '../stores/live-state';
import type { TamperNotice } from '../stores/live-state';

// A security alert must not slip away while nobody looks: notices stay until dismissed or cancelled.
const UNTIL_DISMISSED = Infinity;

function noticeItem({ vehicleId, tamper }: TamperNotice, name: VehicleName | undefined): LiveNoticeItem {
  const raised = formatHistoryDate(tamper.dateTime);
  const description = [
    raised && `Raised ${raised}`,
    tamper.tamperCarBatteryState && `Car battery: ${tamper.tamperCarBatteryState}`,
    tamper.tamperGpsState && `GPS: ${tamper.tamperGpsState}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    // A new alert for the same vehicle is a new notice, announced again.
    id: `${vehicleId} ${tamper.dateTime}`,
    title: `Tamper alert: ${vehicleDisplayName(vehicleId, name)}`,
    description,
  };
}

/**
 * Standing tamper alerts as @sentinel/ui's LiveNotice stack: visible and announced without blocking
 * anything or taking focus, each until dismissed or until the alert is cancelled.
 */
export function TamperNotices() {
  const notices = useAtomValue(tamperNoticesAtom);
  const names = useAtomValue(vehicleNamesAtom);
  const dismiss = useSetAtom(dismissTamperNoticeAtom);
  // The atom keeps the newest first; LiveNotice stacks oldest first.
  const shown = [...notices].reverse();
  const items = shown.map((notice) => noticeItem(notice, names.get(notice.vehicleId)));

  return (
    <LiveNotice
      notices={items}
      duration={UNTIL_DISMISSED}
      onDismiss={(id) => {
        const notice = shown[items.findIndex((item) => item.id === id)];
        if (notice) dismiss(notice.vehicleId);
      }}
    />
  );
}
