import { useId } from 'react';
import type { ReactNode } from 'react';
import { Collapsible } from 'radix-ui';
import { clsx } from 'clsx';
import type { BurnInCounts } from '@sentinel/domain';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { ChevronIcon, MoreIcon } from '../internal/icons';

export interface BurnInDeviceCardProps {
  serialNumber: string;
  /** A test runs or waits: 'Active', else 'Inactive'. */
  active: boolean;
  /** The unit's counters (`countTests([unit])` in @sentinel/domain). */
  counts: BurnInCounts;
  /** Shown while expanded. */
  stationId: string;
  /** Already formatted; shown while expanded. */
  lastUpdated: string;
  /** Controlled: whether the station, time and tests are shown. */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Menu items. */
  onRunAllTests: () => void;
  onRetryFailedTests: () => void;
  onStopAllTests: () => void;
  onViewTestResults: () => void;
  /** The unit's test cards (BurnInTestCard), shown while expanded. */
  children?: ReactNode;
  className?: string;
}

/** A unit on the bench: serial, status and counters; expands to its station and tests. */
export function BurnInDeviceCard({
  serialNumber,
  active,
  counts,
  stationId,
  lastUpdated,
  expanded,
  onExpandedChange,
  onRunAllTests,
  onRetryFailedTests,
  onStopAllTests,
  onViewTestResults,
  children,
  className,
}: BurnInDeviceCardProps) {
  const headingId = useId();
  return (
    <Collapsible.Root
      open={expanded}
      onOpenChange={onExpandedChange}
      className={clsx('sn-card', 'sn-burn-in-device', className)}
    >
      <section aria-labelledby={headingId}>
        <div className="sn-card__header">
          <div className="sn-burn-in-device__identity">
            <h3 id={headingId} className="sn-card__title">
              {serialNumber}
            </h3>
            <span
              className={clsx(
                'sn-burn-in-status',
                active ? 'sn-burn-in-status--active' : 'sn-burn-in-status--inactive',
              )}
            >
              Status: {active ? 'Active' : 'Inactive'}
            </span>
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger className="sn-icon-button" aria-label={`More actions for ${serialNumber}`}>
              <MoreIcon />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={onRunAllTests}>Run all tests</DropdownMenuItem>
              <DropdownMenuItem onSelect={onRetryFailedTests}>Retry failed tests</DropdownMenuItem>
              <DropdownMenuItem onSelect={onStopAllTests}>Stop all tests</DropdownMenuItem>
              <DropdownMenuItem onSelect={onViewTestResults}>View Test Results</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <div className="sn-card__content">
          <dl className="sn-details sn-burn-in-device__counts">
            <div className="sn-details__row">
              <dt className="sn-details__label">Total tests</dt>
              <dd className="sn-details__value">{counts.total}</dd>
            </div>
            <div className="sn-details__row">
              <dt className="sn-details__label">In progress</dt>
              <dd className="sn-details__value">{counts.inProgress}</dd>
            </div>
            <div className="sn-details__row">
              <dt className="sn-details__label">Passed</dt>
              <dd className="sn-details__value">
                {counts.passed}/{counts.total}
              </dd>
            </div>
            <div className="sn-details__row">
              <dt className="sn-details__label">Failed</dt>
              <dd className="sn-details__value">
                {counts.failed}/{counts.total}
              </dd>
            </div>
          </dl>
          <Collapsible.Trigger className="sn-button sn-button--ghost">
            {expanded ? 'Hide tests' : 'Show tests'}
            <span className="sn-visually-hidden"> of {serialNumber}</span>
            <ChevronIcon />
          </Collapsible.Trigger>
        </div>
        <Collapsible.Content className="sn-burn-in-device__body">
          <dl className="sn-details">
            <div className="sn-details__row">
              <dt className="sn-details__label">Station ID</dt>
              <dd className="sn-details__value">{stationId}</dd>
            </div>
            <div className="sn-details__row">
              <dt className="sn-details__label">Last Updated</dt>
              <dd className="sn-details__value">{lastUpdated}</dd>
            </div>
          </dl>
          <div className="sn-burn-in-device__tests">{children}</div>
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}
