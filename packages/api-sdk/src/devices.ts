import {
  DevicePageSchema,
  DeviceSchema,
  DeviceStatusInfoSchema,
  DeviceTestCommandSchema,
} from '@sentinel/domain';
import type {
  Device,
  DeviceCommandType,
  DeviceListFields,
  DeviceStatusInfo,
  DeviceTestCommand,
  Page,
} from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';

export interface DevicesApi {
  /**
   * GET /Devices with an OData query, e.g. free devices:
   * `and(eq<DeviceListFields>('vehicleId', 0), contains<DeviceListFields>('serialNumber', text))`.
   */
  list(query?: ODataQuery<DeviceListFields>): Promise<Page<Device>>;
  /**
   * POST /Devices: registers a device by its serial number (a tracker's IMEI), active and free to
   * link with vehicles.changeLinkedDevice. Admin and Technical-Agent. A serial already registered
   * (in any case) or not valid (validateSerialNumber) is an ApiError with `errors.SerialNumber`.
   */
  register(serialNumber: string): Promise<Device>;
  /** POST /My/Device/GetDeviceStatusInfo: the device's application version and auto-lock state. */
  statusInfo(deviceId: number): Promise<DeviceStatusInfo>;
  /**
   * POST /Devices/{serialNumber}/TestCommands: a Lock or Unlock for a free device (not fitted to a
   * vehicle) to test it over its command channel, as the burn-in bench does. Admin and Technical-Agent.
   */
  sendTestCommand(serialNumber: string, type: DeviceCommandType): Promise<DeviceTestCommand>;
  /** GET /Devices/{serialNumber}/TestCommands/{commandId}: the test command and the device's outcome. */
  testCommand(serialNumber: string, commandId: number): Promise<DeviceTestCommand>;
}

export function createDevicesApi(caller: Pick<Caller, 'callAuthorised'>): DevicesApi {
  return {
    list: (query) =>
      caller.callAuthorised(
        { method: 'get', path: 'Devices', searchParams: odataParams(query) },
        DevicePageSchema,
      ),
    register: (serialNumber) =>
      caller.callAuthorised({ method: 'post', path: 'Devices', json: { serialNumber } }, DeviceSchema),
    statusInfo: (deviceId) =>
      caller.callAuthorised(
        { method: 'post', path: 'My/Device/GetDeviceStatusInfo', json: { deviceId } },
        DeviceStatusInfoSchema,
      ),
    sendTestCommand: (serialNumber, type) =>
      caller.callAuthorised(
        { method: 'post', path: `Devices/${encodeURIComponent(serialNumber)}/TestCommands`, json: { type } },
        DeviceTestCommandSchema,
      ),
    testCommand: (serialNumber, commandId) =>
      caller.callAuthorised(
        { method: 'get', path: `Devices/${encodeURIComponent(serialNumber)}/TestCommands/${commandId}` },
        DeviceTestCommandSchema,
      ),
  };
}
