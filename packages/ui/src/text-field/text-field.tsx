import { useId, type ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';

/** Native input props, `ref` included (React 19 passes it as a prop); `className` styles the wrapper. */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'prefix'> {
  /** Visible label, also the input's accessible name. */
  label: string;
  /** Error message shown under the input; marks the input aria-invalid. */
  error?: string | undefined;
  /** Help text shown under the input, e.g. 'Required format: 0821234567'. */
  hint?: string | undefined;
  /** Fixed leading text inside the field, e.g. '+27'. */
  prefix?: string | undefined;
}

export function TextField({
  ref,
  label,
  error,
  hint,
  prefix,
  id,
  className,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const prefixId = `${inputId}-prefix`;
  const hasError = error !== undefined && error !== '';
  const describedByIds =
    clsx(
      describedBy,
      prefix !== undefined && prefixId,
      hint !== undefined && hint !== '' && hintId,
      hasError && errorId,
    ) || undefined;

  return (
    <div className={clsx('sn-field', hasError && 'sn-field--invalid', className)}>
      <label className="sn-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={clsx('sn-field__control', prefix !== undefined && 'sn-field__control--prefixed')}>
        {prefix !== undefined && (
          // Part of the description so a screen reader in forms mode still hears '+27' before typing.
          <span id={prefixId} className="sn-field__prefix">
            {prefix}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          className="sn-field__input"
          aria-invalid={hasError || undefined}
          aria-describedby={describedByIds}
          {...rest}
        />
      </div>
      {hint !== undefined && hint !== '' && (
        <p id={hintId} className="sn-field__hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="sn-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
