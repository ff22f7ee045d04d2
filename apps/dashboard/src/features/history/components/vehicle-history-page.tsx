import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { newestFirst, ROUTES } from '@sentinel/domain';
import {
  Button,
  CancelledAlertsCard,
  EmptyState,
  HistoryCard,
  PageHeader,
  Spinner,
  VirtualList,
} from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { NearEnd } from '../../../lib/near-end';
import { saveFile } from '../../../lib/save-file';
import { pageItems } from '../../../lib/server-cache';
import { historyQueries } from '../api/history-queries';
import '../../../lib/staff-screens.css';

/** Entries this close to the end of what is loaded ask for the older page. */
const LOAD_AHEAD_ROWS = 5;

/** /agent/clients/:clientId/vehicle/:vehicleId/history: the vehicle's events, newest first, and its CSV. */
export function VehicleHistoryPage() {
  const { clientId = '', vehicleId = '' } = useParams();
  const id = Number(vehicleId);
  const api = useApiClient();
  const navigate = useNavigate();
  const history = useInfiniteQuery(historyQueries.list(api, id));
  // Pages come newest first; newestFirst keeps that order should the server's order ever differ.
  const entries = useMemo(() => newestFirst(pageItems(history.data)), [history.data]);
  const [downloading, setDownloading] = useState(false);
  const { fetchNextPage } = history;
  // Several rows near the end mount at once: a page already on its way is not asked for again.
  const loadOlder = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const canLoadOlder = history.hasNextPage && !history.isFetchNextPageError;

  async function download() {
    setDownloading(true);
    try {
      const csv = await api.vehicles.downloadHistoryCsv(id);
      saveFile(csv.blob, csv.fileName);
    } catch (error) {
      // The spec: a failed download is only logged.
      console.error(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="vehicle-history-page">
      <PageHeader
        title="Vehicle history"
        onBack={() => void navigate(-1)}
        actions={
          <>
            <Button variant="secondary" onClick={() => void navigate(ROUTES.vehicleReplay(clientId, id))}>
              Replay
            </Button>
            <Button
              variant="secondary"
              disabled={entries.length === 0}
              busy={downloading}
              onClick={() => void download()}
            >
              Download history
            </Button>
          </>
        }
      />
      {history.isPending ? (
        <Spinner label="Loading history" />
      ) : entries.length === 0 ? (
        !history.isError && <EmptyState title="No history" />
      ) : (
        <>
          <CancelledAlertsCard entries={entries} />
          <VirtualList
            label="History"
            items={entries}
            estimateSize={160}
            getKey={(entry) => entry.id}
            renderItem={(entry, index) => (
              <>
                <HistoryCard entry={entry} />
                {canLoadOlder && index >= entries.length - LOAD_AHEAD_ROWS && (
                  <NearEnd onReached={loadOlder} />
                )}
              </>
            )}
          />
          {history.isFetchingNextPage && <Spinner label="Loading older history" />}
        </>
      )}
    </section>
  );
}
