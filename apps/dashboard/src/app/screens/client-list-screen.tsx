import { ClientListPage } from '../../features/clients/components/client-list-page';
import { VehicleCardContainer } from '../../features/vehicle-card/components/vehicle-card-container';

/** The client list, its expanded cards showing the vehicle card feature. */
export function ClientListScreen() {
  return <ClientListPage VehicleCard={VehicleCardContainer} />;
}
