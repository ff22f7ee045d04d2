// The alarm queue and the watcher through the whole app, against an api of this file's own whose
// alarms are raised by device reports. AlarmChangedMessage reaches the cache through the live
// feature's writer (createLiveCacheWriter(...).alarmChanged), handed the alarm the api answers.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alarm } from '@sentinel/api-sdk';
import { renderApp } from '../test/render-app';
import { createLiveCacheWriter } from '../features/live/api/live-cache';
import { alarmSignalsAtom } from '../features/alarms/stores/alarm-signals';
import type { AlarmSignals } from '../features/alarms/utils/alarm-signals';
import { startAlarmApi } from '../features/alarms/testing/alarm-api';
import type { AlarmApi } from '../features/alarms/testing/alarm-api';

let api: AlarmApi;

beforeAll(async () => {
  api = await startAlarmApi(4);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

/** Signals that record what they were asked to do (jsdom has no audio and no notifications). */
function recordingSignals() {
  const asked = { sounds: 0, notifications: [] as string[] };
  const signals: AlarmSignals = {
    sound: { play: () => void (asked.sounds += 1) },
    notifier: {
      permission: () => 'granted',
      requestPermission: async () => 'granted',
      notify: (title) => void asked.notifications.push(title),
    },
  };
  return { asked, signals };
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Alarms' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');

describe('the alarm queue', () => {
  it('lists the open alarms in the server order, and a live change moves one to Acknowledged', async () => {
    const user = userEvent.setup();
    const [battery, tamper] = api.devices;
    // A low battery first, then a tamper: the tamper is the more urgent, so it leads.
    const low = await api.report(battery!, { deviceBatteryPercent: 5 });
    const high = await api.report(tamper!, { tamper: { carBatteryState: 'Normal', gpsState: 'Normal' } });
    await api.storeSignedIn('Admin');
    const app = renderApp('/agent/alarms', { apiUrl: api.url });

    expect(await screen.findByRole('heading', { level: 1, name: 'Alarms' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Alarms' });
    const rows = rowNames();
    expect(rows.findIndex((row) => row.includes(high.registrationNumber))).toBeLessThan(
      rows.findIndex((row) => row.includes(low.registrationNumber)),
    );
    expect(screen.getByRole('tab', { name: /^Open \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Response figures' })).toHaveAttribute(
      'href',
      '/agent/alarms/figures',
    );

    // Another agent takes the tamper alarm; the hub's message moves it without a reload.
    const agent = await api.client('Technical-Agent');
    const taken = await agent.alarms.acknowledge(high.id);
    createLiveCacheWriter(app.queryClient).alarmChanged(taken);
    await waitFor(() => expect(rowNames().some((row) => row.includes(high.registrationNumber))).toBe(false));

    await user.click(screen.getByRole('tab', { name: /^Acknowledged/ }));
    const acknowledged = await screen.findByRole('tabpanel');
    await waitFor(() =>
      expect(within(acknowledged).getByText(high.registrationNumber, { exact: false })).toBeVisible(),
    );
  });

  it('rings once for a new alarm, not while muted, and puts the open count in the title', async () => {
    const user = userEvent.setup();
    await api.storeSignedIn('Technical-Agent');
    const app = renderApp('/agent/alarms', { apiUrl: api.url });
    const { asked, signals } = recordingSignals();
    app.store.set(alarmSignalsAtom, signals);
    await screen.findByRole('heading', { level: 1, name: 'Alarms' });
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Alarms · Sentinel$/));
    const before = Number(/^\((\d+)\)/.exec(document.title)![1]);

    const writer = createLiveCacheWriter(app.queryClient);
    const opened: Alarm = await api.report(api.devices[2]!, {
      tamper: { carBatteryState: 'Normal', gpsState: 'Jammed' },
    });
    expect(opened).toMatchObject({ state: 'Open', eventCount: 1, kind: 'GpsJammed' });
    writer.alarmChanged(opened);
    writer.alarmChanged(opened);
    expect(asked.sounds).toBe(1);
    // The tab is visible in jsdom: no desktop notification.
    expect(asked.notifications).toEqual([]);
    await waitFor(() => expect(document.title).toBe(`(${before + 1}) Alarms · Sentinel`));

    await user.click(screen.getByRole('switch', { name: 'Mute alarms' }));
    expect(localStorage.getItem('sentinel.alarms.muted')).toBe('true');
    const silent = await api.report(api.devices[3]!, { deviceBatteryPercent: 4 });
    writer.alarmChanged(silent);
    expect(asked.sounds).toBe(1);

    // Elsewhere in the dashboard the count stays in front of the screen's own title.
    await app.router.navigate('/agent/clients/all');
    await screen.findByRole('heading', { level: 1, name: 'Clients' });
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Agent \| Sentinel$/));
  });
});
