import { TextField } from '../text-field';

export interface IdNumberFieldProps {
  /** The 'Has a South African ID' toggle: picks the label (and the numeric keyboard). */
  isSouthAfrican: boolean;
  value: string;
  onValueChange: (value: string) => void;
  /** Error message, e.g. from `validateIdNumber` of @sentinel/domain. */
  error?: string | undefined;
  onBlur?: (() => void) | undefined;
  /** Edit modals show the ID read-only. @default false */
  readOnly?: boolean | undefined;
  /** @default false */
  disabled?: boolean | undefined;
  id?: string | undefined;
  name?: string | undefined;
  className?: string;
}

/** 'South African ID Number' or 'Passport Number', depending on the toggle. */
export function IdNumberField({
  isSouthAfrican,
  value,
  onValueChange,
  error,
  onBlur,
  readOnly,
  disabled,
  id,
  name,
  className,
}: IdNumberFieldProps) {
  return (
    <TextField
      label={isSouthAfrican ? 'South African ID Number' : 'Passport Number'}
      // An SA ID is 13 digits: offer the number pad. Passports mix letters and digits.
      inputMode={isSouthAfrican ? 'numeric' : 'text'}
      autoComplete="off"
      value={value}
      error={error}
      onChange={(event) => onValueChange(event.target.value)}
      {...(isSouthAfrican ? { maxLength: 13 } : { maxLength: 50 })}
      {...(onBlur !== undefined ? { onBlur: () => onBlur() } : {})}
      {...(readOnly !== undefined ? { readOnly } : {})}
      {...(disabled !== undefined ? { disabled } : {})}
      {...(id !== undefined ? { id } : {})}
      {...(name !== undefined ? { name } : {})}
      {...(className !== undefined ? { className } : {})}
    />
  );
}
