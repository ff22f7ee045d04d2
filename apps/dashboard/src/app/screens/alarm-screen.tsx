import { AlarmPage } from '../../features/alarms/components/alarm-page';
import { VehicleCardContainer } from '../../features/vehicle-card/components/vehicle-card-container';

/** One alarm, its vehicle shown with the vehicle card feature (map, lock, call driver, partner alerts). */
export function AlarmScreen() {
  return <AlarmPage VehicleCard={VehicleCardContainer} />;
}
