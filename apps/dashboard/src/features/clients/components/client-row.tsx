import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { eq } from '@sentinel/api-sdk';
import type { ApiClient, User } from '@sentinel/api-sdk';
import { ROUTES } from '@sentinel/domain';
import { ClientCard, EmptyState, Spinner } from '@sentinel/ui';
import { useRememberVehicleNames } from '../../../lib/live/use-live';
import { useApiQuery } from '../../../lib/use-api-query';
import { VehicleCardContainer } from '../../../lib/vehicle-card-container';

// A client has a handful of vehicles; one page holds them all.
const CLIENT_VEHICLES_PAGE_SIZE = 100;

export interface ClientRowProps {
  user: User;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

/** One account holder: the client card, expanding to their vehicles' cards. */
export function ClientRow({ user, expanded, onExpandedChange }: ClientRowProps) {
  const navigate = useNavigate();
  return (
    <ClientCard
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
      {expanded && <ClientVehicles userId={user.id} />}
    </ClientCard>
  );
}

/** Loaded when the card opens: GET /Vehicles?$filter=userId eq {id}. */
function ClientVehicles({ userId }: { userId: number }) {
  const load = useCallback(
    (api: ApiClient) =>
      api.vehicles.list({ filter: eq('userId', userId), pageSize: CLIENT_VEHICLES_PAGE_SIZE }),
    [userId],
  );
  const vehicles = useApiQuery(load);
  useRememberVehicleNames(vehicles.data?.items);
  if (vehicles.loading) return <Spinner label="Loading vehicles" />;
  if (!vehicles.data) return null;
  if (vehicles.data.items.length === 0) return <EmptyState title="No vehicles yet" />;
  return (
    <ul className="client-row__vehicles" aria-label="Vehicles">
      {vehicles.data.items.map((vehicle) => (
        <li key={vehicle.id}>
          <VehicleCardContainer vehicle={vehicle} level={4} />
        </li>
      ))}
    </ul>
  );
}
