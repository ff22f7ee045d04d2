/*
 * Lock and unlock sent to a free device (not linked to a vehicle) to test its relay over the command
 * channel, as the burn-in bench does: staff ask, the device fetches it with its own key from
 * GET /Devices/{serialNumber}/Commands and answers through the same Ack route as a vehicle's command.
 * No vehicle's lock state or history changes; the outcome stays on the test command.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Literals, Nullable } from './common';
import { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES } from './commands';

/** POST /Devices/{serialNumber}/TestCommands body. */
export const DeviceTestCommandRequestSchema = Type.Object(
  { type: Literals(DEVICE_COMMAND_TYPES) },
  { additionalProperties: false },
);
export type DeviceTestCommandRequest = Static<typeof DeviceTestCommandRequestSchema>;

/** A test command and what the device made of it (POST and GET /Devices/{serialNumber}/TestCommands). */
export const DeviceTestCommandSchema = Type.Object({
  id: Type.Integer(),
  serialNumber: Type.String(),
  type: Literals(DEVICE_COMMAND_TYPES),
  status: Literals(DEVICE_COMMAND_STATUSES),
  requestedDateTime: Type.String({ description: 'ISO 8601 date-time (UTC).' }),
  expiresDateTime: Type.String({ description: 'An open test command expires at this time.' }),
  deliveredDateTime: Nullable(Type.String()),
  completedDateTime: Nullable(Type.String()),
  resultIsLocked: Nullable(
    Type.Boolean({ description: 'The lock state the device reported with its outcome.' }),
  ),
  reason: Nullable(Type.String({ description: 'Why it failed, expired or was replaced.' })),
});
export type DeviceTestCommand = Static<typeof DeviceTestCommandSchema>;
