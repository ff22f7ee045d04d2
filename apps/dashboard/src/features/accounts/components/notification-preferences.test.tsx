import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALARM_KIND_LABELS, ALARM_KINDS, NOTIFICATION_CONTACT_MESSAGES } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { sdk, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

/** A newly added account holder, so the preferences saved here are nobody else's. */
async function newHolder(agent: AuthorisedUser) {
  const api = sdk(agent);
  const suffix = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const { id } = await api.users.createAccountHolder({
    FirstName: 'Bongani',
    LastName: 'Sithole',
    Email: `preferences.${Date.now()}.${suffix}@example.co.za`,
    PhoneNumber: `07${suffix}`,
    IdNumber: `P${suffix}`,
    IdNumberIsSouthAfrican: false,
  });
  return { id, api };
}

describe("given an agent setting an account holder's notifications", () => {
  it('shows every kind and both channels chosen and no quiet hours, needs a channel and both times, and saves the choice', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const { id, api } = await newHolder(agent);
    renderApp(`/agent/clients/${id}/account/view`);

    // The account's first showing waits on three answers of an api that other test files keep busy.
    const section = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 15_000 });
    const kinds = await within(section).findByRole('group', { name: 'Alarm kinds' });
    expect(within(kinds).getAllByRole('checkbox')).toHaveLength(ALARM_KINDS.length);
    for (const kind of ALARM_KINDS) {
      expect(within(kinds).getByRole('checkbox', { name: ALARM_KIND_LABELS[kind] })).toBeChecked();
    }
    const channels = within(section).getByRole('group', { name: 'Channels' });
    expect(within(channels).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    expect(within(channels).getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    const quiet = within(section).getByRole('group', { name: 'Quiet hours' });
    expect(within(quiet).getByLabelText('From')).toHaveValue('');
    expect(within(quiet).getByText(NOTIFICATION_CONTACT_MESSAGES.quietHoursNote)).toBeInTheDocument();

    await user.click(within(channels).getByRole('checkbox', { name: 'SMS' }));
    await user.click(within(channels).getByRole('checkbox', { name: 'E-mail' }));
    expect(channels).toHaveAccessibleDescription(NOTIFICATION_CONTACT_MESSAGES.channelsRequired);
    await user.click(within(channels).getByRole('checkbox', { name: 'E-mail' }));
    expect(channels).not.toHaveAccessibleDescription();

    await user.click(within(section).getByRole('checkbox', { name: ALARM_KIND_LABELS.LowDeviceBattery }));
    await user.type(within(quiet).getByLabelText('From'), '22:00');
    const save = within(section).getByRole('button', { name: 'Save notifications' });
    await user.click(save);
    expect(within(quiet).getByLabelText('To')).toHaveAccessibleDescription(
      expect.stringContaining(NOTIFICATION_CONTACT_MESSAGES.quietHoursIncomplete) as string,
    );
    expect(await api.notifications.preferences(id)).toMatchObject({
      channels: ['sms', 'email'],
      quietFrom: null,
    });

    await user.type(within(quiet).getByLabelText('To'), '06:00');
    await user.click(save);
    expect(await within(section).findByText('Notifications saved.')).toBeInTheDocument();
    expect(await api.notifications.preferences(id)).toEqual({
      kinds: ALARM_KINDS.filter((kind) => kind !== 'LowDeviceBattery'),
      channels: ['email'],
      quietFrom: '22:00',
      quietTo: '06:00',
    });
    expect(save).toBeDisabled();
  });
});
