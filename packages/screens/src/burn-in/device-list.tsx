import { BurnInDeviceCard, BurnInTestCard, EmptyState } from '@sentinel/ui';
import type { BurnInUnitResult } from '@sentinel/api-sdk';
import { BURN_IN_MESSAGES, countTests, isUnitActive } from '@sentinel/domain';
import type { BenchActions } from './use-bench-actions';

export interface DeviceListProps {
  units: readonly BurnInUnitResult[];
  lastUpdated: string;
  expanded: Readonly<Record<string, boolean>>;
  onExpandedChange: (serial: string, expanded: boolean) => void;
  actions: BenchActions;
}

/** The units on the bench as device cards, or 'No devices added yet'. */
export function DeviceList({ units, lastUpdated, expanded, onExpandedChange, actions }: DeviceListProps) {
  if (units.length === 0) return <EmptyState title={BURN_IN_MESSAGES.noDevices} />;
  return (
    <ul className="burn-in-screen__devices" aria-label="Devices on the bench">
      {units.map((unit) => {
        const serial = unit.unitSerialNumber;
        return (
          <li key={serial} id={`burn-in-device-${serial}`}>
            <BurnInDeviceCard
              serialNumber={serial}
              active={isUnitActive(unit)}
              counts={countTests([unit])}
              stationId={unit.testStation}
              lastUpdated={lastUpdated}
              expanded={expanded[serial] ?? false}
              onExpandedChange={(open) => onExpandedChange(serial, open)}
              onRunAllTests={() => actions.startUnit.mutate(serial)}
              onRetryFailedTests={() => actions.retryFailed.mutate(serial)}
              onStopAllTests={() => actions.stopUnit.mutate(serial)}
              onViewTestResults={() => {
                onExpandedChange(serial, true);
                document.getElementById(`burn-in-device-${serial}`)?.scrollIntoView({ block: 'start' });
              }}
            >
              {unit.results.map((result) => (
                <BurnInTestCard
                  key={result.testType}
                  result={result}
                  rerunDisabled={result.status === 'InProgress' || result.status === 'Pending'}
                  onRerun={() => actions.retryTest.mutate({ serial, testType: result.testType })}
                />
              ))}
            </BurnInDeviceCard>
          </li>
        );
      })}
    </ul>
  );
}
