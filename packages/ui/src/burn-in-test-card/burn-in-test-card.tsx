import { useId } from 'react';
import { clsx } from 'clsx';
import { formatHistoryDate } from '@sentinel/domain';
import type { BurnInTestResult } from '@sentinel/domain';
import { Button } from '../button';

export interface BurnInTestCardProps {
  /** One test of a unit, as the burn-in service answers it. */
  result: BurnInTestResult;
  /** The 'Rerun' button. */
  onRerun: () => void;
  /** While a rerun is being asked for, or the test runs. @default false */
  rerunDisabled?: boolean;
  /** Turns an ISO time into text. @default en-ZA date and time in South African time */
  formatTime?: (iso: string) => string;
  className?: string;
}

/** Nested key/value test data as nested description lists, keys as the device sent them. */
function TestData({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data);
  if (entries.length === 0) return null;
  return (
    <dl className="sn-burn-in-test__data">
      {entries.map(([key, value]) => (
        <div key={key} className="sn-burn-in-test__data-row">
          <dt>{key}</dt>
          <dd>
            {typeof value === 'object' && value !== null && !Array.isArray(value) ? (
              <TestData data={value as Record<string, unknown>} />
            ) : (
              String(Array.isArray(value) ? value.join(', ') : value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One test of a unit on the bench: its type, status (as a lowercase style class), start and end
 * time, failure reason, the measured data, and 'Rerun'.
 */
export function BurnInTestCard({
  result,
  onRerun,
  rerunDisabled = false,
  formatTime = formatHistoryDate,
  className,
}: BurnInTestCardProps) {
  const headingId = useId();
  const status = result.status.toLowerCase();
  return (
    <article
      aria-labelledby={headingId}
      className={clsx('sn-burn-in-test', `sn-burn-in-test--${status}`, className)}
    >
      <div className="sn-burn-in-test__header">
        <h4 id={headingId} className="sn-burn-in-test__type">
          {result.testType}
        </h4>
        <span className={clsx('sn-burn-in-status', `sn-burn-in-status--${status}`)}>{result.status}</span>
      </div>
      <dl className="sn-details">
        <div className="sn-details__row">
          <dt className="sn-details__label">Start time</dt>
          <dd className="sn-details__value">{result.startTime ? formatTime(result.startTime) : '-'}</dd>
        </div>
        <div className="sn-details__row">
          <dt className="sn-details__label">End time</dt>
          <dd className="sn-details__value">{result.endTime ? formatTime(result.endTime) : '-'}</dd>
        </div>
        {result.failureReason && (
          <div className="sn-details__row">
            <dt className="sn-details__label">Failure reason</dt>
            <dd className="sn-details__value sn-burn-in-test__reason">{result.failureReason}</dd>
          </div>
        )}
      </dl>
      <TestData data={result.testData} />
      <Button variant="secondary" onClick={onRerun} disabled={rerunDisabled}>
        Rerun
        <span className="sn-visually-hidden"> {result.testType}</span>
      </Button>
    </article>
  );
}
