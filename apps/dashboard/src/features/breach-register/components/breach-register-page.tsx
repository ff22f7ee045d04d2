import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { errorText } from '@sentinel/api-sdk';
import { BREACH_MESSAGES, PRODUCT_NAME } from '@sentinel/domain';
import { Alert, Button, EmptyState, PageHeader } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { PagedList } from '../../../lib/paged-list';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { breachQueries, useDownloadBreachRegisterMutation } from '../api/breach-queries';
import { BreachIncidentDialog } from './breach-incident-dialog';
import type { BreachEditing } from './breach-incident-dialog';
import { BreachIncidentRow } from './breach-incident-row';
import './breach-register.css';

/**
 * /admin/breach-register: the Admin's register of security compromises (POPIA section 22), newest
 * discovery first; 'Record an incident', Edit (to record when the Regulator and the people were
 * told, or to correct it) and the whole register as CSV.
 */
export function BreachRegisterPage() {
  useDocumentTitle(`Breach register · ${PRODUCT_NAME}`);
  const api = useApiClient();
  const query = useInfiniteQuery(breachQueries.list(api));
  const download = useDownloadBreachRegisterMutation();
  const [editing, setEditing] = useState<BreachEditing>();
  return (
    <section className="breach-page">
      <PageHeader
        title="Breach register"
        actions={
          <>
            <Button
              variant="secondary"
              busy={download.isPending}
              busyLabel="Downloading"
              onClick={() => download.mutate()}
            >
              Download CSV
            </Button>
            <Button onClick={() => setEditing({ incident: undefined })}>Record an incident</Button>
          </>
        }
      />
      {download.isError && <Alert variant="error">{errorText(download.error)}</Alert>}
      <PagedList
        query={query}
        label="Incidents"
        loadingLabel="Loading the breach register"
        empty={<EmptyState title={BREACH_MESSAGES.noIncidents} />}
        failed={query.error && <Alert variant="error">{errorText(query.error)}</Alert>}
        estimateSize={260}
        getKey={(incident) => incident.id}
        renderItem={(incident) => (
          <BreachIncidentRow incident={incident} onEdit={() => setEditing({ incident })} />
        )}
      />
      <BreachIncidentDialog editing={editing} onClose={() => setEditing(undefined)} />
    </section>
  );
}
