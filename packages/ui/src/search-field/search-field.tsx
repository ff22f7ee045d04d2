import { useId, type ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';

/** The input's own props (ref, name, onKeyDown, aria-*, data-*, ...) pass through to it. */
export interface SearchFieldProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'className'
> {
  /** Label and accessible name, e.g. 'Search clients'. */
  label: string;
  /** Controlled text. */
  value: string;
  /** Called with the new text as the person types or clears. */
  onValueChange: (value: string) => void;
  /** Keep the label for assistive technology only (the magnifier and placeholder explain the field). @default false */
  hideLabel?: boolean | undefined;
  /** Id of the input; generated when absent. */
  id?: string | undefined;
  className?: string;
}

export function SearchField({
  label,
  value,
  onValueChange,
  hideLabel = false,
  id,
  className,
  ...rest
}: SearchFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={clsx('sn-field', 'sn-search', className)}>
      <label className={clsx('sn-field__label', hideLabel && 'sn-visually-hidden')} htmlFor={inputId}>
        {label}
      </label>
      <div className="sn-field__control">
        <span className="sn-search__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <input
          autoComplete="off"
          {...rest}
          id={inputId}
          type="search"
          className="sn-field__input sn-search__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
        {value !== '' && (
          <button
            type="button"
            className="sn-search__clear"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              onValueChange('');
              // Back to the input so the person can type the next search at once.
              // By id: the ref prop belongs to the caller.
              document.getElementById(inputId)?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}
