// Values for the dashboard's route parameters, as a role finds them through the api: a client of
// theirs with a vehicle, that vehicle, a company and an alarm. For tests and the walk that open
// every route (mobile.spec.ts, walk/screens.walk.ts).
import type { RoleName } from '@sentinel/domain';
import { apiGet, apiToken } from './api';
import { fillRoute } from './mobile-layout';

interface Listed {
  items: { id: number; userId?: number }[];
}

/** Ids the role may open: a client of theirs with a vehicle, that vehicle, and a company. */
export async function routeValues(role: RoleName): Promise<Record<string, number>> {
  const token = await apiToken(role);
  const query = (filter: string) => new URLSearchParams({ $filter: filter, $pagesize: '1' });
  const [client] = (
    await apiGet<Listed>(
      `/Users?${query("role eq 'Account-Holder' and totalNumberOfVehiclesWithDevice gt 0")}`,
      token,
    )
  ).items;
  if (!client) throw new Error(`${role} sees no client with a vehicle`);
  const [vehicle] = (await apiGet<Listed>(`/Vehicles?${query(`userId eq ${client.id}`)}`, token)).items;
  const [company] = (await apiGet<Listed>('/Companies', token)).items;
  if (!vehicle || !company) throw new Error(`${role} sees no vehicle or no company`);
  // An alarm the role sees, when another test has raised one in its scope; else an id none has,
  // whose screen (the alarm could not be found) must fit as well.
  const [alarm] = (await apiGet<Listed>('/Alarms?tab=Open&$pagesize=1', token)).items;
  return { clientId: client.id, vehicleId: vehicle.id, companyId: company.id, alarmId: alarm?.id ?? 999_999 };
}

/** A route with its parameters filled; the installation route's id is the vehicle's (spec part 1). */
export function openRoute(path: string, values: Record<string, number>): string {
  if (path.endsWith('/installation')) return fillRoute(path, { ...values, clientId: values.vehicleId! });
  return fillRoute(path, values);
}
