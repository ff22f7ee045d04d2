export { GeofenceEditor } from './geofence-editor';
export type { GeofenceEditorProps } from './geofence-editor';
export type { GeofenceScopeTarget, GeofenceTargetKind } from './geofence-scope-fields';
export {
  GeofencePreviewResult,
  geofencePreviewTotals,
  GEOFENCE_PREVIEW_LIST_LIMIT,
} from './geofence-preview-result';
export type { GeofencePreviewResultProps } from './geofence-preview-result';
