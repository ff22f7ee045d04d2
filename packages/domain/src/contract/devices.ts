import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_LENGTH } from '../limits';
import { Nullable, PageSchema, ref } from './common';

/** A tracking device. */
export const DeviceSchema = Type.Object(
  {
    id: Type.Integer(),
    serialNumber: Type.String(),
    active: Type.Boolean(),
    vehicleId: Type.Integer({ description: '0 while the device is free (linked to no vehicle).' }),
    testStation: Nullable(Type.String()),
  },
  { $id: 'Device' },
);
export type Device = Static<typeof DeviceSchema>;

/** The path of every call a device makes on its own channel (telemetry, commands, acknowledgements). */
export const DevicePathSchema = Type.Object({ serialNumber: Type.String({ minLength: 1, maxLength: 100 }) });
export type DevicePath = Static<typeof DevicePathSchema>;

/**
 * POST /Devices body: a new device, free to link, known by its serial number (a tracker's IMEI).
 * The serial's rules and messages are device-registration.ts's, answered as field errors.
 */
export const NewDeviceSchema = Type.Object({
  serialNumber: Type.String({ maxLength: MAX_LENGTH.shortText }),
});
export type NewDevice = Static<typeof NewDeviceSchema>;

/** GET /Devices answer. */
export const DevicePageSchema = PageSchema(ref(DeviceSchema));

/** The fields GET /Devices filters and sorts on (a free device reads as vehicleId 0). */
export const DEVICE_LIST_FIELDS = ['id', 'serialNumber', 'vehicleId', 'active'] as const;
export type DeviceListField = (typeof DEVICE_LIST_FIELDS)[number];
export type DeviceListFields = Pick<Device, DeviceListField>;

/** POST /My/Device/GetDeviceStatusInfo body. */
export const DeviceStatusInfoRequestSchema = Type.Object({ deviceId: Type.Integer({ minimum: 1 }) });

/** POST /My/Device/GetDeviceStatusInfo answer. */
export const DeviceStatusInfoSchema = Type.Object(
  {
    applicationVersion: Type.String(),
    autoLockEnabledState: Type.Integer({ description: '0 means auto-lock is disabled.' }),
  },
  { $id: 'DeviceStatusInfo' },
);
export type DeviceStatusInfo = Static<typeof DeviceStatusInfoSchema>;

/**
 * POST /Devices/{serialNumber}/IngestKey answer: the device's new ingestion key, shown this once
 * (only its hash is kept). The burn-in bench provisions each unit put on a station with one.
 */
export const DeviceIngestKeySchema = Type.Object(
  {
    serialNumber: Type.String(),
    key: Type.String({ description: 'Sent by the device as `Authorization: Device <key>`.' }),
  },
  { $id: 'DeviceIngestKey' },
);
export type DeviceIngestKey = Static<typeof DeviceIngestKeySchema>;
