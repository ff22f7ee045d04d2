import type { ReactNode } from 'react';
import { clsx } from 'clsx';

export interface PageHeaderProps {
  /** The page's heading (rendered as its h1). */
  title: string;
  /** When given, a back button labelled 'Back' is shown before the title. */
  onBack?: (() => void) | undefined;
  /** Buttons or links shown at the end of the header. */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, onBack, actions, className }: PageHeaderProps) {
  return (
    <header className={clsx('sn-page-header', className)}>
      {onBack !== undefined && (
        <button type="button" className="sn-page-header__back" aria-label="Back" onClick={onBack}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M15 18l-6-6 6-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
      <h1 className="sn-page-header__title">{title}</h1>
      {actions !== undefined && actions !== null && <div className="sn-page-header__actions">{actions}</div>}
    </header>
  );
}
