import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorText } from '@sentinel/api-sdk';
import type { AlarmEvent } from '@sentinel/api-sdk';
import { alarmNoteErrors } from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { Alert, Button } from '@sentinel/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import { fieldError, serverFieldErrors } from '../utils/field-error';
import { NoteField } from './note-field';

/** 'Add note': a note for the timeline, checked with the domain's rule before sending. */
export function NoteForm({
  addNote,
  onDone,
}: {
  addNote: UseMutationResult<AlarmEvent, Error, string>;
  onDone: () => void;
}) {
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>();
  const [failure, setFailure] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = alarmNoteErrors(note);
    setErrors(found);
    if (found) return;
    addNote.mutate(note.trim(), {
      onSuccess: onDone,
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setErrors(fields);
        if (!fields) setFailure(errorText(error));
      },
    });
  };

  return (
    <form className="alarms-form" aria-label="Add note" onSubmit={submit} noValidate>
      <NoteField label="Note" value={note} onChange={setNote} error={fieldError(errors, 'Note')} />
      {failure && <Alert variant="error">{failure}</Alert>}
      <div className="alarms-form__actions">
        <Button type="submit" busy={addNote.isPending} busyLabel="Saving">
          Save note
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
