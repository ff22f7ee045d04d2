import { digitsOnly } from '@sentinel/domain';
import { TextField } from '../text-field';

export interface PhoneFieldProps {
  /** @default 'Cellphone number' */
  label?: string;
  /** Controlled national number (digits only), without the +27. */
  value: string;
  /** Called with the typed text reduced to digits (`digitsOnly` of @sentinel/domain). */
  onValueChange: (value: string) => void;
  /** Error message under the field, e.g. MESSAGES.phoneNumber. */
  error?: string | undefined;
  onBlur?: (() => void) | undefined;
  /** Help text, e.g. 'Required format: 0821234567'. */
  hint?: string | undefined;
  /** Fixed country prefix shown before the input. @default '+27' */
  prefix?: string | undefined;
  /** @default false */
  disabled?: boolean | undefined;
  /** @default false */
  readOnly?: boolean | undefined;
  id?: string | undefined;
  name?: string | undefined;
  className?: string;
}

/** The cellphone field: fixed +27 prefix, digits only while typing. Validation stays with the form. */
export function PhoneField({
  label = 'Cellphone number',
  value,
  onValueChange,
  error,
  onBlur,
  hint,
  prefix = '+27',
  disabled,
  readOnly,
  id,
  name,
  className,
}: PhoneFieldProps) {
  return (
    <TextField
      label={label}
      prefix={prefix}
      hint={hint}
      error={error}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      value={value}
      onChange={(event) => onValueChange(digitsOnly(event.target.value))}
      {...(onBlur !== undefined ? { onBlur: () => onBlur() } : {})}
      {...(disabled !== undefined ? { disabled } : {})}
      {...(readOnly !== undefined ? { readOnly } : {})}
      {...(id !== undefined ? { id } : {})}
      {...(name !== undefined ? { name } : {})}
      {...(className !== undefined ? { className } : {})}
    />
  );
}
