import { clsx } from 'clsx';

export interface SpinnerProps {
  /** Accessible name and the text announced to screen readers. @default 'Loading' */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={clsx('sn-spinner', className)}>
      <span className="sn-spinner__circle" aria-hidden="true" />
      {/* aria-label names the region; the text is what a live region actually announces. */}
      <span className="sn-visually-hidden">{label}</span>
    </span>
  );
}
