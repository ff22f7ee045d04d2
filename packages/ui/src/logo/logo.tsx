import { clsx } from 'clsx';
import { PRODUCT_NAME } from '@sentinel/domain';

export interface LogoProps {
  className?: string;
}

/** The product's wordmark: a shield and the product name. The name is real text, so a link around it is named. */
export function Logo({ className }: LogoProps) {
  return (
    <span className={clsx('sn-logo', className)}>
      <svg className="sn-logo__mark" viewBox="0 0 24 28" aria-hidden="true" focusable="false">
        <path d="M12 1 2 5v8c0 6.6 4.3 11.9 10 14 5.7-2.1 10-7.4 10-14V5L12 1Z" fill="currentColor" />
        <path
          d="m7.5 14 3 3 6-6.5"
          fill="none"
          stroke="var(--sn-color-logo-tick, #ffffff)"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="sn-logo__text">{PRODUCT_NAME}</span>
    </span>
  );
}
