import { TextField, type TextFieldProps } from '../text-field';

/**
 * The input's own props (ref, name, onBlur, readOnly, aria-*, data-*, ...) pass through to the
 * TextField's input, so form libraries can register it.
 */
export interface IdNumberFieldProps extends Omit<
  TextFieldProps,
  'label' | 'value' | 'onChange' | 'inputMode' | 'maxLength' | 'defaultValue'
> {
  /** The 'Has a South African ID' toggle: picks the label (and the numeric keyboard). */
  isSouthAfrican: boolean;
  value: string;
  onValueChange: (value: string) => void;
}

/** 'South African ID Number' or 'Passport Number', depending on the toggle. */
export function IdNumberField({ isSouthAfrican, value, onValueChange, ...rest }: IdNumberFieldProps) {
  return (
    <TextField
      autoComplete="off"
      {...rest}
      label={isSouthAfrican ? 'South African ID Number' : 'Passport Number'}
      // An SA ID is 13 digits: offer the number pad. Passports mix letters and digits.
      inputMode={isSouthAfrican ? 'numeric' : 'text'}
      maxLength={isSouthAfrican ? 13 : 50}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
