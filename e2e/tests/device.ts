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
