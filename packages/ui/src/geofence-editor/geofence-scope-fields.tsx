import { GEOFENCE_SCOPE_KINDS, GEOFENCE_SCOPE_LABELS } from '@sentinel/domain';
import type { GeofenceScopeKind } from '@sentinel/domain';
import { SearchCombobox } from '../search-combobox';
import { Select } from '../select';
import type { GeofenceFieldsProps } from './geofence-shape-fields';

/** A vehicle, account holder or company the scope's target field offers. */
export interface GeofenceScopeTarget {
  id: number;
  /** What the field shows: a registration, a person's name, a company's name. */
  name: string;
}

/** A scope kind that names one vehicle, account holder or company. */
export type GeofenceTargetKind = Exclude<GeofenceScopeKind, 'Everyone'>;

const TARGET_FIELD: Record<GeofenceTargetKind, { label: string; empty: string; placeholder: string }> = {
  Vehicle: { label: 'Vehicle', empty: 'No vehicles match', placeholder: 'Type a registration number' },
  AccountHolder: { label: 'Account holder', empty: 'No account holders match', placeholder: 'Type a name' },
  Company: { label: 'Company', empty: 'No companies match', placeholder: "Type the company's name" },
};

export interface GeofenceScopeFieldsProps extends GeofenceFieldsProps {
  scopeKinds: readonly GeofenceScopeKind[];
  targets: readonly GeofenceScopeTarget[];
  targetsLoading: boolean;
  onTargetSearch: (kind: GeofenceTargetKind, text: string) => void;
}

/**
 * Which vehicles the geofence watches: the kind of scope, and for all but every vehicle, the one
 * vehicle (by registration), account holder or company, searched on the server as it is typed.
 */
export function GeofenceScopeFields({
  draft,
  change,
  message,
  scopeKinds,
  targets,
  targetsLoading,
  onTargetSearch,
}: GeofenceScopeFieldsProps) {
  // A stored geofence keeps its kind on show even when the person may not choose it for a new one.
  const kindOptions = GEOFENCE_SCOPE_KINDS.filter(
    (kind) => scopeKinds.includes(kind) || kind === draft.scopeKind,
  ).map((kind) => ({ value: kind, label: GEOFENCE_SCOPE_LABELS[kind] }));
  const targetKind = draft.scopeKind === '' || draft.scopeKind === 'Everyone' ? undefined : draft.scopeKind;
  return (
    <div className="sn-geofence-editor__group">
      <Select
        label="Vehicles watched"
        value={draft.scopeKind}
        options={kindOptions}
        placeholder="Choose which vehicles"
        error={targetKind === undefined ? message('Scope') : undefined}
        onValueChange={(value) => {
          const kind = GEOFENCE_SCOPE_KINDS.find((item) => item === value) ?? '';
          change((current) => ({ ...current, scopeKind: kind, scopeId: null, scopeText: '' }), 'Scope');
          if (kind !== '' && kind !== 'Everyone') onTargetSearch(kind, '');
        }}
      />
      {targetKind !== undefined && (
        <SearchCombobox<GeofenceScopeTarget>
          label={TARGET_FIELD[targetKind].label}
          placeholder={TARGET_FIELD[targetKind].placeholder}
          emptyText={TARGET_FIELD[targetKind].empty}
          minCharacters={2}
          options={targets}
          optionToString={(target) => target.name}
          optionKey={(target) => target.id}
          selected={draft.scopeId === null ? null : { id: draft.scopeId, name: draft.scopeText }}
          onSelectedChange={(target) =>
            change(
              (current) => ({
                ...current,
                scopeId: target?.id ?? null,
                scopeText: target?.name ?? current.scopeText,
              }),
              'Scope',
            )
          }
          inputValue={draft.scopeText}
          onInputValueChange={(text) => {
            // Typing over the chosen target's name lets it go.
            change(
              (current) => ({
                ...current,
                scopeText: text,
                scopeId: text === current.scopeText ? current.scopeId : null,
              }),
              'Scope',
            );
            onTargetSearch(targetKind, text);
          }}
          loading={targetsLoading}
          error={message('Scope')}
        />
      )}
    </div>
  );
}
