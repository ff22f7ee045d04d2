// The register form's fields the kit has no control for: a multi-line description and a group of
// checkboxes with one message under them. Both follow the kit's field style and ARIA.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Checkbox } from '@sentinel/ui';

/** A labelled textarea in the kit's field style, its hint and error under it. */
export function DescriptionField({
  label,
  hint,
  value,
  error,
  maxLength,
  onChange,
  onBlur,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  maxLength: number;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const described = [`${id}-hint`, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <div className={error ? 'sn-field sn-field--invalid' : 'sn-field'}>
      <label className="sn-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="sn-field__control">
        <textarea
          id={id}
          className="sn-field__input breach-form__description"
          rows={5}
          value={value}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </div>
      <p id={`${id}-hint`} className="sn-field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="sn-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A fieldset of choices with its message under them, named by its legend. */
export function ChoicesField({
  legend,
  error,
  children,
}: {
  legend: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="breach-form__choices"
      aria-invalid={error !== undefined || undefined}
      aria-describedby={error !== undefined ? errorId : undefined}
    >
      <legend className="sn-field__label">{legend}</legend>
      {children}
      {error !== undefined && (
        <p id={errorId} className="sn-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One choice of the group: the checkbox and, under it, what it covers (its description). */
export function Choice({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="breach-form__choice">
      <Checkbox label={label} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={hintId} />
      <p id={hintId} className="breach-form__choice-hint">
        {hint}
      </p>
    </div>
  );
}
