import { useId, type ComponentPropsWithRef } from 'react';
import { Checkbox as Primitive } from 'radix-ui';
import { clsx } from 'clsx';

/**
 * The checkbox button's own props (ref, required, onBlur, aria-*, data-*, ...) pass through to it,
 * so form libraries can register it; `className` styles the wrapper with the label.
 */
export interface CheckboxProps extends Omit<
  ComponentPropsWithRef<typeof Primitive.Root>,
  | 'checked'
  | 'defaultChecked'
  | 'onCheckedChange'
  | 'children'
  | 'asChild'
  | 'disabled'
  | 'id'
  | 'name'
  | 'className'
> {
  /** Visible label, also the checkbox's accessible name, e.g. 'Has a South African ID'. */
  label: string;
  /** Controlled state. */
  checked: boolean;
  /** Called with the new state when the person toggles the box. */
  onCheckedChange: (checked: boolean) => void;
  /** @default false */
  disabled?: boolean | undefined;
  /** Id of the checkbox button; generated when absent. */
  id?: string | undefined;
  /** Form field name; Radix then renders a hidden native checkbox inside forms. */
  name?: string | undefined;
  className?: string;
}

export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled = false,
  id,
  name,
  className,
  ...rest
}: CheckboxProps) {
  const generatedId = useId();
  const checkboxId = id ?? generatedId;
  return (
    <div className={clsx('sn-checkbox', disabled && 'sn-checkbox--disabled', className)}>
      <Primitive.Root
        {...rest}
        id={checkboxId}
        className="sn-checkbox__root"
        checked={checked}
        // Radix reports 'indeterminate' too; this control is never indeterminate.
        onCheckedChange={(next) => onCheckedChange(next === true)}
        disabled={disabled}
        {...(name !== undefined ? { name } : {})}
      >
        <Primitive.Indicator className="sn-checkbox__indicator">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M5 12l5 5 9-10"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Primitive.Indicator>
      </Primitive.Root>
      <label className="sn-checkbox__label" htmlFor={checkboxId}>
        {label}
      </label>
    </div>
  );
}
