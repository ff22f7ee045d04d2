import { memo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '@sentinel/domain';
import type { Driver, SubscriptionPlan, Vehicle } from '@sentinel/api-sdk';
import { InfoCard, personInfoRows, vehicleInfoRows } from '@sentinel/ui';
import type { VehicleCardSlot } from '../../../lib/vehicle-card-slot';
import { useUpdateDriverMutation } from '../api/account-queries';
import { ContactEditDialog } from './contact-edit-dialog';

export interface AccountVehicleProps {
  clientId: number;
  vehicle: Vehicle;
  plans: readonly SubscriptionPlan[];
  VehicleCard: VehicleCardSlot;
}

/**
 * One vehicle of the account: its drivers, its subscription plan, its details and its live card.
 * Memoised, so a live message about another of the account's vehicles does not render this one.
 */
export const AccountVehicle = memo(function AccountVehicle({
  clientId,
  vehicle,
  plans,
  VehicleCard,
}: AccountVehicleProps) {
  const navigate = useNavigate();
  const plan = plans.find((item) => item.id === vehicle.subscriptionPlanId);
  return (
    <section className="account-vehicle" aria-label={vehicle.registrationNumber}>
      <InfoCard
        title={vehicle.registrationNumber}
        rows={vehicleInfoRows(vehicle)}
        menuItems={[
          { label: 'View Account', onSelect: () => void navigate(ROUTES.viewAccount(clientId)) },
          { label: 'Add Vehicle', onSelect: () => void navigate(ROUTES.addDriver(clientId)) },
        ]}
        historyLink={
          <Link
            className="sn-icon-button"
            to={ROUTES.vehicleHistory(clientId, vehicle.id)}
            aria-label={`Vehicle history of ${vehicle.registrationNumber}`}
          >
            <HistoryIcon />
          </Link>
        }
      />
      {vehicle.drivers.map((driver) => (
        <DriverCard key={driver.id} driver={driver} ownerId={clientId} />
      ))}
      {plan && (
        <InfoCard
          title="Subscription plan"
          level={3}
          rows={[
            { label: 'Plan', value: plan.displayName },
            { label: 'Description', value: plan.description },
          ]}
        />
      )}
      <VehicleCard vehicle={vehicle} />
    </section>
  );
});

function DriverCard({ driver, ownerId }: { driver: Driver; ownerId: number }) {
  const update = useUpdateDriverMutation(driver, ownerId);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <InfoCard
        title={`${driver.firstName} ${driver.lastName}`}
        level={3}
        rows={personInfoRows(driver)}
        onEdit={() => setEditing(true)}
      />
      {editing && (
        <ContactEditDialog
          title="Driver details"
          person={driver}
          open
          onOpenChange={setEditing}
          save={update.mutateAsync}
        />
      )}
    </>
  );
}

function HistoryIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M3 12a9 9 0 1 0 3-6.7M3 4v5h5M12 7v5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
