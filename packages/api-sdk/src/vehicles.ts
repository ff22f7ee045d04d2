import type { Caller, ListResponse } from './caller';
import type { Device } from './devices';
import type { Driver } from './drivers';
import { historyCsvFileName } from './history';
import type { HistoryEntry } from './history';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';
import type { Page } from './users';

/** A vehicle as GET /Vehicles lists it (part 1 and part 2, section 3). */
export interface Vehicle {
  id: number;
  userId: number;
  userFirstName: string;
  userLastName: string;
  userEmail: string;
  registrationNumber: string;
  make: string;
  model: string;
  makeVariant: string;
  nickname: string | null;
  registrationYear: string;
  vehicleColour: string;
  vinNumber: string | null;
  engineNumber: string | null;
  drivers: Driver[];
  subscriptionPlanId: number | null;
  subscriptionId: number | null;
  /** 'Booking-Pending', 'Scheduled', or null once installed. */
  onBoardingStatus: string | null;
  createdOnDateTime: string;
  /** Null while no device has reported a lock state. */
  isLocked: boolean | null;
  tamperActive: boolean;
  /** 0 or null when no device is linked. */
  deviceId: number | null;
  deviceSerialNumber: string | null;
  deviceActive: boolean | null;
  gpsDateTime: string | null;
  gpsLatitudeDegrees: number | null;
  gpsLongitudeDegrees: number | null;
  lastKnownGpsLatitudeDegrees: number | null;
  lastKnownGpsLongitudeDegrees: number | null;
  /** The newest history entry's type and lock flag, for the status badge. */
  latestHistoryType: string | null;
  latestHistoryIsLocked: boolean | null;
  carBatteryVolts: number | null;
  deviceBatteryPercent: number | null;
  installationBookingId: number | null;
  installationBookingUtcDateTime: string | null;
  fitmentCenterName: string | null;
  regionName: string | null;
}

/** POST /Vehicles/{id}/ChangeLinkedDevice body. */
export interface ChangeLinkedDeviceRequest {
  currentDeviceSerialNumber: string;
  newDeviceSerialNumber: string;
  vehicleNickname: string;
}

/** A partner alert's answer, e.g. `{ status: 'Dispatched' }`. */
export interface PartnerAlertResult {
  status: string;
}

/** The history CSV, ready to save. */
export interface HistoryCsv {
  blob: Blob;
  /** 'Vehicle-{vehicleId}-history.csv' */
  fileName: string;
}

export interface VehiclesApi {
  /** GET /Vehicles with an OData query, e.g. `eq('userId', 7)` or `eq('onBoardingStatus', 'Scheduled')`; one page. */
  list(query?: ODataQuery): Promise<Page<Vehicle>>;
  /** GET /Vehicles/{id}/History ordered by dateTime descending: newest first. */
  history(vehicleId: number): Promise<HistoryEntry[]>;
  /** GET /Vehicles/{id}/History/Csv as a Blob with the name to save it under. */
  downloadHistoryCsv(vehicleId: number): Promise<HistoryCsv>;
  /** PUT /Vehicles/{id}/Lock */
  lock(vehicleId: number): Promise<void>;
  /** PUT /Vehicles/{id}/Unlock */
  unlock(vehicleId: number): Promise<void>;
  /** POST /Vehicles/{id}/AlertAura: asks the Aura partner to respond; answers the partner's status. */
  alertAura(vehicleId: number): Promise<PartnerAlertResult>;
  /** POST /Vehicles/{id}/AlertCapitalAir: asks the Capital Air partner to respond; answers its status. */
  alertCapitalAir(vehicleId: number): Promise<PartnerAlertResult>;
  /** POST /Vehicles/{id}/ChangeLinkedDevice: answers the newly linked device (the old one is freed). */
  changeLinkedDevice(vehicleId: number, request: ChangeLinkedDeviceRequest): Promise<Device>;
}

export function createVehiclesApi(caller: Pick<Caller, 'callAuthorised'>): VehiclesApi {
  const lockAction = async (path: string) => {
    await caller.callAuthorised({ method: 'put', path });
  };
  return {
    list: (query) =>
      caller.callAuthorised({ method: 'get', path: 'Vehicles', searchParams: odataParams(query) }),
    history: async (vehicleId) =>
      (
        await caller.callAuthorised<ListResponse<HistoryEntry>>({
          method: 'get',
          path: `Vehicles/${vehicleId}/History`,
          searchParams: odataParams({ orderBy: [{ field: 'dateTime', direction: 'desc' }] }),
        })
      ).items,
    async downloadHistoryCsv(vehicleId) {
      // The SDK reads a text/csv answer as text; the browser saves a Blob.
      const text = await caller.callAuthorised<string | undefined>({
        method: 'get',
        path: `Vehicles/${vehicleId}/History/Csv`,
      });
      return {
        blob: new Blob([text ?? ''], { type: 'text/csv;charset=utf-8' }),
        fileName: historyCsvFileName(vehicleId),
      };
    },
    lock: (vehicleId) => lockAction(`Vehicles/${vehicleId}/Lock`),
    unlock: (vehicleId) => lockAction(`Vehicles/${vehicleId}/Unlock`),
    alertAura: (vehicleId) =>
      caller.callAuthorised({ method: 'post', path: `Vehicles/${vehicleId}/AlertAura` }),
    alertCapitalAir: (vehicleId) =>
      caller.callAuthorised({ method: 'post', path: `Vehicles/${vehicleId}/AlertCapitalAir` }),
    changeLinkedDevice: (vehicleId, request) =>
      caller.callAuthorised({
        method: 'post',
        path: `Vehicles/${vehicleId}/ChangeLinkedDevice`,
        json: request,
      }),
  };
}
