import { useId } from 'react';
import { GEOFENCE_SHAPE_TYPES } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Select } from '../select';
import { TextField } from '../text-field';
import type { GeofenceDraft } from './geofence-draft';
import { GeofenceMap } from './geofence-map';

const SHAPE_OPTIONS = GEOFENCE_SHAPE_TYPES.map((type) => ({ value: type, label: type }));

export interface GeofenceFieldsProps {
  draft: GeofenceDraft;
  /**
   * Changes the form (from what it holds when the change applies, so two changes of one event both
   * land), with the error keys of the fields that changed.
   */
  change: (update: (current: GeofenceDraft) => GeofenceDraft, ...changedKeys: string[]) => void;
  /** The first message at one of the form's error keys. */
  message: (key: string) => string | undefined;
}

/**
 * The shape: a circle as its centre and radius, or a polygon as its corners pasted one a line
 * ("latitude, longitude", as a map's "copy coordinates" gives them). With a maps key, the shape is
 * also drawn on a Google map above these fields, which reads and writes them.
 */
export function GeofenceShapeFields({
  draft,
  change,
  message,
  mapsApiKey,
}: GeofenceFieldsProps & { mapsApiKey?: string | undefined }) {
  const centreErrorId = useId();
  const cornersId = useId();
  const centreError = message('Centre');
  const cornersError = message('Points');
  const changeTo = (field: 'latitude' | 'longitude' | 'radius' | 'corners', value: string, key: string) =>
    change((current) => ({ ...current, [field]: value }), key);
  const centreInvalid = {
    'aria-invalid': centreError !== undefined || undefined,
    'aria-describedby': centreError !== undefined ? centreErrorId : undefined,
  };
  return (
    <div className="sn-geofence-editor__group">
      <Select
        label="Shape"
        value={draft.shapeType}
        options={SHAPE_OPTIONS}
        onValueChange={(value) => {
          const shapeType = GEOFENCE_SHAPE_TYPES.find((type) => type === value) ?? draft.shapeType;
          change((current) => ({ ...current, shapeType }), 'Radius', 'Centre', 'Points');
        }}
      />
      {mapsApiKey !== undefined && mapsApiKey.trim() !== '' && (
        <GeofenceMap apiKey={mapsApiKey} draft={draft} change={change} message={message} />
      )}
      {draft.shapeType === 'Circle' ? (
        <>
          <div className="sn-geofence-editor__row">
            <TextField
              label="Centre latitude"
              inputMode="decimal"
              autoComplete="off"
              placeholder="-26.2041"
              value={draft.latitude}
              {...centreInvalid}
              onChange={(event) => changeTo('latitude', event.target.value, 'Centre')}
            />
            <TextField
              label="Centre longitude"
              inputMode="decimal"
              autoComplete="off"
              placeholder="28.0473"
              value={draft.longitude}
              {...centreInvalid}
              onChange={(event) => changeTo('longitude', event.target.value, 'Centre')}
            />
          </div>
          {centreError !== undefined && (
            <p id={centreErrorId} className="sn-field__error">
              {centreError}
            </p>
          )}
          <TextField
            label="Radius in metres"
            inputMode="numeric"
            autoComplete="off"
            value={draft.radius}
            error={message('Radius')}
            onChange={(event) => changeTo('radius', event.target.value, 'Radius')}
          />
        </>
      ) : (
        // The kit has no multi-line field: a textarea in the fields' look, its hint and error under it.
        <div className={clsx('sn-field', cornersError !== undefined && 'sn-field--invalid')}>
          <label className="sn-field__label" htmlFor={cornersId}>
            Corners
          </label>
          <div className="sn-field__control">
            <textarea
              id={cornersId}
              className="sn-field__input sn-geofence-editor__corners"
              rows={6}
              spellCheck={false}
              value={draft.corners}
              aria-invalid={cornersError !== undefined || undefined}
              aria-describedby={clsx(`${cornersId}-hint`, cornersError !== undefined && `${cornersId}-error`)}
              onChange={(event) => changeTo('corners', event.target.value, 'Points')}
            />
          </div>
          <p id={`${cornersId}-hint`} className="sn-field__hint">
            One corner per line, in order around the edge: latitude, longitude
          </p>
          {cornersError !== undefined && (
            <p id={`${cornersId}-error`} className="sn-field__error">
              {cornersError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
