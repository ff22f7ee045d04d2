import { Type } from '@sinclair/typebox';
import {
  ArmingStatusSchema,
  DeviceCommandPageSchema,
  DeviceCommandSchema,
  DeviceSchema,
  HistoryPageSchema,
  LockResultSchema,
  PartnerAlertResultSchema,
  VehiclePageSchema,
} from '@sentinel/domain';
import type {
  ArmingSchedule,
  ArmingStatus,
  ChangeLinkedDeviceRequest,
  Device,
  DeviceCommand,
  LockRequest,
  LockResult,
  HistoryEntry,
  HistoryListFields,
  Page,
  PartnerAlertResult,
  VehicleListFields,
  Vehicle,
} from '@sentinel/domain';
import type { Caller } from './caller';
import { historyCsvFileName } from './history';
import { odataParams, orderBy } from './odata';
import type { ODataQuery } from './odata';

/** Which page of a vehicle's history to read. */
export interface HistoryPageRequest {
  /** 0-based. @default 0 */
  pageIndex?: number;
  /** Entries per page, 1 to 500. @default 50 (the server's) */
  pageSize?: number;
}

/** The history CSV, ready to save. */
export interface HistoryCsv {
  blob: Blob;
  /** 'Vehicle-{vehicleId}-history.csv' */
  fileName: string;
}

export interface VehiclesApi {
  /**
   * GET /Vehicles with an OData query, e.g. `eq<VehicleListFields>('userId', 7)`; one page. A query
   * built without the list's type is taken too.
   */
  list(query?: ODataQuery<VehicleListFields> | ODataQuery): Promise<Page<Vehicle>>;
  /**
   * GET /Vehicles/{id}/History: one page of the vehicle's history, newest first, with the total
   * count of entries. The CSV (downloadHistoryCsv) holds every entry.
   */
  history(vehicleId: number, page?: HistoryPageRequest): Promise<Page<HistoryEntry>>;
  /** GET /Vehicles/{id}/History/Csv as a Blob with the name to save it under. */
  downloadHistoryCsv(vehicleId: number): Promise<HistoryCsv>;
  /**
   * PUT /Vehicles/{id}/Lock: sends a Lock command to the vehicle's device and answers it (Pending,
   * queued while the device is offline). The lock state changes when the device confirms; follow
   * the command with the live client's onCommandStatus and the state with onLockUnlock. The request
   * says why (`reason`, and a `note` with Other; a 400 ApiError names the field otherwise). While
   * the vehicle moves faster than the server's limit the command answers WaitingForSlowdown and
   * goes to the device once it slows down (or on sendNow by another staff member).
   */
  lock(vehicleId: number, request: LockRequest): Promise<LockResult>;
  /** PUT /Vehicles/{id}/Unlock: the same with an Unlock command. */
  unlock(vehicleId: number): Promise<LockResult>;
  /** GET /Vehicles/{id}/Commands: one page of the vehicle's lock and unlock commands, newest first. */
  commands(vehicleId: number, page?: HistoryPageRequest): Promise<Page<DeviceCommand>>;
  /** POST /Vehicles/{id}/Commands/{commandId}/Cancel: cancels a command still waiting for the device. */
  cancelCommand(vehicleId: number, commandId: number): Promise<DeviceCommand>;
  /**
   * POST /Vehicles/{id}/Commands/{commandId}/SendNow: sends a lock held for a moving vehicle
   * (WaitingForSlowdown) to the device at once; answers the command, now Pending. Only a staff
   * member other than the requester may: the requester gets a 409 ApiError.
   */
  sendNow(vehicleId: number, commandId: number): Promise<DeviceCommand>;
  /** POST /Vehicles/{id}/AlertAura: asks the Aura partner to respond; answers the partner's status. */
  alertAura(vehicleId: number): Promise<PartnerAlertResult>;
  /** POST /Vehicles/{id}/AlertCapitalAir: asks the Capital Air partner to respond; answers its status. */
  alertCapitalAir(vehicleId: number): Promise<PartnerAlertResult>;
  /** POST /Vehicles/{id}/ChangeLinkedDevice: answers the newly linked device (the old one is freed). */
  changeLinkedDevice(vehicleId: number, request: ChangeLinkedDeviceRequest): Promise<Device>;
  /**
   * PUT /Vehicles/{id}/Arm: arms the vehicle by hand now; answers its arming. Arming an armed
   * vehicle keeps its `armedSince`. Staff, or an Account-Holder for their own vehicles (the mobile
   * app's call); a vehicle without a linked device is a 400 ApiError.
   */
  arm(vehicleId: number): Promise<ArmingStatus>;
  /**
   * PUT /Vehicles/{id}/Disarm: ends the arming by hand; inside a window of the schedule it also sets
   * that window aside until it ends, so the answer's `armed` is false.
   */
  disarm(vehicleId: number): Promise<ArmingStatus>;
  /**
   * PUT /Vehicles/{id}/ArmingSchedule: the hours the vehicle arms itself (Johannesburg time). An
   * invalid schedule is a 400 ApiError whose `errors` name the fields (Days, From, To), as
   * armingScheduleErrors of @sentinel/domain finds them before sending.
   */
  setArmingSchedule(vehicleId: number, schedule: ArmingSchedule): Promise<ArmingStatus>;
  /** DELETE /Vehicles/{id}/ArmingSchedule: the vehicle no longer arms itself. */
  clearArmingSchedule(vehicleId: number): Promise<ArmingStatus>;
}

