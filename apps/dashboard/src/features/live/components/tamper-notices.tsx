import { useCallback, useSyncExternalStore } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { formatHistoryDate } from '@sentinel/domain';
import { LiveNotice } from '@sentinel/ui';
import type { LiveNoticeItem } from '@sentinel/ui';
import { findCachedVehicle } from '../../../lib/server-cache';
import { vehicleDisplayName } from '../../../lib/vehicle-live/vehicle-name';
import { dismissTamperNoticeAtom, tamperNoticesAtom } from '../stores/live-state';
import type { TamperNotice } from '../stores/live-state';

// A security alert must not slip away while nobody looks: notices stay until dismissed or cancelled.
const UNTIL_DISMISSED = Infinity;

function noticeItem({ vehicleId, tamper }: TamperNotice, name: string): LiveNoticeItem {
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
    title: `Tamper alert: ${name}`,
    description,
  };
}

/**
 * Standing tamper alerts as @sentinel/ui's LiveNotice stack: visible and announced without blocking
 * anything or taking focus, each until dismissed or until the alert is cancelled.
 */
export function TamperNotices() {
  const notices = useAtomValue(tamperNoticesAtom);
  const names = useVehicleNames(notices);
  const dismiss = useSetAtom(dismissTamperNoticeAtom);
  // The atom keeps the newest first; LiveNotice stacks oldest first.
  const shown = [...notices].reverse();
  const items = shown.map((notice) => noticeItem(notice, names.get(notice.vehicleId) ?? ''));

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

// Names join with a character no name holds, so the snapshot is a string React can compare.
const SEPARATOR = '\u0000';

/**
 * Each notice's vehicle named as the cached lists hold it; read again
 * whenever the cache changes, so a vehicle a list loads after its alert came is named then.
 */
function useVehicleNames(notices: readonly TamperNotice[]): ReadonlyMap<number, string> {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      notices.length === 0 ? () => {} : queryClient.getQueryCache().subscribe(onChange),
    [queryClient, notices.length],
  );
  const snapshot = () =>
    notices
      .map(({ vehicleId }) => vehicleDisplayName(vehicleId, findCachedVehicle(queryClient, vehicleId)))
      .join(SEPARATOR);
  const names = useSyncExternalStore(subscribe, snapshot, snapshot).split(SEPARATOR);
  return new Map(notices.map(({ vehicleId }, index) => [vehicleId, names[index] ?? '']));
}
