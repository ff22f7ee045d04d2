import { createDeviceClient } from '@sentinel/device-client';
import type { DeviceAnswer } from '@sentinel/device-client';
import type { DeviceCommandAck, TelemetryReport } from '@sentinel/domain';
import { issueDeviceKeyInFile } from '@sentinel/testing';
import { API_URL, DATABASE_FILE } from '../playwright.config';

/**
 * Gives a seeded device a fresh ingestion key in the running api's database file, through
 * @sentinel/testing, in the test's own process (as sign-up.spec.ts expires phone codes).
 */
export function issueDeviceKey(serialNumber: string): Promise<string> {
  return issueDeviceKeyInFile(DATABASE_FILE, serialNumber);
}

/** The device's own channel to the running api, as a fitted device calls it. */
function device(serialNumber: string, key: string) {
  return createDeviceClient({ apiUrl: API_URL, serialNumber, key });
}

/** The answer's body, or the test fails with what the api said (or that it said nothing). */
function answered<T>(what: string, answer: DeviceAnswer<T>): T {
  if (!answer.ok) throw new Error(`${what} answered ${answer.status ?? 'nothing'}: ${answer.detail}`);
  return answer.body;
}

/** Reports as the tracking device does (POST /Devices/{serial}/Telemetry); the timestamp defaults to now. */
export async function reportTelemetry(
  serialNumber: string,
  key: string,
  report: Omit<TelemetryReport, 'timestamp'> & { timestamp?: string },
) {
  const body = { timestamp: new Date().toISOString(), ...report };
  return answered('Telemetry', await device(serialNumber, key).report(body));
}

/**
 * Asks for the device's commands as the device does (GET /Devices/{serial}/Commands, a long poll):
 * answers at once when some wait, else when one arrives within waitSeconds.
 */
export async function fetchCommands(serialNumber: string, key: string, waitSeconds = 20) {
  return answered('Commands', await device(serialNumber, key).commands({ waitSeconds })).items;
}

/** Reports a command's outcome as the device does, with the lock state it left. */
export async function answerCommand(
  serialNumber: string,
  key: string,
  commandId: number,
  outcome: DeviceCommandAck,
) {
  return answered('Ack', await device(serialNumber, key).acknowledge(commandId, outcome));
}
