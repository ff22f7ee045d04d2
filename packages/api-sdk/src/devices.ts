import { DevicePageSchema, DeviceStatusInfoSchema } from '@sentinel/domain';
import type { Device, DeviceListFields, DeviceStatusInfo, Page } from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';

export interface DevicesApi {
  /**
   * GET /Devices with an OData query, e.g. free devices:
   * `and(eq<DeviceListFields>('vehicleId', 0), contains<DeviceListFields>('serialNumber', text))`.
   */
  list(query?: ODataQuery<DeviceListFields>): Promise<Page<Device>>;
  /** POST /My/Device/GetDeviceStatusInfo: the device's application version and auto-lock state. */
  statusInfo(deviceId: number): Promise<DeviceStatusInfo>;
}

export function createDevicesApi(caller: Pick<Caller, 'callAuthorised'>): DevicesApi {
  return {
    list: (query) =>
      caller.callAuthorised(
        { method: 'get', path: 'Devices', searchParams: odataParams(query) },
        DevicePageSchema,
      ),
    statusInfo: (deviceId) =>
      caller.callAuthorised(
        { method: 'post', path: 'My/Device/GetDeviceStatusInfo', json: { deviceId } },
        DeviceStatusInfoSchema,
      ),
  };
}
