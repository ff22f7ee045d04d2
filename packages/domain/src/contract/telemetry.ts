/*
 * What a tracking device reports on its own channel (POST /Devices/{serialNumber}/Telemetry, with
 * `Authorization: Device <key>`), and what the api answers. Fitted devices, the demo's simulator and
 * the burn-in bench's units all send this one body.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Literals, Nullable, ref } from './common';

/** What the car's battery looked like when the device raised a tamper alert. */
export const CAR_BATTERY_STATES = ['Normal', 'Low', 'Disconnected'] as const;
export type CarBatteryState = (typeof CAR_BATTERY_STATES)[number];

/** What the GPS receiver looked like when the device raised a tamper alert. */
export const GPS_STATES = ['Normal', 'NoSignal', 'Jammed'] as const;
export type GpsState = (typeof GPS_STATES)[number];

/**
 * POST /Devices/{serialNumber}/Telemetry body. Only the api checks it, so it may say `format`
 * (its Ajv knows date-time); the answers, which the SDK checks too, do not.
 */
export const TelemetryReportSchema = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time', description: 'When the device took the reading.' }),
    latitudeDegrees: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitudeDegrees: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    locked: Type.Optional(Type.Boolean()),
    ignition: Type.Optional(
      Type.Boolean({ description: "The car's ignition; on while the vehicle is armed raises an alarm." }),
    ),
    tamper: Type.Optional(
      Type.Object(
        { carBatteryState: Literals(CAR_BATTERY_STATES), gpsState: Literals(GPS_STATES) },
        { description: 'Present when the device detects tampering; raises a tamper alert.' },
      ),
    ),
    moving: Type.Optional(
      Type.Boolean({ description: "Whether the device's motion sensor says the vehicle is moving." }),
    ),
    carBatteryVolts: Type.Optional(Type.Number({ minimum: 0, maximum: 40 })),
    deviceBatteryPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    deviceBatteryVolts: Type.Optional(
      Type.Number({ minimum: 0, maximum: 10, description: "The device's own backup battery." }),
    ),
    gsmSignalBars: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 5, description: 'Mobile network signal, 0 (none) to 5.' }),
    ),
    applicationVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  },
  {
    additionalProperties: false,
    description: 'One report from a tracking device; every part but timestamp is optional.',
  },
);
export type TelemetryReport = Static<typeof TelemetryReportSchema>;

/** POST /Devices/{serialNumber}/Telemetry answer. */
export const TelemetryResultSchema = Type.Object(
  {
    vehicleId: Nullable(
      Type.Integer({
        description:
          'The vehicle the device is linked to; null when it is not (only device values are stored).',
      }),
    ),
    stored: Type.Object(
      {
        device: Type.Boolean(),
        position: Type.Boolean(),
        lock: Type.Boolean(),
        tamper: Type.Boolean(),
      },
      {
        description:
          'Which parts changed something; a false part was absent, unchanged, or older than what is stored.',
      },
    ),
  },
  { $id: 'TelemetryResult' },
);
export type TelemetryResult = Static<typeof TelemetryResultSchema>;

/** The most reports one POST /Devices/{serialNumber}/Telemetry/Batch carries. */
export const TELEMETRY_BATCH_MAX = 100;

/**
 * POST /Devices/{serialNumber}/Telemetry/Batch body: readings a device kept while out of coverage,
 * or a gateway's decoded packet of records, sent together; each is stored as if sent alone.
 */
export const TelemetryBatchSchema = Type.Object(
  {
    reports: Type.Array(TelemetryReportSchema, { minItems: 1, maxItems: TELEMETRY_BATCH_MAX }),
  },
  { additionalProperties: false },
);
export type TelemetryBatch = Static<typeof TelemetryBatchSchema>;

/** POST /Devices/{serialNumber}/Telemetry/Batch answer: each report's result, in the order sent. */
export const TelemetryBatchResultSchema = Type.Object(
  { results: Type.Array(ref(TelemetryResultSchema)) },
  { $id: 'TelemetryBatchResult' },
);
export type TelemetryBatchResult = Static<typeof TelemetryBatchResultSchema>;
