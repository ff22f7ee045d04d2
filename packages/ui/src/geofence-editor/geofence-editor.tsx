import { useEffect, useRef, useState, type FormEvent } from 'react';
import { GEOFENCE_MAX_RULES, GEOFENCE_SCOPE_KINDS } from '@sentinel/domain';
import type { FieldErrors, GeofenceInput, GeofencePreview, GeofenceScopeKind } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Alert } from '../alert';
import { Button } from '../button';
import { errorText } from '../internal/error-text';
import { Spinner } from '../spinner';
import { TextField } from '../text-field';
import { draftOf, NEW_RULE, newDraft, readDraft, ruleKeys, serverErrors } from './geofence-draft';
import type { GeofenceDraft, RuleDraft } from './geofence-draft';
import { GeofencePreviewResult } from './geofence-preview-result';
import { GeofenceRuleFields } from './geofence-rule-fields';
import { GeofenceScopeFields } from './geofence-scope-fields';
import type { GeofenceScopeTarget, GeofenceTargetKind } from './geofence-scope-fields';
import { GeofenceShapeFields } from './geofence-shape-fields';

export interface GeofenceEditorProps {
  /** The geofence to change, with its scope's name; absent for a new one. */
  geofence?: (GeofenceInput & { scopeName: string }) | undefined;
  /** The scope kinds the person may choose (the api refuses others). @default all four */
  scopeKinds?: readonly GeofenceScopeKind[] | undefined;
  /** The targets matching what is typed in the scope's target field (from the server). */
  targets: readonly GeofenceScopeTarget[];
  /** While true the target field's list reads 'Searching...'. @default false */
  targetsLoading?: boolean | undefined;
  /** Called with the scope's kind and the text typed in its target field; the app searches with it. */
  onTargetSearch: (kind: GeofenceTargetKind, text: string) => void;
  /**
   * Saves the geofence; resolve once saved. Reject with an error whose `errors` name the form's
   * fields (as ApiError of @sentinel/api-sdk does) to show them there, or any other Error to show
   * its message; what the person entered stays either way.
   */
  onSave: (input: GeofenceInput) => Promise<void>;
  /** 'Try on the last 7 days': the breaches the unsaved rules would have raised; rejects as onSave. */
  onPreview: (input: GeofenceInput) => Promise<GeofencePreview>;
  onCancel: () => void;
  /**
   * googleMapsApiKey from appsettings.json: the shape is then also drawn on a Google map above its
   * fields. Without one, or when Google's script cannot load, the fields alone.
   */
  mapsApiKey?: string | undefined;
  /** The form's accessible name. @default 'Geofence' */
  label?: string | undefined;
  className?: string;
}

type Preview =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; preview: GeofencePreview }
  | { state: 'failed'; message: string };

/**
 * The geofence form: its name, a circle (centre and radius) or a polygon (corners pasted one a
 * line, or either drawn on a Google map when a key is given), the vehicles it watches (its scope)
 * and 1 to 5 rules. The domain's rules (geofenceErrors) are checked at their fields before anything
 * is sent; 'Try on the last 7 days' runs the unsaved rules over the stored fixes and lists what they
 * would have raised.
 */
