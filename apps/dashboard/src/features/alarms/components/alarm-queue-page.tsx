import { useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS, ROUTES, PRODUCT_NAME } from '@sentinel/domain';
import type { Alarm, AlarmQueueTab, Page } from '@sentinel/api-sdk';
import {
  AlarmQueueRow,
  Button,
  EmptyState,
  PageHeader,
  Spinner,
  Switch,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { pageItems } from '../../../lib/server-cache';
import { alarmQueries } from '../api/alarm-queries';
import { useNow } from '../hooks/use-now';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { alarmsMutedAtom, alarmSignalsAtom } from '../stores/alarm-signals';
import { PushSwitch } from './push-switch';
import './alarms.css';

const EMPTY: Record<AlarmQueueTab, string> = {
  Open: 'No open alarms.',
  Acknowledged: 'No acknowledged alarms.',
};

const tabOf = (value: string | null): AlarmQueueTab => (value === 'Acknowledged' ? 'Acknowledged' : 'Open');

/** /agent/alarms: the live queue, Open and Acknowledged, highest priority and oldest first. */
export function AlarmQueuePage() {
  useDocumentTitle(`Alarms · ${PRODUCT_NAME}`);
  const api = useApiClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  // Both tabs are asked for: each trigger shows its count.
  const queues: Record<AlarmQueueTab, UseInfiniteQueryResult<InfiniteData<Page<Alarm>>>> = {
    Open: useInfiniteQuery(alarmQueries.queue(api, 'Open')),
    Acknowledged: useInfiniteQuery(alarmQueries.queue(api, 'Acknowledged')),
  };
  const now = useNow();

  return (
    <section className="alarms-page">
      <PageHeader
        title="Alarms"
        actions={
          <Button asChild variant="secondary">
            <Link to={PATHS.alarmFigures}>Response figures</Link>
          </Button>
        }
      />
      <RingControls />
      <Tabs value={tab} onValueChange={(next) => setSearchParams({ tab: next }, { replace: true })}>
        <TabsList aria-label="Alarm queue">
          {(['Open', 'Acknowledged'] as const).map((name) => {
            const count = queues[name].data?.pages[0]?.totalCount;
            return (
              <TabsTrigger key={name} value={name}>
                {count === undefined ? name : `${name} (${count})`}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {(['Open', 'Acknowledged'] as const).map((name) => (
          <TabsContent key={name} value={name}>
            <AlarmList query={queues[name]} empty={EMPTY[name]} now={now} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function AlarmList({
  query,
  empty,
  now,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Alarm>>>;
  empty: string;
  now: Date;
}) {
  const navigate = useNavigate();
  const alarms = pageItems(query.data);
  if (query.isPending) return <Spinner label="Loading alarms" />;
  if (query.isError && alarms.length === 0) return <EmptyState title="The alarms could not be loaded" />;
  if (alarms.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <ul aria-label="Alarms" className="alarms-page__list">
        {alarms.map((alarm) => (
          <AlarmQueueRow
            key={alarm.id}
            alarm={alarm}
            now={now}
            level={2}
            onOpen={() => void navigate(ROUTES.alarm(alarm.id))}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
        >
          Show more alarms
        </Button>
      )}
    </>
  );
}

/**
 * 'Mute alarms' and 'Alarm notifications on this browser' (pushed, shown with the dashboard closed),
 * and, until the person answered, the desktop notifications' question.
 */
function RingControls() {
  const [muted, setMuted] = useAtom(alarmsMutedAtom);
  const { notifier } = useAtomValue(alarmSignalsAtom);
  const [permission, setPermission] = useState(() => notifier.permission());
  return (
    <div className="alarms-page__controls">
      <Switch label="Mute alarms" checked={muted} onCheckedChange={setMuted} />
      <PushSwitch />
      {permission === 'default' && (
        <Button variant="secondary" onClick={() => void notifier.requestPermission().then(setPermission)}>
          Allow desktop notifications
        </Button>
      )}
      {permission === 'denied' && (
        <p className="alarms-page__hint">Desktop notifications are blocked in this browser's settings.</p>
      )}
    </div>
  );
}
