import { useId, type ComponentPropsWithRef } from 'react';
import { Switch as Primitive } from 'radix-ui';
import { clsx } from 'clsx';

/**
 * The switch button's own props (ref, name, required, onBlur, aria-*, data-*, ...) pass through to it,
 * so form libraries can register it; `className` styles the wrapper with the label.
 */
export interface SwitchProps extends Omit<
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
  /** Visible label, also the switch's accessible name, e.g. 'Auto Refresh'. */
  label: string;
  /** Controlled on/off state. */
  checked: boolean;
  /** Called with the new state when the person toggles the switch. */
  onCheckedChange: (checked: boolean) => void;
  /** @default false */
  disabled?: boolean | undefined;
  /** Id of the switch button; generated when absent. */
  id?: string | undefined;
  /** Form field name; Radix then renders a hidden checkbox so native forms see the value. */
  name?: string | undefined;
  className?: string;
}

export function Switch({
  label,
  checked,
  onCheckedChange,
  disabled = false,
  id,
  name,
  className,
  ...rest
}: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  return (
    <div className={clsx('sn-switch', disabled && 'sn-switch--disabled', className)}>
      <Primitive.Root
        {...rest}
        id={switchId}
        className="sn-switch__root"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        {...(name !== undefined ? { name } : {})}
      >
        <Primitive.Thumb className="sn-switch__thumb" />
      </Primitive.Root>
      <label className="sn-switch__label" htmlFor={switchId}>
        {label}
      </label>
    </div>
  );
}
