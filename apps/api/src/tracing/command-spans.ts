/*
 * One lock command, one trace. The staff member's request (PUT /Vehicles/{id}/Lock) is the root,
 * or continues the caller's traceparent; its "command issue" span is stored with the command (the
 * device_commands.trace_parent column), so the steps that come later, in other requests and maybe
 * on another instance, are its children:
 *
 *   PUT /Vehicles/:id/Lock                             (server span, request-spans.ts)
 *   └─ command issue                                   (command-issuing.ts; stored)
 *      ├─ hub send DeviceCommandStatusMessage          (live-hub.ts: Pending)
 *      ├─ command delivery                             (command-delivery.ts: the device's GET
 *      │                                                /Devices/{serial}/Commands or a gateway's
 *      │                                                poll; linked to that request's span)
 *      │  └─ hub send DeviceCommandStatusMessage       (live-hub.ts: Delivered)
 *      └─ command acknowledgement                      (command-acknowledgement.ts: the device's
 *         │                                             POST .../Ack; linked to that request's span)
 *         ├─ hub send DeviceLockUnlockMessage          (live-hub.ts: the vehicle's new lock state)
 *         └─ hub send DeviceCommandStatusMessage       (live-hub.ts: Confirmed or Failed)
 *
 * The device's own requests stay traces of their own (one poll may hand over the commands of many
 * traces): the links join them. A device gateway is handed the stored traceparent with each command
 * its poll takes, and continues it (apps/device-gateway/src/tracing.ts):
 *
 *      ├─ command send                                 (gateway: the Codec 12 frame written)
 *      │  └─ command answer                            (gateway: the tracker's answer)
 *      │     └─ POST /Devices/:serialNumber/Commands/:commandId/Ack   (its traceparent header)
 *      │        └─ command acknowledgement             (the request continues this trace already:
 *      │           └─ hub send ...                      its child, not linked; spans.ts)
 *
 * Attributes name the command, vehicle and device by their ids only.
 */
import { SpanKind } from '@opentelemetry/api';
import type { Attributes } from '@opentelemetry/api';
import type { DeviceCommandAck, DeviceCommandStatus, DeviceCommandType } from '@sentinel/domain';
import { inSpan, inStoredTrace } from './spans';

export const COMMAND_ID = 'sentinel.command.id';
export const COMMAND_TYPE = 'sentinel.command.type';
export const COMMAND_STATUS = 'sentinel.command.status';
export const VEHICLE_ID = 'sentinel.vehicle.id';
export const DEVICE_ID = 'sentinel.device.id';
export const HUB_MESSAGE = 'sentinel.hub.message';

/** A command being asked for: `work` stores currentTraceParent() with it. */
export function traceCommandIssue<T extends { id: number; status: DeviceCommandStatus }>(
  command: { type: DeviceCommandType; vehicleId?: number | null; deviceId: number },
  work: () => Promise<T>,
): Promise<T> {
  return inSpan(
    'command issue',
    {
      attributes: {
        [COMMAND_TYPE]: command.type,
        [DEVICE_ID]: command.deviceId,
        ...vehicle(command.vehicleId),
      },
      resultAttributes: (made) => ({ [COMMAND_ID]: made.id, [COMMAND_STATUS]: made.status }),
    },
    work,
  );
}

/** A stored command handed over to its device (Pending to Delivered), in the trace that issued it. */
export function traceCommandDelivery(
  command: {
    id: number;
    type: string;
    vehicleId: number | null;
    deviceId: number;
    traceParent: string | null;
  },
  work: () => void,
): void {
  inStoredTrace(
    'command delivery',
    command.traceParent,
    {
      attributes: {
        [COMMAND_ID]: command.id,
        [COMMAND_TYPE]: command.type,
        [DEVICE_ID]: command.deviceId,
        ...vehicle(command.vehicleId),
      },
    },
    work,
  );
}

/** The device's answer to a stored command, in the trace that issued it. */
export function traceCommandAcknowledgement<T>(
  command: { id: number; type: string; vehicleId: number; deviceId: number; traceParent: string | null },
  ack: DeviceCommandAck,
  work: () => Promise<T>,
): Promise<T> {
  return inStoredTrace(
    'command acknowledgement',
    command.traceParent,
    {
      attributes: {
        [COMMAND_ID]: command.id,
        [COMMAND_TYPE]: command.type,
        [DEVICE_ID]: command.deviceId,
        [VEHICLE_ID]: command.vehicleId,
        [COMMAND_STATUS]: ack.status,
      },
    },
    work,
  );
}

/**
 * A live message sent to the dashboards watching a vehicle: the child of the step that caused it
 * (the vehicle event bus and the hub's per-vehicle queue keep the caller's context), untraced when
 * nothing traced caused it.
 */
export function traceHubSend<T>(message: string, vehicleId: number, work: () => Promise<T>): Promise<T> {
  return inSpan(
    `hub send ${message}`,
    { kind: SpanKind.PRODUCER, attributes: { [HUB_MESSAGE]: message, [VEHICLE_ID]: vehicleId } },
    work,
  );
}

function vehicle(vehicleId: number | null | undefined): Attributes {
  return vehicleId === null || vehicleId === undefined ? {} : { [VEHICLE_ID]: vehicleId };
}
