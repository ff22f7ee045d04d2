import { digitsOnly } from '@sentinel/domain';
import { TextField, type TextFieldProps } from '../text-field';

/**
 * The input's own props (ref, name, onBlur, required, aria-*, data-*, ...) pass through to the
 * TextField's input, so form libraries can register it.
 */
export interface PhoneFieldProps extends Omit<
  TextFieldProps,
  'label' | 'value' | 'onChange' | 'prefix' | 'type' | 'inputMode' | 'defaultValue'
> {
  /** @default 'Cellphone number' */
  label?: string;
  /** Controlled national number (digits only), without the +27. */
  value: string;
  /** Called with the typed text reduced to digits (`digitsOnly` of @sentinel/domain). */
  onValueChange: (value: string) => void;
  /** Fixed country prefix shown before the input. @default '+27' */
  prefix?: string | undefined;
}

/** The cellphone field: fixed +27 prefix, digits only while typing. Validation stays with the form. */
export function PhoneField({
  label = 'Cellphone number',
  value,
  onValueChange,
  prefix = '+27',
  ...rest
}: PhoneFieldProps) {
  return (
    <TextField
      autoComplete="tel-national"
      {...rest}
      label={label}
      prefix={prefix}
      type="tel"
      inputMode="numeric"
      value={value}
      onChange={(event) => onValueChange(digitsOnly(event.target.value))}
    />
  );
}
