import { useId, type ComponentPropsWithRef } from 'react';
import { Select as Primitive } from 'radix-ui';
import { clsx } from 'clsx';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The trigger button's own props (ref, onBlur, aria-*, data-*, ...) pass through to it, so form
 * libraries can register and focus it; `className` styles the wrapper with the label.
 */
export interface SelectProps extends Omit<
  ComponentPropsWithRef<'button'>,
  'value' | 'defaultValue' | 'onChange' | 'children' | 'disabled' | 'id' | 'name' | 'className' | 'type'
> {
  /** Visible label, also the trigger's accessible name, e.g. 'Role' or 'Sort by'. */
  label: string;
  /** The chosen option's value; '' shows the placeholder. */
  value: string;
  /** Called with the chosen option's value. */
  onValueChange: (value: string) => void;
  /** The choices, in display order. Values must not be ''. */
  options: readonly SelectOption[];
  /** Shown while nothing is chosen, e.g. 'Select a user'. */
  placeholder?: string | undefined;
  /** Error message shown under the trigger; marks it aria-invalid. */
  error?: string | undefined;
  /** @default false */
  disabled?: boolean | undefined;
  /** Id of the trigger button; generated when absent. */
  id?: string | undefined;
  /** Marks the native select Radix renders inside forms as required. @default false */
  required?: boolean | undefined;
  /** Form field name; Radix then renders a native select inside forms so they see the value. */
  name?: string | undefined;
  className?: string;
}

export function Select({
  label,
  value,
  onValueChange,
  options,
  placeholder,
  error,
  disabled = false,
  id,
  name,
  className,
  required,
  ...rest
}: SelectProps) {
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  const labelId = `${triggerId}-label`;
  const errorId = `${triggerId}-error`;
  const hasError = error !== undefined && error !== '';
  return (
    <div className={clsx('sn-field', hasError && 'sn-field--invalid', className)}>
      <label id={labelId} className="sn-field__label" htmlFor={triggerId}>
        {label}
      </label>
      <Primitive.Root
        value={value}
        onValueChange={onValueChange}
        disabled={disabled}
        {...(name !== undefined ? { name } : {})}
        {...(required !== undefined ? { required } : {})}
      >
        <Primitive.Trigger
          {...rest}
          id={triggerId}
          className="sn-select__trigger"
          aria-labelledby={labelId}
          aria-invalid={hasError || undefined}
          aria-describedby={clsx(rest['aria-describedby'], hasError && errorId) || undefined}
        >
          <Primitive.Value placeholder={placeholder} />
          <Primitive.Icon className="sn-select__icon">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M6 9l6 6 6-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </Primitive.Icon>
        </Primitive.Trigger>
        <Primitive.Portal>
          {/* popper keeps the list under the trigger like a menu instead of covering it. */}
          <Primitive.Content className="sn-select__content" position="popper" sideOffset={4}>
            <Primitive.Viewport className="sn-select__viewport">
              {options.map((option) => (
                <Primitive.Item key={option.value} value={option.value} className="sn-select__item">
                  <Primitive.ItemText>{option.label}</Primitive.ItemText>
                  <Primitive.ItemIndicator className="sn-select__indicator">
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                      <path
                        d="M5 12l5 5 9-10"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                      />
                    </svg>
                  </Primitive.ItemIndicator>
                </Primitive.Item>
              ))}
            </Primitive.Viewport>
          </Primitive.Content>
        </Primitive.Portal>
      </Primitive.Root>
      {hasError && (
        <p id={errorId} className="sn-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
