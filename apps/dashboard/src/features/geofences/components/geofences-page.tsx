import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useInfiniteQuery } from '@tanstack/react-query';
import { errorText } from '@sentinel/api-sdk';
import { GEOFENCE_MESSAGES, PRODUCT_NAME, ROLE } from '@sentinel/domain';
import type { Geofence } from '@sentinel/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  EmptyState,
  PageHeader,
} from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { PagedList } from '../../../lib/paged-list';
import { authorisedUserAtom } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { geofenceQueries, useDeleteGeofenceMutation } from '../api/geofence-queries';
import { GeofenceEditorDialog } from './geofence-editor-dialog';
import type { GeofenceEditing } from './geofence-editor-dialog';
import { GeofenceRow } from './geofence-row';
import './geofences.css';

/**
 * /agent/geofences: the geofences the person may see, by name, each with its shape, scope and
 * rules; 'New geofence', and Edit and Delete on those the person may change (an Everyone zone is
 * an Admin's: other roles see it read-only).
 */
export function GeofencesPage() {
  useDocumentTitle(`Geofences · ${PRODUCT_NAME}`);
  const api = useApiClient();
  const role = useAtomValue(authorisedUserAtom)?.userRole ?? '';
  const query = useInfiniteQuery(geofenceQueries.list(api));
  const [editing, setEditing] = useState<GeofenceEditing>();
  const [deleting, setDeleting] = useState<Geofence>();
  const mayChange = (geofence: Geofence) => geofence.scope.kind !== 'Everyone' || role === ROLE.admin;
  return (
    <section className="geofence-page">
      <PageHeader
        title="Geofences"
        actions={<Button onClick={() => setEditing({ geofence: undefined })}>New geofence</Button>}
      />
      <PagedList
        query={query}
        label="Geofences"
        loadingLabel="Loading geofences"
        empty={<EmptyState title={GEOFENCE_MESSAGES.noGeofences} />}
        failed={query.error && <Alert variant="error">{errorText(query.error)}</Alert>}
        estimateSize={180}
        getKey={(geofence) => geofence.id}
        renderItem={(geofence) => (
          <GeofenceRow
            geofence={geofence}
            onEdit={mayChange(geofence) ? () => setEditing({ geofence }) : undefined}
            onDelete={mayChange(geofence) ? () => setDeleting(geofence) : undefined}
          />
        )}
      />
      <GeofenceEditorDialog editing={editing} onClose={() => setEditing(undefined)} />
      <DeleteDialog geofence={deleting} onClose={() => setDeleting(undefined)} />
    </section>
  );
}

function DeleteDialog({ geofence, onClose }: { geofence: Geofence | undefined; onClose: () => void }) {
  const remove = useDeleteGeofenceMutation();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={geofence !== undefined} onOpenChange={(open) => !open && close()}>
      {geofence !== undefined && (
        <DialogContent
          title="Delete geofence"
          description={`${geofence.name} and its rules will be deleted; its alarms stay.`}
        >
          {remove.isError && <Alert variant="error">{errorText(remove.error)}</Alert>}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              busy={remove.isPending}
              busyLabel="Deleting"
              onClick={() => remove.mutate(geofence.id, { onSuccess: close })}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