export function createVehiclesApi(caller: Pick<Caller, 'callAuthorised'>): VehiclesApi {
  const lockAction = (path: string, json?: LockRequest) =>
    caller.callAuthorised({ method: 'put', path, ...(json === undefined ? {} : { json }) }, LockResultSchema);
  const armingAction = (method: 'put' | 'delete', path: string, json?: ArmingSchedule) =>
    caller.callAuthorised({ method, path, ...(json === undefined ? {} : { json }) }, ArmingStatusSchema);
  return {
    list: (query) =>
      caller.callAuthorised(
        { method: 'get', path: 'Vehicles', searchParams: odataParams(query) },
        VehiclePageSchema,
      ),
    history: (vehicleId, page = {}) =>
      caller.callAuthorised(
        {
          method: 'get',
          path: `Vehicles/${vehicleId}/History`,
          // Newest first; the server breaks ties on dateTime by id, so pages never overlap.
          searchParams: odataParams({
            orderBy: [orderBy<HistoryListFields>('dateTime', 'desc')],
            pageIndex: page.pageIndex,
            pageSize: page.pageSize,
          }),
        },
        HistoryPageSchema,
      ),
    async downloadHistoryCsv(vehicleId) {
      // The SDK reads a text/csv answer as text (empty when there is no body); the browser saves a Blob.
      const text = await caller.callAuthorised(
        { method: 'get', path: `Vehicles/${vehicleId}/History/Csv` },
        Type.Union([Type.String(), Type.Undefined()]),
      );
      return {
        blob: new Blob([text ?? ''], { type: 'text/csv;charset=utf-8' }),
        fileName: historyCsvFileName(vehicleId),
      };
    },
    lock: (vehicleId, request) => lockAction(`Vehicles/${vehicleId}/Lock`, request),
    unlock: (vehicleId) => lockAction(`Vehicles/${vehicleId}/Unlock`),
    commands: (vehicleId, page = {}) =>
      caller.callAuthorised(
        {
          method: 'get',
          path: `Vehicles/${vehicleId}/Commands`,
          searchParams: odataParams({ pageIndex: page.pageIndex, pageSize: page.pageSize }),
        },
        DeviceCommandPageSchema,
      ),
    cancelCommand: (vehicleId, commandId) =>
      caller.callAuthorised(
        { method: 'post', path: `Vehicles/${vehicleId}/Commands/${commandId}/Cancel` },
        DeviceCommandSchema,
      ),
    sendNow: (vehicleId, commandId) =>
      caller.callAuthorised(
        { method: 'post', path: `Vehicles/${vehicleId}/Commands/${commandId}/SendNow` },
        DeviceCommandSchema,
      ),
    alertAura: (vehicleId) =>
      caller.callAuthorised(
        { method: 'post', path: `Vehicles/${vehicleId}/AlertAura` },
        PartnerAlertResultSchema,
      ),
    alertCapitalAir: (vehicleId) =>
      caller.callAuthorised(
        { method: 'post', path: `Vehicles/${vehicleId}/AlertCapitalAir` },
        PartnerAlertResultSchema,
      ),
    changeLinkedDevice: (vehicleId, request) =>
      caller.callAuthorised(
        { method: 'post', path: `Vehicles/${vehicleId}/ChangeLinkedDevice`, json: request },
        DeviceSchema,
      ),
    arm: (vehicleId) => armingAction('put', `Vehicles/${vehicleId}/Arm`),
    disarm: (vehicleId) => armingAction('put', `Vehicles/${vehicleId}/Disarm`),
    // Only the schedule's three fields go out, whatever else the caller's object carries.
    setArmingSchedule: (vehicleId, { days, from, to }) =>
      armingAction('put', `Vehicles/${vehicleId}/ArmingSchedule`, { days, from, to }),
    clearArmingSchedule: (vehicleId) => armingAction('delete', `Vehicles/${vehicleId}/ArmingSchedule`),
  };
}
