import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorText } from '@sentinel/api-sdk';
import type { AlarmResolution, ResolveAlarmRequest } from '@sentinel/api-sdk';
import { ALARM_RESOLUTION_LABELS, ALARM_RESOLUTIONS, alarmResolutionErrors } from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { Alert, Button, Select } from '@sentinel/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Alarm } from '@sentinel/api-sdk';
import { fieldError, serverFieldErrors } from '../utils/field-error';
import { NoteField } from './note-field';

const REASON_OPTIONS = ALARM_RESOLUTIONS.map((value: AlarmResolution) => ({
  value,
  label: ALARM_RESOLUTION_LABELS[value],
}));

/** 'Resolve': a reason and a note, checked with the domain's rule before sending, errors at the fields. */
export function ResolveForm({
  resolve,
  onDone,
}: {
  resolve: UseMutationResult<Alarm, Error, ResolveAlarmRequest>;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>();
  const [failure, setFailure] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = alarmResolutionErrors(reason, note);
    setErrors(found);
    if (found) return;
    const text = note.trim();
    resolve.mutate(
      { reason, ...(text === '' ? {} : { note: text }) },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields);
          if (!fields) setFailure(errorText(error));
        },
      },
    );
  };

  return (
    <form className="alarms-form" aria-label="Resolve alarm" onSubmit={submit} noValidate>
      <Select
        label="Reason"
        placeholder="Choose a reason"
        value={reason}
        onValueChange={setReason}
        options={REASON_OPTIONS}
        error={fieldError(errors, 'Reason')}
      />
      <NoteField label="Note" value={note} onChange={setNote} error={fieldError(errors, 'Note')} />
      {failure && <Alert variant="error">{failure}</Alert>}
      <div className="alarms-form__actions">
        <Button type="submit" busy={resolve.isPending} busyLabel="Resolving">
          Resolve alarm
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
