/*
 * What a device gateway (apps/device-gateway) says to the api on behalf of the trackers it holds.
 * A gateway authenticates with `Authorization: Gateway <key>` (the api's GATEWAY_KEY) and then
 * calls the device routes (telemetry, commands, acknowledgements) for a device by its serial
 * number, as the device itself would; this file holds what only a gateway calls.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ref } from './common';
import { DeviceCommandDeliverySchema } from './commands';

/**
 * The serial numbers a device gateway may speak for (`Authorization: Gateway <key>`): IMEIs and a
 * tracking app's numeric ids. The product's own devices (SNT-…) carry letters, so a gateway, whose
 * protocols carry no secret, can never report or take commands as one of them.
 */
export const GATEWAY_SERIAL_PATTERN = /^[0-9]{6,20}$/;

/** The most devices one POST /Gateway/Commands/Poll names: one gateway instance's connections. */
export const GATEWAY_POLL_MAX_DEVICES = 20_000;

/**
 * POST /Gateway/Commands/Poll body: the devices whose connections this gateway instance holds now.
 * They are marked seen (online), their waiting commands handed over, and the call waits as a
 * device's poll does.
 */
export const GatewayCommandPollSchema = Type.Object(
  {
    serialNumbers: Type.Array(Type.String({ pattern: GATEWAY_SERIAL_PATTERN.source }), {
      maxItems: GATEWAY_POLL_MAX_DEVICES,
    }),
    waitSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 25 })),
  },
  { additionalProperties: false },
);
export type GatewayCommandPoll = Static<typeof GatewayCommandPollSchema>;

/** One command handed to a gateway for a device it holds. */
export const GatewayCommandSchema = Type.Object(
  {
    serialNumber: Type.String(),
    command: ref(DeviceCommandDeliverySchema),
    traceParent: Type.Optional(
      Type.String({
        description:
          'The W3C traceparent stored with the command when the api traced the request that made it. ' +
          "A tracing gateway continues that trace with its send to the device and the device's answer, " +
          "whose POST /Devices/{serialNumber}/Commands/{commandId}/Ack carries the answer's `traceparent` " +
          'header. Absent for a command made untraced.',
      }),
    ),
  },
  { $id: 'GatewayCommand' },
);
export type GatewayCommand = Static<typeof GatewayCommandSchema>;

/** POST /Gateway/Commands/Poll answer: the commands handed over by this call (may be none). */
export const GatewayCommandBatchSchema = Type.Object(
  { items: Type.Array(ref(GatewayCommandSchema)) },
  { $id: 'GatewayCommandBatch' },
);
export type GatewayCommandBatch = Static<typeof GatewayCommandBatchSchema>;
