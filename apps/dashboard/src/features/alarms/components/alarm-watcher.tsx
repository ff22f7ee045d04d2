// Mounted once in the signed-in area: rings for a new alarm, tells the desktop when the tab is
// hidden, and puts the open count in front of the page title.
import { useEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ALARM_KIND_LABELS, ALARM_PRIORITY_LABELS, MENU, menuForRole } from '@sentinel/domain';
import type { Alarm } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { onAlarmReceived } from '../../../lib/server-cache';
import { authorisedUserAtom } from '../../../lib/session';
import { alarmQueries } from '../api/alarm-queries';
import { alarmsMutedAtom, alarmSignalsAtom } from '../stores/alarm-signals';

/** "(3) Alarms · Sentinel": the open count in front of whatever the screen titled itself. */
export function titleWithOpenCount(title: string, openCount: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return openCount > 0 ? `(${openCount}) ${bare}` : bare;
}

/** An alarm the hub announces as just opened (a repeat joins an open alarm and counts up). */
const isNewAlarm = (alarm: Alarm) => alarm.state === 'Open' && alarm.eventCount === 1;

/** Who may see the alarm queue: the roles whose menu has it. */
export const mayWatchAlarms = (role: string | undefined) =>
  role !== undefined && menuForRole(role).includes(MENU.alarms);

export function AlarmWatcher() {
  const role = useAtomValue(authorisedUserAtom)?.userRole;
  return mayWatchAlarms(role) ? <Watcher /> : null;
}

function Watcher() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const store = useStore();
  const open = useInfiniteQuery(alarmQueries.queue(api, 'Open'));
  const openCount = open.data?.pages[0]?.totalCount ?? 0;
  const seen = useRef(new Set<number>());

  useEffect(
    () =>
      onAlarmReceived(queryClient, (alarm) => {
        if (!isNewAlarm(alarm) || seen.current.has(alarm.id)) return;
        seen.current.add(alarm.id);
        // Read when it rings, so a toggle on the queue page counts at once.
        const { sound, notifier } = store.get(alarmSignalsAtom);
        if (!store.get(alarmsMutedAtom)) sound.play();
        if (document.visibilityState === 'hidden') {
          const holder =
            alarm.holderFirstName === null
              ? 'No holder'
              : `${alarm.holderFirstName} ${alarm.holderLastName ?? ''}`.trim();
          notifier.notify(
            `${ALARM_KIND_LABELS[alarm.kind]}: ${alarm.registrationNumber}`,
            `${ALARM_PRIORITY_LABELS[alarm.priority]} priority · ${holder}`,
          );
        }
      }),
    [queryClient, store],
  );

  // Screens write their own titles whenever they like; the count is put back in front each time.
  useEffect(() => {
    const apply = () => {
      const next = titleWithOpenCount(document.title, openCount);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithOpenCount(document.title, 0);
    };
  }, [openCount]);

  return null;
}
