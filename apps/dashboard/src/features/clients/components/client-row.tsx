import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@sentinel/api-sdk';
import { ROUTES } from '@sentinel/domain';
import { ClientCard, EmptyState, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { ownerVehiclesQuery } from '../../../lib/server-cache';
import type { VehicleCardSlot } from '../../../lib/vehicle-card-slot';

export interface ClientRowProps {
  user: User;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  VehicleCard: VehicleCardSlot;
}

/** One account holder: the client card, expanding to their vehicles' cards. */
export function ClientRow({ user, expanded, onExpandedChange, VehicleCard }: ClientRowProps) {
  const navigate = useNavigate();
  return (
    <ClientCard
      // The page's title is the h1 and the list has no headings of its own.
      level={2}
      name={`${user.firstName} ${user.lastName}`}
      email={user.email}
      phone={`+${user.phoneCode} ${user.phoneNumber}`}
      vehicleCounts={{
        withDevice: user.totalNumberOfVehiclesWithDevice,
        withoutDevice: user.totalNumberOfVehiclesWithoutDevice,
      }}
      tamperActive={user.tamperActive}
      expanded={expanded}
      onExpandedChange={onExpandedChange}
      onAddVehicle={() => void navigate(ROUTES.addDriver(user.id))}
      onViewAccount={() => void navigate(ROUTES.viewAccount(user.id))}
    >
      {expanded && <ClientVehicles userId={user.id} VehicleCard={VehicleCard} />}
    </ClientCard>
  );
}

/** Loaded when the card first opens (GET /Vehicles?$filter=userId eq {id}); from the cache after that. */
function ClientVehicles({ userId, VehicleCard }: { userId: number; VehicleCard: VehicleCardSlot }) {
  const api = useApiClient();
  const { data, isPending } = useQuery(ownerVehiclesQuery(api, userId));
  if (isPending) return <Spinner label="Loading vehicles" />;
  if (!data) return null;
  if (data.items.length === 0) return <EmptyState title="No vehicles yet" />;
  return (
    <ul className="client-row__vehicles" aria-label="Vehicles">
      {data.items.map((vehicle) => (
        <li key={vehicle.id}>
          <VehicleCard vehicle={vehicle} level={3} />
        </li>
      ))}
    </ul>
  );
}
