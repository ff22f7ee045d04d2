// One alarm's page through the whole app, against an api of this file's own (alarms come from device
// reports): acknowledge shows the owner, a lost race names the winner, resolve checks its reason.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_MESSAGES } from '@sentinel/domain';
import type { Alarm } from '@sentinel/domain';
import { demoSignIn } from '../test/api';
import { renderApp } from '../test/render-app';
import { startAlarmApi } from '../features/alarms/testing/alarm-api';
import type { AlarmApi } from '../features/alarms/testing/alarm-api';

let api: AlarmApi;

beforeAll(async () => {
  api = await startAlarmApi(2);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('an open alarm', () => {
  it('is acknowledged with its owner shown, and resolved with a reason checked first', async () => {
    const user = userEvent.setup();
    const alarm = await api.report(api.devices[0]!, {
      tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
    });
    await api.storeSignedIn('Admin');
    renderApp(`/agent/alarms/${alarm.id}`, { apiUrl: api.url });

    expect(
      await screen.findByRole('heading', { level: 1, name: `Tamper alert: ${alarm.registrationNumber}` }),
    ).toBeInTheDocument();
    expect(fact('Owner')).toBe('Unowned');
    expect(screen.getByRole('button', { name: 'Escalate to Aura' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Escalate to Capital Air' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Contacts' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(fact('Owner')).toBe(demoSignIn('Admin').name));
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const form = screen.getByRole('form', { name: 'Resolve alarm' });
    await user.click(within(form).getByRole('button', { name: 'Resolve alarm' }));
    expect(within(form).getByText(ALARM_MESSAGES.reasonRequired)).toBeInTheDocument();
  });

  it("tells who won when someone else acknowledged it first, in the server's words", async () => {
    const user = userEvent.setup();
    const alarm = await api.report(api.devices[1]!, {
      tamper: { carBatteryState: 'Disconnected', gpsState: 'Normal' },
    });
    await api.storeSignedIn('Admin');
    // The other agent's acknowledgement lands just before this page's: its live message would
    // otherwise take the button away before the click, so the race is run at the request.
    let winner: Alarm | undefined;
    const racingFetch: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const url = request?.url ?? String(input);
      const method = init?.method ?? request?.method ?? 'GET';
      if (method === 'POST' && url.endsWith(`/Alarms/${alarm.id}/Acknowledge`) && winner === undefined) {
        winner = await (await api.client('Technical-Agent')).alarms.acknowledge(alarm.id);
      }
      return fetch(input, init);
    };
    renderApp(`/agent/alarms/${alarm.id}`, { apiUrl: api.url, fetch: racingFetch });
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));

    const actions = screen.getByRole('region', { name: 'Actions' });
    const refusal = await within(actions).findByRole('alert');
    const owner = `${winner!.acknowledgedByUserFirstName} ${winner!.acknowledgedByUserLastName}`;
    expect(refusal).toHaveTextContent(`Already acknowledged by ${owner}.`);
    await waitFor(() => expect(fact('Owner')).toBe(owner));
  });
});
