/*
 * AlarmChangedMessage through the real hub to the official SignalR client signed in as Admin:
 * when a tamper report opens an alarm and when someone acknowledges it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { LIVE_MESSAGE } from '@sentinel/domain';
import type { AlarmChangedMessage } from '@sentinel/domain';
import { addTrackedVehicle, hubConnection, nextMessage } from '../live/test-support';
import { ago, call, report, startAlarmApi } from './test-support';
import type { AlarmApi } from './test-support';

let api: AlarmApi;
let connection: HubConnection;

beforeAll(async () => {
  api = await startAlarmApi();
  connection = hubConnection(api.url, api.tokens.Admin);
  await connection.start();
});

afterAll(async () => {
  await connection.stop();
  await api.app.close();
});

describe('AlarmChangedMessage', () => {
  it('reaches an Admin when a tamper report opens an alarm, and again when it is acknowledged', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const opened = nextMessage<AlarmChangedMessage>(
      connection,
      LIVE_MESSAGE.alarmChanged,
      (message) => message.vehicleId === vehicle.vehicleId,
    );

    await report(api, vehicle, {
      timestamp: ago(3),
      tamper: { carBatteryState: 'Disconnected', gpsState: 'Normal' },
    });

    const first = await opened;
    expect(first).toMatchObject({
      kind: 'PowerCut',
      state: 'Open',
      eventCount: 1,
      vehicleId: vehicle.vehicleId,
    });
    // The message is the alarm as GET /Alarms answers it.
    const listed = await call<{ items: AlarmChangedMessage[] }>(api, 'GET', '/Alarms?tab=Open');
    expect(listed.body.items.find((alarm) => alarm.id === first.id)).toEqual(first);

    const acknowledged = nextMessage<AlarmChangedMessage>(
      connection,
      LIVE_MESSAGE.alarmChanged,
      (message) => message.id === first.id && message.state === 'Acknowledged',
    );
    expect((await call(api, 'POST', `/Alarms/${first.id}/Acknowledge`)).status).toBe(200);

    expect(await acknowledged).toMatchObject({
      id: first.id,
      acknowledgedByUserFirstName: 'Ayanda',
      acknowledgedByUserLastName: 'Dlamini',
    });
  });
});
