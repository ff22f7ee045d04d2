import { clsx } from 'clsx';
import type { BurnInCounts } from '@sentinel/domain';

export interface BurnInSummaryProps {
  /** Every unit's counters together (`countTests(units)` in @sentinel/domain). */
  counts: BurnInCounts;
  className?: string;
}

/** The bench's four counters: Total tests, Total in progress, Total passed, Total failed. */
export function BurnInSummary({ counts, className }: BurnInSummaryProps) {
  const items = [
    ['Total tests', counts.total, 'total'],
    ['Total in progress', counts.inProgress, 'inprogress'],
    ['Total passed', counts.passed, 'passed'],
    ['Total failed', counts.failed, 'failed'],
  ] as const;
  return (
    <dl className={clsx('sn-burn-in-summary', className)}>
      {items.map(([label, value, tone]) => (
        <div key={label} className={clsx('sn-burn-in-summary__item', `sn-burn-in-summary__item--${tone}`)}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
