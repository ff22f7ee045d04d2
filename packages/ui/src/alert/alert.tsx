import type { HTMLAttributes, ReactNode } from 'react';
import { clsx } from 'clsx';

export type AlertVariant = 'error' | 'success' | 'info';

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  /** Tone of the message. @default 'info' */
  variant?: AlertVariant;
  /** Bold first line above the message. */
  title?: string | undefined;
  children?: ReactNode;
}

export function Alert({ variant = 'info', title, className, children, ...rest }: AlertProps) {
  return (
    <div
      // Errors interrupt (assertive); success and info wait their turn (polite).
      role={variant === 'error' ? 'alert' : 'status'}
      className={clsx('sn-alert', `sn-alert--${variant}`, className)}
      {...rest}
    >
      {title !== undefined && title !== '' && <p className="sn-alert__title">{title}</p>}
      {children !== undefined && children !== null && <div className="sn-alert__body">{children}</div>}
    </div>
  );
}
