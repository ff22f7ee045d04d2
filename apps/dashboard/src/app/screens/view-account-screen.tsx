import { ViewAccountPage } from '../../features/accounts/components/view-account-page';
import { VehicleCardContainer } from '../../features/vehicle-card/components/vehicle-card-container';

/** View account, each vehicle shown with the vehicle card feature. */
export function ViewAccountScreen() {
  return <ViewAccountPage VehicleCard={VehicleCardContainer} />;
}
