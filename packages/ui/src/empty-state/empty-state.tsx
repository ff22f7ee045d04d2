import type { ReactNode } from 'react';
import { clsx } from 'clsx';

export interface EmptyStateProps {
  /** The one line a person reads, e.g. 'No history'. */
  title: string;
  /** Optional second line explaining what to do next. */
  description?: string | undefined;
  /** Decorative illustration; hidden from assistive technology. */
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, className }: EmptyStateProps) {
  return (
    <div className={clsx('sn-empty', className)}>
      {icon !== undefined && icon !== null && (
        <div className="sn-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="sn-empty__title">{title}</p>
      {description !== undefined && description !== '' && (
        <p className="sn-empty__description">{description}</p>
      )}
    </div>
  );
}