export function GeofenceEditor({
  geofence,
  scopeKinds = GEOFENCE_SCOPE_KINDS,
  targets,
  targetsLoading = false,
  onTargetSearch,
  onSave,
  onPreview,
  onCancel,
  mapsApiKey,
  label = 'Geofence',
  className,
}: GeofenceEditorProps) {
  const [draft, setDraft] = useState<GeofenceDraft>(() =>
    geofence === undefined ? newDraft(scopeKinds[0] ?? '') : draftOf(geofence, geofence.scopeName),
  );
  // Checked once Save or the try-out is pressed: from then on the form's messages follow every change.
  const [checked, setChecked] = useState(false);
  // The server's messages stay at their fields until the person changes that field.
  const [server, setServer] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const local = checked ? readDraft(draft).errors : {};
  const message = (key: string) => local[key]?.[0] ?? server[key]?.[0];

  // After a refusal, the first field that needs the person gets the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** The form as changed; the changed fields' server messages and an earlier try-out go. */
  const change = (update: (current: GeofenceDraft) => GeofenceDraft, ...changedKeys: string[]) => {
    setDraft(update);
    setServer((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !changedKeys.includes(key))),
    );
    setPreview((current) => (current.state === 'running' ? current : { state: 'idle' }));
  };
  const changeRule = (index: number, rule: RuleDraft, changedKey: string) =>
    change(
      (current) => ({ ...current, rules: current.rules.map((item, at) => (at === index ? rule : item)) }),
      changedKey,
    );
  const changeRules = (update: (rules: readonly RuleDraft[]) => readonly RuleDraft[]) =>
    // Adding or removing a rule renumbers the ones after it: their server messages no longer fit.
    change(
      (current) => ({ ...current, rules: update(current.rules) }),
      'Rules',
      ...draft.rules.flatMap((_, index) => ruleKeys(index)),
    );

  /** The input to send, or undefined after showing why not. */
  const checkedInput = (): GeofenceInput | undefined => {
    const { input } = readDraft(draft);
    setChecked(true);
    setFailure(null);
    if (input === undefined) setFocusRequest((count) => count + 1);
    return input;
  };

  /** A refusal's messages at their fields, or its words above the actions. */
  const refused = (error: unknown, fallback: string): string | undefined => {
    const atFields = serverErrors(error, draft.rules.length);
    setServer(atFields);
    if (Object.keys(atFields).length === 0) return errorText(error, fallback);
    setFocusRequest((count) => count + 1);
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = checkedInput();
    if (input === undefined) return;
    setSaving(true);
    try {
      await onSave(input);
    } catch (error) {
      setFailure(refused(error, 'Failed to save the geofence') ?? null);
    } finally {
      setSaving(false);
    }
  };

  const tryOut = async () => {
    if (preview.state === 'running') return;
    const input = checkedInput();
    if (input === undefined) return;
    setPreview({ state: 'running' });
    try {
      setPreview({ state: 'done', preview: await onPreview(input) });
    } catch (error) {
      const words = refused(error, 'Failed to try the rules');
      setPreview(words === undefined ? { state: 'idle' } : { state: 'failed', message: words });
    }
  };

  const rulesError = message('Rules');

  return (
    <form
      ref={form}
      className={clsx('sn-geofence-editor', className)}
      aria-label={label}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <TextField
        label="Name"
        value={draft.name}
        autoComplete="off"
        error={message('Name')}
        onChange={(event) => {
          const name = event.target.value;
          change((current) => ({ ...current, name }), 'Name');
        }}
      />

      <GeofenceShapeFields draft={draft} change={change} message={message} mapsApiKey={mapsApiKey} />
      <GeofenceScopeFields
        draft={draft}
        change={change}
        message={message}
        scopeKinds={scopeKinds}
        targets={targets}
        targetsLoading={targetsLoading}
        onTargetSearch={onTargetSearch}
      />

      <fieldset className="sn-geofence-editor__group">
        <legend className="sn-geofence-editor__title">Rules</legend>
        {rulesError !== undefined && <p className="sn-field__error">{rulesError}</p>}
        {draft.rules.map((rule, index) => (
          <GeofenceRuleFields
            // Rules have no identity of their own; a removed one renumbers the rest.
            key={index}
            index={index}
            rule={rule}
            message={message}
            onChange={(next, changedKey) => changeRule(index, next, changedKey)}
            onRemove={
              draft.rules.length > 1
                ? () => changeRules((rules) => rules.filter((_, at) => at !== index))
                : undefined
            }
          />
        ))}
        {draft.rules.length < GEOFENCE_MAX_RULES && (
          <Button
            variant="secondary"
            className="sn-geofence-editor__add-rule"
            onClick={() => changeRules((rules) => [...rules, NEW_RULE])}
          >
            Add a rule
          </Button>
        )}
      </fieldset>

      <div className="sn-geofence-editor__preview">
        <Button
          variant="secondary"
          busy={preview.state === 'running'}
          busyLabel="Trying the last 7 days"
          onClick={() => void tryOut()}
        >
          Try on the last 7 days
        </Button>
        {preview.state === 'running' && <Spinner label="Trying the rules on the last 7 days" />}
        {preview.state === 'failed' && <Alert variant="error">{preview.message}</Alert>}
        {preview.state === 'done' && <GeofencePreviewResult preview={preview.preview} />}
      </div>

      {failure !== null && <Alert variant="error">{failure}</Alert>}
      <div className="sn-geofence-editor__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={saving} busyLabel="Saving">
          Save
        </Button>
      </div>
    </form>
  );
}
