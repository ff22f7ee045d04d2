import { execFileSync } from 'node:child_process';
import { API_URL, DATABASE_FILE } from '../playwright.config';

/**
 * Gives a seeded device a fresh ingestion key in the running api's database file, through
 * @sentinel/testing (in a child process, so the tests get the key synchronously).
 */
export function issueDeviceKey(serialNumber: string): string {
  const output = execFileSync(
    'pnpm',
    ['--silent', '--filter', '@sentinel/testing', 'device:key', serialNumber],
    {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_FILE },
    },
  );
  const key = output.trim();
  if (!key) throw new Error(`No key in the device:key output:\n${output}`);
  return key;
}

export interface TelemetryReport {
  timestamp?: string;
  latitudeDegrees?: number;
  longitudeDegrees?: number;
  locked?: boolean;
  tamper?: { carBatteryState: string; gpsState: string };
}

/** Reports as the tracking device does: POST /Devices/{serial}/Telemetry with its device key. */
export async function reportTelemetry(serialNumber: string, key: string, report: TelemetryReport) {
  const response = await fetch(`${API_URL}/Devices/${serialNumber}/Telemetry`, {
    method: 'POST',
    headers: { Authorization: `Device ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ timestamp: new Date().toISOString(), ...report }),
  });
  if (response.status !== 200)
    throw new Error(`Telemetry answered ${response.status}: ${await response.text()}`);
}

export interface DeviceCommand {
  id: number;
  type: 'Lock' | 'Unlock';
}

/**
 * Asks for the device's commands as the device does (GET /Devices/{serial}/Commands, a long poll):
 * answers at once when some wait, else when one arrives within waitSeconds.
 */
export async function fetchCommands(serialNumber: string, key: string, waitSeconds = 20) {
  const response = await fetch(`${API_URL}/Devices/${serialNumber}/Commands?waitSeconds=${waitSeconds}`, {
    headers: { Authorization: `Device ${key}` },
  });
  if (response.status !== 200)
    throw new Error(`Commands answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { items: DeviceCommand[] }).items;
}

/** Reports a command's outcome as the device does, with the lock state it left. */
export async function answerCommand(
  serialNumber: string,
  key: string,
  commandId: number,
  outcome: { status: 'Confirmed' | 'Failed'; locked: boolean; reason?: string },
) {
  const response = await fetch(`${API_URL}/Devices/${serialNumber}/Commands/${commandId}/Ack`, {
    method: 'POST',
    headers: { Authorization: `Device ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(outcome),
  });
  if (response.status !== 200) throw new Error(`Ack answered ${response.status}: ${await response.text()}`);
}
