import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Vehicle } from '@sentinel/api-sdk';
import { formatHistoryDate, ONBOARDING_STATUS, ROUTES } from '@sentinel/domain';
import type { OnboardingStatus } from '@sentinel/domain';
import { EmptyState, InfoCard, vehicleInfoRows } from '@sentinel/ui';
import type { InfoCardMenuItem, InfoRow } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { PagedList } from '../../../lib/paged-list';
import { onboardingQueries } from '../api/onboarding-queries';

const EMPTY: Record<OnboardingStatus, string> = {
  [ONBOARDING_STATUS.outstandingDetails]: 'There are no vehicles with outstanding details',
  [ONBOARDING_STATUS.bookingPending]: 'There are no vehicles pending a booking',
  [ONBOARDING_STATUS.scheduled]: 'There are no installations scheduled',
};

/** One onboarding pipeline tab: the vehicles in one onboarding status, paged on the server. */
export function PipelineTab({ title, status }: { title: string; status: OnboardingStatus }) {
  const api = useApiClient();
  const query = useInfiniteQuery(onboardingQueries.pipeline(api, status));
  return (
    <section className="pipeline-tab" aria-label={title}>
      <h2 className="pipeline-tab__title">{title}</h2>
      {/* As on the client list, a list that failed to load shows nothing. */}
      <PagedList
        query={query}
        label={title}
        empty={<EmptyState title={EMPTY[status]} />}
        estimateSize={220}
        getKey={(vehicle) => vehicle.id}
        renderItem={(vehicle) => <PipelineRow vehicle={vehicle} />}
      />
    </section>
  );
}

/** A vehicle in the pipeline: whose it is, what it is, its booking, and the next step for it. */
function PipelineRow({ vehicle }: { vehicle: Vehicle }) {
  const navigate = useNavigate();
  const rows: InfoRow[] = [
    { label: 'Client', value: `${vehicle.userFirstName} ${vehicle.userLastName}` },
    ...vehicleInfoRows(vehicle),
  ];
  if (vehicle.installationBookingUtcDateTime) {
    rows.push({ label: 'Installation', value: formatHistoryDate(vehicle.installationBookingUtcDateTime) });
  }
  if (vehicle.fitmentCenterName) rows.push({ label: 'Fitment centre', value: vehicle.fitmentCenterName });
  const menuItems: InfoCardMenuItem[] = [
    { label: 'View Account', onSelect: () => void navigate(ROUTES.viewAccount(vehicle.userId)) },
  ];
  if (vehicle.onBoardingStatus !== ONBOARDING_STATUS.outstandingDetails) {
    menuItems.push({
      label:
        vehicle.onBoardingStatus === ONBOARDING_STATUS.scheduled
          ? 'Reschedule installation'
          : 'Schedule installation',
      onSelect: () => void navigate(ROUTES.installation(vehicle.id)),
    });
  }
  return <InfoCard title={vehicle.registrationNumber} level={3} rows={rows} menuItems={menuItems} />;
}
