/*
 * Lock and unlock as commands to the vehicle's device: staff ask for one, the device fetches it on
 * its own channel (its device key, never a person's token) and reports the outcome with the lock
 * state it ended in. Only that report changes the vehicle's lock state.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Literals, Nullable, PageSchema, ref } from './common';
import { DevicePathSchema } from './devices';
import { LOCK_REASONS } from './immobilisation';

export const DEVICE_COMMAND_TYPES = ['Lock', 'Unlock'] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];

/**
 * WaitingForSlowdown: a lock held while the vehicle moves faster than the limit; it becomes Pending
 * with the first report under the limit, or when a second staff member sends it at once.
 * Pending: waiting for the device to fetch it (queued while the device is offline). Delivered: the
 * device has it. Confirmed or Failed: the device's outcome. Expired: no outcome in time. Cancelled:
 * by a person, or replaced by a newer lock or unlock while it waited.
 */
export const DEVICE_COMMAND_STATUSES = [
  'WaitingForSlowdown',
  'Pending',
  'Delivered',
  'Confirmed',
  'Failed',
  'Expired',
  'Cancelled',
] as const;
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];

/** A command still waiting for its outcome. */
export function isOpenCommand(status: DeviceCommandStatus): boolean {
  return status === 'WaitingForSlowdown' || status === 'Pending' || status === 'Delivered';
}

/** One lock or unlock command, as staff see it (and as DeviceCommandStatusMessage carries it). */
export const DeviceCommandSchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleId: Type.Integer(),
    type: Literals(DEVICE_COMMAND_TYPES),
    status: Literals(DEVICE_COMMAND_STATUSES),
    deviceOnline: Type.Boolean({
      description:
        'Whether the device has asked for commands lately; a Pending command of an offline device is queued.',
    }),
    requestedDateTime: Type.String({ description: 'ISO 8601 date-time (UTC).' }),
    requestedByUserId: Nullable(
      Type.Integer({ description: 'Who asked; only another staff member may send a held lock at once.' }),
    ),
    requestedByUserFirstName: Nullable(Type.String()),
    requestedByUserLastName: Nullable(Type.String()),
    expiresDateTime: Type.String({ description: 'An open command expires at this time.' }),
    deliveredDateTime: Nullable(Type.String()),
    completedDateTime: Nullable(Type.String()),
    resultIsLocked: Nullable(
      Type.Boolean({ description: 'The lock state the device reported with its outcome.' }),
    ),
    reason: Nullable(
      Type.String({ description: "Why it failed or was cancelled, in the device's or our words." }),
    ),
    lockReason: Nullable(Literals(LOCK_REASONS), {
      description: 'Why staff asked for a lock (null for an unlock).',
    }),
    lockNote: Nullable(Type.String({ description: "Staff's note with the lock reason." })),
  },
  { $id: 'DeviceCommand' },
);
export type DeviceCommand = Static<typeof DeviceCommandSchema>;

/** GET /Vehicles/{id}/Commands answer: newest first. */
export const DeviceCommandPageSchema = PageSchema(ref(DeviceCommandSchema));

/** What the device receives for each command it fetches. */
export const DeviceCommandDeliverySchema = Type.Object(
  {
    id: Type.Integer(),
    type: Literals(DEVICE_COMMAND_TYPES),
    requestedDateTime: Type.String(),
    expiresDateTime: Type.String({ description: 'An outcome reported after this time is refused.' }),
  },
  { $id: 'DeviceCommandDelivery' },
);
export type DeviceCommandDelivery = Static<typeof DeviceCommandDeliverySchema>;

/** The longest a device's poll for commands waits, and how long it waits unless it asks otherwise. */
export const DEVICE_COMMAND_WAIT_SECONDS = 25;

/** GET /Devices/{serialNumber}/Commands query. */
export const DeviceCommandPollQuerySchema = Type.Object({
  waitSeconds: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: DEVICE_COMMAND_WAIT_SECONDS,
      description: `How long to wait for a command. @default ${DEVICE_COMMAND_WAIT_SECONDS}`,
    }),
  ),
});
export type DeviceCommandPollQuery = Static<typeof DeviceCommandPollQuerySchema>;

/** GET /Devices/{serialNumber}/Commands answer: the commands handed over by this call (may be none). */
export const DeviceCommandBatchSchema = Type.Object(
  { items: Type.Array(ref(DeviceCommandDeliverySchema)) },
  { $id: 'DeviceCommandBatch' },
);
export type DeviceCommandBatch = Static<typeof DeviceCommandBatchSchema>;

/** The outcomes a device may report. Delivered only says it has the command (fetching says so too). */
export const DEVICE_COMMAND_ACK_STATUSES = ['Delivered', 'Confirmed', 'Failed'] as const;
export type DeviceCommandAckStatus = (typeof DEVICE_COMMAND_ACK_STATUSES)[number];

/** POST /Devices/{serialNumber}/Commands/{commandId}/Ack path. */
export const DeviceCommandAckPathSchema = Type.Composite([
  DevicePathSchema,
  Type.Object({ commandId: Type.Integer({ minimum: 1 }) }),
]);
export type DeviceCommandAckPath = Static<typeof DeviceCommandAckPathSchema>;

/** POST /Devices/{serialNumber}/Commands/{commandId}/Ack body. */
export const DeviceCommandAckSchema = Type.Object(
  {
    status: Literals(DEVICE_COMMAND_ACK_STATUSES),
    locked: Type.Optional(
      Type.Boolean({
        description: 'The lock state after carrying the command out; required with Confirmed and Failed.',
      }),
    ),
    reason: Type.Optional(
      Type.String({ maxLength: 200, description: 'Why it failed, for the people watching.' }),
    ),
  },
  { additionalProperties: false },
);
export type DeviceCommandAck = Static<typeof DeviceCommandAckSchema>;

/** POST /Devices/{serialNumber}/Commands/{commandId}/Ack answer: the command's status now. */
export const DeviceCommandAckResultSchema = Type.Object(
  { id: Type.Integer(), status: Literals(DEVICE_COMMAND_STATUSES) },
  { $id: 'DeviceCommandAckResult' },
);
export type DeviceCommandAckResult = Static<typeof DeviceCommandAckResultSchema>;
