import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { GEOFENCE_SCOPE_KINDS, ROLE } from '@sentinel/domain';
import type { Geofence } from '@sentinel/domain';
import { Dialog, DialogContent, GeofenceEditor } from '@sentinel/ui';
import type { GeofenceTargetKind } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { authorisedUserAtom } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  geofenceQueries,
  usePreviewGeofenceMutation,
  useSaveGeofenceMutation,
} from '../api/geofence-queries';

/** Which editor is open: a new geofence's, or a stored one's. */
export type GeofenceEditing = { geofence: Geofence | undefined } | undefined;

/**
 * 'New geofence' and 'Edit geofence': the kit's editor in a dialog, its scope's targets searched on
 * the server, saving and the 7-day try-out through the api. With googleMapsApiKey in appsettings the
 * shape is drawn on a Google map as well as typed. Only an Admin may watch every vehicle; the api
 * keeps each role to its scopes and says so at the scope's field.
 */
export function GeofenceEditorDialog({
  editing,
  onClose,
}: {
  editing: GeofenceEditing;
  onClose: () => void;
}) {
  const { googleMapsApiKey } = useAppSettings();
  const withMap = googleMapsApiKey.trim() !== '';
  return (
    <Dialog open={editing !== undefined} onOpenChange={(open) => !open && onClose()}>
      {editing !== undefined && (
        <DialogContent
          className="geofence-editor-dialog"
          title={editing.geofence === undefined ? 'New geofence' : 'Edit geofence'}
          description={
            withMap
              ? 'Draw the shape on the map, or enter it as a centre and radius or pasted corners.'
              : 'Enter the shape as a centre and radius, or paste its corners.'
          }
        >
          <EditorForm
            geofence={editing.geofence}
            mapsApiKey={withMap ? googleMapsApiKey : undefined}
            onClose={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditorForm({
  geofence,
  mapsApiKey,
  onClose,
}: {
  geofence: Geofence | undefined;
  mapsApiKey: string | undefined;
  onClose: () => void;
}) {
  const api = useApiClient();
  const role = useAtomValue(authorisedUserAtom)?.userRole ?? '';
  const [search, setSearch] = useState<{ kind: GeofenceTargetKind; text: string }>({
    kind: 'Vehicle',
    text: '',
  });
  const settled = useDebouncedValue(search);
  const targets = useQuery(geofenceQueries.targets(api, settled.kind, settled.text));
  const save = useSaveGeofenceMutation(geofence?.id);
  const preview = usePreviewGeofenceMutation();
  return (
    <GeofenceEditor
      geofence={geofence}
      scopeKinds={
        role === ROLE.admin
          ? GEOFENCE_SCOPE_KINDS
          : GEOFENCE_SCOPE_KINDS.filter((kind) => kind !== 'Everyone')
      }
      targets={targets.data ?? []}
      targetsLoading={targets.isFetching && targets.data === undefined}
      onTargetSearch={(kind, text) => setSearch({ kind, text })}
      onSave={async (input) => {
        await save.mutateAsync(input);
        onClose();
      }}
      onPreview={(input) => preview.mutateAsync(input)}
      onCancel={onClose}
      mapsApiKey={mapsApiKey}
    />
  );
}
