import type { ComponentPropsWithRef } from 'react';
import { Slot } from 'radix-ui';
import { clsx } from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Native button props, `ref` included (React 19 passes it as a prop). */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** Visual weight of the button. @default 'primary' */
  variant?: ButtonVariant;
  /** While true the button shows `busyLabel`, is disabled and reports aria-busy. @default false */
  busy?: boolean;
  /** Text shown instead of the children while busy, e.g. 'Submitting'. @default the children */
  busyLabel?: string;
  /** Render the single child (e.g. a router Link) with the button's styling instead of a <button>. @default false */
  asChild?: boolean;
}

export function Button({
  ref,
  variant = 'primary',
  busy = false,
  busyLabel,
  asChild = false,
  className,
  disabled,
  children,
  type,
  ...rest
}: ButtonProps) {
  const classes = clsx('sn-button', `sn-button--${variant}`, busy && 'sn-button--busy', className);
  if (asChild) {
    return (
      <Slot.Root ref={ref} className={classes} aria-busy={busy || undefined} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      // A button inside a form should not submit by accident; forms opt in with type="submit".
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="sn-button__spinner" aria-hidden="true" />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
