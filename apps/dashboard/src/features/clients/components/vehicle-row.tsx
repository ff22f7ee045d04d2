import { memo } from 'react';
import { useNavigate } from 'react-router';
import type { Vehicle } from '@sentinel/api-sdk';
import { formatHistoryDate, ROUTES } from '@sentinel/domain';
import { InfoCard, vehicleInfoRows } from '@sentinel/ui';
import type { InfoRow } from '@sentinel/ui';

/**
 * One vehicle of the booking-pending or scheduled list: whose it is, what it is, and its booking.
 * Memoised, so a live message about another vehicle of the list does not render this one.
 */
export const VehicleRow = memo(function VehicleRow({ vehicle }: { vehicle: Vehicle }) {
  const navigate = useNavigate();
  const rows: InfoRow[] = [
    { label: 'Client', value: `${vehicle.userFirstName} ${vehicle.userLastName}` },
    ...vehicleInfoRows(vehicle),
  ];
  if (vehicle.installationBookingUtcDateTime) {
    rows.push({ label: 'Installation', value: formatHistoryDate(vehicle.installationBookingUtcDateTime) });
  }
  if (vehicle.fitmentCenterName) rows.push({ label: 'Fitment centre', value: vehicle.fitmentCenterName });
  return (
    <InfoCard
      title={vehicle.registrationNumber}
      level={2}
      rows={rows}
      menuItems={[
        { label: 'View Account', onSelect: () => void navigate(ROUTES.viewAccount(vehicle.userId)) },
        { label: 'Add Vehicle', onSelect: () => void navigate(ROUTES.addDriver(vehicle.userId)) },
      ]}
    />
  );
});
