// 'Record an incident' and 'Edit incident': the register's form in a dialog. Its rules are the
// domain's (breachIncidentErrors), checked on blur and before sending; the api's field errors land
// beside the same fields. Times are typed in South African time and sent as instants.
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { errorText } from '@sentinel/api-sdk';
import type { BreachIncident } from '@sentinel/api-sdk';
import {
  BREACH_DATA_CLASS_HINTS,
  BREACH_DATA_CLASSES,
  BREACH_DESCRIPTION_MAX_LENGTH,
  breachIncidentErrors,
  breachIncidentFields,
  instantFromSastInput,
  parsePeopleAffected,
  sastDateTimeInput,
} from '@sentinel/domain';
import type { BreachIncidentDraft } from '@sentinel/domain';
import { Alert, Button, Dialog, DialogClose, DialogContent, DialogFooter, TextField } from '@sentinel/ui';
import { useFieldForm } from '../../../lib/use-field-form';
import { useSaveBreachIncidentMutation } from '../api/breach-queries';
import { ChoicesField, Choice, DescriptionField } from './breach-fields';

type Field =
  | 'OccurredAt'
  | 'DiscoveredAt'
  | 'Description'
  | 'DataClasses'
  | 'PeopleAffected'
  | 'RegulatorNotifiedAt'
  | 'PeopleNotifiedAt';

/** Which form is open: a new incident's, or a recorded one's; undefined while closed. */
export type BreachEditing = { incident: BreachIncident | undefined } | undefined;

// The chosen data classes, held in the form's one string per field.
const CLASS_SEPARATOR = '\n';
const classesOf = (value: string) => value.split(CLASS_SEPARATOR).filter((name) => name !== '');

function draftOf(values: Record<Field, string>): BreachIncidentDraft {
  return {
    occurredAt: instantFromSastInput(values.OccurredAt),
    discoveredAt: instantFromSastInput(values.DiscoveredAt),
    description: values.Description,
    dataClasses: classesOf(values.DataClasses),
    peopleAffected: parsePeopleAffected(values.PeopleAffected),
    regulatorNotifiedAt: instantFromSastInput(values.RegulatorNotifiedAt),
    peopleNotifiedAt: instantFromSastInput(values.PeopleNotifiedAt),
  };
}

function initialValues(incident: BreachIncident | undefined): Record<Field, string> {
  return {
    OccurredAt: sastDateTimeInput(incident?.occurredAt ?? null),
    DiscoveredAt: sastDateTimeInput(incident?.discoveredAt ?? null),
    Description: incident?.description ?? '',
    DataClasses: (incident?.dataClasses ?? []).join(CLASS_SEPARATOR),
    PeopleAffected: incident === undefined ? '' : String(incident.peopleAffected),
    RegulatorNotifiedAt: sastDateTimeInput(incident?.regulatorNotifiedAt ?? null),
    PeopleNotifiedAt: sastDateTimeInput(incident?.peopleNotifiedAt ?? null),
  };
}

export function BreachIncidentDialog({ editing, onClose }: { editing: BreachEditing; onClose: () => void }) {
  return (
    <Dialog open={editing !== undefined} onOpenChange={(open) => !open && onClose()}>
      {editing !== undefined && (
        <DialogContent
          className="breach-dialog"
          title={editing.incident === undefined ? 'Record an incident' : 'Edit incident'}
          description="Times are South African time. Leave a notification empty until it has been given."
        >
          <IncidentForm incident={editing.incident} onSaved={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function IncidentForm({ incident, onSaved }: { incident: BreachIncident | undefined; onSaved: () => void }) {
  const save = useSaveBreachIncidentMutation(incident?.id);
  const validate = useCallback(
    (values: Record<Field, string>) => breachIncidentErrors(draftOf(values)) ?? {},
    [],
  );
  const form = useFieldForm<Field>(initialValues(incident), validate);
  const [failure, setFailure] = useState<string>();
  const chosen = classesOf(form.values.DataClasses);

  const toggleClass = (name: string, on: boolean) => {
    const next = BREACH_DATA_CLASSES.filter((each) => (each === name ? on : chosen.includes(each)));
    form.setValue('DataClasses', next.join(CLASS_SEPARATOR));
  };
  const dateField = (field: Field, label: string, hint?: string) => (
    <TextField
      label={label}
      type="datetime-local"
      hint={hint}
      {...form.bind(field)}
      onChange={(event) => form.setValue(field, event.target.value)}
    />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    if (save.isPending || !form.validateAll()) return;
    save.mutate(breachIncidentFields(draftOf(form.values)), {
      onSuccess: onSaved,
      onError: (error) => {
        if (!form.showServerErrors(error)) setFailure(errorText(error));
      },
    });
  };

  return (
    <form className="breach-form" aria-label="Incident" onSubmit={submit} noValidate>
      {dateField('OccurredAt', 'When it happened')}
      {dateField('DiscoveredAt', 'When it was discovered')}
      <DescriptionField
        label="What happened"
        hint="What was exposed or lost, how, and what has been done about it"
        maxLength={BREACH_DESCRIPTION_MAX_LENGTH * 2}
        {...form.bind('Description')}
        onChange={(value) => form.setValue('Description', value)}
      />
      <ChoicesField legend="Personal data involved" error={form.error('DataClasses')}>
        {BREACH_DATA_CLASSES.map((name) => (
          <Choice
            key={name}
            label={name}
            hint={BREACH_DATA_CLASS_HINTS[name]}
            checked={chosen.includes(name)}
            onCheckedChange={(on) => toggleClass(name, on)}
          />
        ))}
      </ChoicesField>
      <TextField
        label="People affected"
        inputMode="numeric"
        hint="As best known; 0 when nobody's data was reached"
        {...form.bind('PeopleAffected')}
        onChange={(event) => form.setValue('PeopleAffected', event.target.value)}
      />
      {dateField('RegulatorNotifiedAt', 'Information Regulator told')}
      {dateField('PeopleNotifiedAt', 'People affected told')}
      {failure && <Alert variant="error">{failure}</Alert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" busy={save.isPending} busyLabel="Saving">
          {incident === undefined ? 'Record incident' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
