import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { newestFirst } from '@sentinel/domain';
import type { ApiClient } from '@sentinel/api-sdk';
import { Button, CancelledAlertsCard, EmptyState, HistoryCard, PageHeader, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useApiQuery } from '../../../lib/use-api-query';
import '../../../lib/staff-screens.css';

/** /agent/clients/:clientId/vehicle/:vehicleId/history: the vehicle's events, newest first, and its CSV. */
export function VehicleHistoryPage() {
  const { vehicleId = '' } = useParams();
  const id = Number(vehicleId);
  const client = useApiClient();
  const navigate = useNavigate();
  const load = useCallback((api: ApiClient) => api.vehicles.history(id), [id]);
  const history = useApiQuery(load);
  const entries = useMemo(() => newestFirst(history.data ?? []), [history.data]);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const csv = await client.vehicles.downloadHistoryCsv(id);
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
          <Button
            variant="secondary"
            disabled={entries.length === 0}
            busy={downloading}
            onClick={() => void download()}
          >
            Download history
          </Button>
        }
      />
      {history.loading ? (
        <Spinner label="Loading history" />
      ) : entries.length === 0 ? (
        history.error === undefined && <EmptyState title="No history" />
      ) : (
        <>
          <CancelledAlertsCard entries={entries} />
          <ol className="vehicle-history-page__list" aria-label="History">
            {entries.map((entry) => (
              <li key={entry.id}>
                <HistoryCard entry={entry} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
