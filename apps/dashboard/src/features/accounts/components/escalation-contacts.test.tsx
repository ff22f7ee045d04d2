import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eq } from '@sentinel/api-sdk';
import { MESSAGES, NOTIFICATION_CONTACT_MESSAGES } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { sdk, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

/** A newly added account holder, so the contacts saved here are nobody else's. */
async function newHolder(agent: AuthorisedUser) {
  const api = sdk(agent);
  const suffix = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const { id } = await api.users.createAccountHolder({
    FirstName: 'Ayanda',
    LastName: 'Zulu',
    Email: `contacts.${Date.now()}.${suffix}@example.co.za`,
    PhoneNumber: `07${suffix}`,
    IdNumber: `P${suffix}`,
    IdNumberIsSouthAfrican: false,
  });
  return { id, api };
}

/** The account's first showing waits on three answers of an api that other test files keep busy. */
const PAGE_LOADED = { timeout: 15_000 };

async function contactsSection() {
  return screen.findByRole('region', { name: 'Escalation contacts' }, PAGE_LOADED);
}

describe("given an agent viewing an account holder's escalation contacts", () => {
  it('lists them in the order they are told', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const [holder] = (await sdk(agent).users.list({ filter: eq('email', 'holder@sentinel.demo') })).items;
    renderApp(`/agent/clients/${holder!.id}/account/view`);

    const section = await contactsSection();
    const first = await within(section).findByRole('group', { name: 'Contact 1' });
    expect(within(first).getByLabelText('Name')).toHaveValue('Sipho Nkosi');
    expect(within(first).getByLabelText('Cellphone number')).toHaveValue('825550101');
    expect(within(first).getByLabelText('Email address (optional)')).toHaveValue('sipho.nkosi@example.co.za');
    expect(within(first).getByRole('button', { name: 'Move up' })).toBeDisabled();
    const second = within(section).getByRole('group', { name: 'Contact 2' });
    expect(within(second).getByLabelText('Name')).toHaveValue('Naledi Dube');
    expect(within(second).getByRole('button', { name: 'Move down' })).toBeDisabled();
  });
});

describe('given an agent editing the escalation contacts', () => {
  it('says there are none, checks each field before sending, and saves the list in the order set', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const { id, api } = await newHolder(agent);
    renderApp(`/agent/clients/${id}/account/view`);

    const section = await contactsSection();
    expect(await within(section).findByText('No escalation contacts')).toBeInTheDocument();
    const save = within(section).getByRole('button', { name: 'Save contacts' });
    expect(save).toBeDisabled();

    await user.click(within(section).getByRole('button', { name: 'Add contact' }));
    const first = within(section).getByRole('group', { name: 'Contact 1' });
    expect(within(first).getByLabelText('Name')).toHaveFocus();
    await user.type(within(first).getByLabelText('Cellphone number'), '12345');
    await user.tab();
    expect(within(first).getByText(MESSAGES.phoneNumber)).toBeInTheDocument();
    await user.type(within(first).getByLabelText('Email address (optional)'), 'thabo@');
    await user.click(save);
    // Nothing is sent while a field is wrong: every message shows at its field.
    expect(within(first).getByLabelText('Name')).toHaveAccessibleDescription(MESSAGES.required);
    expect(within(first).getByLabelText('Email address (optional)')).toHaveAccessibleDescription(
      MESSAGES.email,
    );
    expect(await api.notifications.escalationContacts(id)).toEqual([]);

    await user.type(within(first).getByLabelText('Name'), 'Thabo Mokoena');
    await user.clear(within(first).getByLabelText('Cellphone number'));
    await user.type(within(first).getByLabelText('Cellphone number'), '0821110001');
    await user.clear(within(first).getByLabelText('Email address (optional)'));
    for (const message of [MESSAGES.required, MESSAGES.phoneNumber, MESSAGES.email]) {
      expect(within(first).queryByText(message)).toBeNull();
    }

    await user.click(within(section).getByRole('button', { name: 'Add contact' }));
    const second = within(section).getByRole('group', { name: 'Contact 2' });
    await user.type(within(second).getByLabelText('Name'), 'Lerato Khumalo');
    await user.type(within(second).getByLabelText('Cellphone number'), '0821110001');
    await user.tab();
    expect(within(second).getByLabelText('Cellphone number')).toHaveAccessibleDescription(
      expect.stringContaining(NOTIFICATION_CONTACT_MESSAGES.duplicatePhone) as string,
    );
    await user.clear(within(second).getByLabelText('Cellphone number'));
    await user.type(within(second).getByLabelText('Cellphone number'), '0831110002');
    await user.click(within(second).getByRole('button', { name: 'Move up' }));
    expect(
      within(within(section).getByRole('group', { name: 'Contact 1' })).getByLabelText('Name'),
    ).toHaveValue('Lerato Khumalo');

    await user.click(save);
    expect(await within(section).findByText('Escalation contacts saved.')).toBeInTheDocument();
    expect(await api.notifications.escalationContacts(id)).toEqual([
      { position: 1, name: 'Lerato Khumalo', phoneCode: '27', phoneNumber: '831110002', email: null },
      { position: 2, name: 'Thabo Mokoena', phoneCode: '27', phoneNumber: '821110001', email: null },
    ]);
    expect(save).toBeDisabled();

    await user.click(
      within(within(section).getByRole('group', { name: 'Contact 2' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await user.click(save);
    await waitFor(async () =>
      expect((await api.notifications.escalationContacts(id)).map((contact) => contact.name)).toEqual([
        'Lerato Khumalo',
      ]),
    );
  });

  it('turns Add off at five contacts and says why', async () => {
    const agent = await storeSignedInUser('Admin');
    const { id, api } = await newHolder(agent);
    await api.notifications.saveEscalationContacts(
      id,
      Array.from({ length: 5 }, (_, index) => ({
        name: `Contact ${index + 1}`,
        phoneNumber: `082111000${index}`,
      })),
    );
    renderApp(`/agent/clients/${id}/account/view`);

    const section = await contactsSection();
    await within(section).findByRole('group', { name: 'Contact 5' });
    const add = within(section).getByRole('button', { name: 'Add contact' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(NOTIFICATION_CONTACT_MESSAGES.tooMany);
  });
});
