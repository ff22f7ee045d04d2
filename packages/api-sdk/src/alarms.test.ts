import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceListFields, TelemetryReport } from '@sentinel/domain';
import { ALARM_MESSAGES } from '@sentinel/domain';
import { issueDeviceKeyInFile, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { gt } from './odata';

let api: RunningApi;
let folder: string;
let admin: ApiClient;
let agent: ApiClient;
/** Two fitted devices of the demo fleet, each with its vehicle and a fresh ingestion key. */
let devices: { serialNumber: string; vehicleId: number; key: string }[];

// Alarms are raised by device reports, which need a device key, which is issued in the database file.
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sdk-alarms-'));
  const databaseFile = join(folder, 'api.sqlite');
  api = await startApi({ databaseFile });
  [admin, agent] = await Promise.all([
    signedInClient(api.url, 'Admin'),
    signedInClient(api.url, 'Technical-Agent'),
  ]);
  const fitted = await admin.devices.list({ filter: gt<DeviceListFields>('vehicleId', 0), pageSize: 2 });
  devices = [];
  for (const device of fitted.items) {
    devices.push({
      serialNumber: device.serialNumber,
      vehicleId: device.vehicleId,
      key: await issueDeviceKeyInFile(databaseFile, device.serialNumber),
    });
  }
}, 60_000);

afterAll(async () => {
  await api?.close();
  await rm(folder, { recursive: true, force: true });
});

/** Reports as the device does: POST /Devices/{serial}/Telemetry with its own key. */
async function report(device: (typeof devices)[number], parts: Omit<TelemetryReport, 'timestamp'>) {
  const response = await fetch(`${api.url}/Devices/${encodeURIComponent(device.serialNumber)}/Telemetry`, {
    method: 'POST',
    headers: { authorization: `Device ${device.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timestamp: new Date().toISOString(), ...parts }),
  });
  expect(response.status).toBe(200);
}

async function failure(call: Promise<unknown>) {
  const error: unknown = await call.catch((caught: unknown) => caught);
  if (!isApiError(error)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

const today = () => new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);

describe('the alarm calls', () => {
  it('queue, read, acknowledge (one owner), note and resolve a tamper alarm', async () => {
    const device = devices[0]!;
    await report(device, { tamper: { carBatteryState: 'Normal', gpsState: 'Normal' } });

    const open = await admin.alarms.queue({ tab: 'Open', pageSize: 50 });
    const alarm = open.items.find((item) => item.vehicleId === device.vehicleId && item.kind === 'Tamper');
    expect(alarm).toMatchObject({ state: 'Open', priority: 1, eventCount: 1, acknowledgedByUserId: null });
    expect(open.pageSize).toBe(50);
    const id = alarm!.id;

    const detail = await admin.alarms.get(id);
    expect(detail.alarm.id).toBe(id);
    expect(detail.timeline[0]?.type).toBe('Opened');

    const taken = await admin.alarms.acknowledge(id);
    expect(taken.state).toBe('Acknowledged');
    expect(taken.acknowledgedByUserFirstName).not.toBeNull();
    const late = await failure(agent.alarms.acknowledge(id));
    expect(late.status).toBe(409);
    expect(late.message).toBe(
      `Already acknowledged by ${taken.acknowledgedByUserFirstName} ${taken.acknowledgedByUserLastName}.`,
    );
    const owned = await agent.alarms.queue({ tab: 'Acknowledged' });
    expect(owned.items.map((item) => item.id)).toContain(id);
    expect((await agent.alarms.queue()).items.map((item) => item.id)).not.toContain(id);

    const note = await admin.alarms.addNote(id, 'Called the holder; no answer.');
    expect(note).toMatchObject({ type: 'Note', text: 'Called the holder; no answer.' });
    const emptyNote = await failure(admin.alarms.addNote(id, '  '));
    expect(emptyNote.status).toBe(400);
    expect(emptyNote.errors['Note']).toEqual([ALARM_MESSAGES.noteRequired]);

    const noReason = await failure(admin.alarms.resolve(id, { reason: '' }));
    expect(noReason.status).toBe(400);
    expect(noReason.errors['Reason']).toEqual([ALARM_MESSAGES.reasonRequired]);
    const resolved = await admin.alarms.resolve(id, {
      reason: 'FalseAlarm',
      note: 'Holder opened the bonnet.',
    });
    expect(resolved).toMatchObject({ state: 'Resolved', resolution: 'FalseAlarm' });
    // The holder's SMS and e-mail add 'Message' lines of their own, as they are sent.
    const timeline = (await admin.alarms.get(id)).timeline.filter((event) => event.type !== 'Message');
    expect(timeline.map((event) => event.type)).toEqual(['Opened', 'Acknowledged', 'Note', 'Resolved']);
  });

  it('escalate an open alarm to a partner, which also acknowledges it', async () => {
    const device = devices[1]!;
    await report(device, { tamper: { carBatteryState: 'Disconnected', gpsState: 'Normal' } });
    const alarm = (await agent.alarms.queue({ tab: 'Open' })).items.find(
      (item) => item.vehicleId === device.vehicleId,
    );
    expect(alarm?.kind).toBe('PowerCut');

    const escalated = await agent.alarms.escalate(alarm!.id, 'Aura');
    expect(escalated.state).toBe('Escalated');
    expect(escalated.acknowledgedByUserId).not.toBeNull();
    const types = (await agent.alarms.get(alarm!.id)).timeline.map((event) => event.type);
    expect(types).toContain('Escalated');
  });

  it('answer the figures of today, and the same as a CSV to save', async () => {
    const period = { from: today(), to: today() };
    const figures = await admin.alarms.figures(period);
    expect(figures.rows.some((row) => row.kind === 'Tamper' && row.alarms >= 1)).toBe(true);

    const csv = await admin.alarms.figuresCsv(period);
    expect(csv.fileName).toBe(`Alarm-figures-${period.from}-to-${period.to}.csv`);
    const text = await csv.blob.text();
    expect(text.split('\n').length).toBeGreaterThan(1);
    expect(text).toContain('Tamper');
  });

  it('answer 404 for an alarm that does not exist', async () => {
    expect((await failure(admin.alarms.get(999_999))).status).toBe(404);
  });
});
