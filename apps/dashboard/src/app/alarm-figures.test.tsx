// The response figures through the whole app, against an api of this file's own with one alarm today.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { startAlarmApi } from '../features/alarms/testing/alarm-api';
import type { AlarmApi } from '../features/alarms/testing/alarm-api';
import { recordSavedFiles } from '../test/saved-files';

let api: AlarmApi;

beforeAll(async () => {
  api = await startAlarmApi(1);
  await api.report(api.devices[0]!, { tamper: { carBatteryState: 'Normal', gpsState: 'Normal' } });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('the alarm figures', () => {
  it('show the last 7 days per day and kind, and download the same as a CSV', async () => {
    const user = userEvent.setup();
    await api.storeSignedIn('Admin');
    renderApp('/agent/alarms/figures', { apiUrl: api.url });

    const table = await screen.findByRole('table', { name: 'Response figures per day and kind' });
    const tamper = within(table).getByRole('row', { name: /Tamper alert/ });
    expect(within(tamper).getAllByRole('cell')[1]).toHaveTextContent('1');
    const from = screen.getByLabelText<HTMLInputElement>('From').value;
    const to = screen.getByLabelText<HTMLInputElement>('To').value;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);

    const saved = recordSavedFiles();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toBe(`Alarm-figures-${from}-to-${to}.csv`);
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsText(saved[0]!.blob);
    });
    expect(text).toContain('Tamper');
  });
});
