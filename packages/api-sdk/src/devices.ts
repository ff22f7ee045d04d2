import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';
import type { Page } from './users';

/** A tracking device as GET /Devices lists it. */
export interface Device {
  id: number;
  serialNumber: string;
  active: boolean;
  /** 0 while the device is linked to no vehicle. */
  vehicleId: number;
  testStation: string | null;
}

/** POST /My/Device/GetDeviceStatusInfo answer. */
export interface DeviceStatusInfo {
  applicationVersion: string;
  /** 0 means auto-lock is disabled. */
  autoLockEnabledState: number;
}

export interface DevicesApi {
  /** GET /Devices with an OData query, e.g. free devices: `and(eq('VehicleId', 0), contains('SerialNumber', text))`. */
  list(query?: ODataQuery): Promise<Page<Device>>;
  /** POST /My/Device/GetDeviceStatusInfo: the device's application version and auto-lock state. */
  statusInfo(deviceId: number): Promise<DeviceStatusInfo>;
}

export function createDevicesApi(caller: Pick<Caller, 'callAuthorised'>): DevicesApi {
  return {
    list: (query) =>
      caller.callAuthorised({ method: 'get', path: 'Devices', searchParams: odataParams(query) }),
    statusInfo: (deviceId) =>
      caller.callAuthorised({ method: 'post', path: 'My/Device/GetDeviceStatusInfo', json: { deviceId } }),
  };
}
