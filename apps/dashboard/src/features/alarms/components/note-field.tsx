import { useId } from 'react';
import { ALARM_NOTE_MAX_LENGTH } from '@sentinel/domain';

/** A labelled textarea in the kit's field style (the kit has no multi-line field), its error under it. */
export function NoteField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className={error ? 'sn-field sn-field--invalid' : 'sn-field'}>
      <label className="sn-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="sn-field__control">
        <textarea
          id={id}
          className="sn-field__input alarms-note"
          rows={3}
          value={value}
          maxLength={ALARM_NOTE_MAX_LENGTH * 2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="sn-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
