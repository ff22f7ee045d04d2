import type { Badge } from '@sentinel/domain';
import { clsx } from 'clsx';

export interface StatusBadgeProps {
  /** The vehicle's badge, from `badgeState()` (or `BADGE.*`) in @sentinel/domain. */
  badge: Badge;
  className?: string;
}

/**
 * A pill coloured by the badge's state; its text is the badge's label, so the colour is never the
 * only carrier of meaning.
 */
export function StatusBadge({ badge, className }: StatusBadgeProps) {
  return (
    <span className={clsx('sn-badge', `sn-badge--${badge.state}`, className)} data-state={badge.state}>
      <span className="sn-badge__dot" aria-hidden="true" />
      {badge.label}
    </span>
  );
}
