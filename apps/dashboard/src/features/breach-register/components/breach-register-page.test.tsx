import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREACH_MESSAGES, MESSAGES } from '@sentinel/domain';
import { storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

// jsdom has no layout: give the list's scroll area 500 px and every card 50 px, so the virtual list
// renders what a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rowOf = (heading: HTMLElement) => heading.closest<HTMLElement>('[role="listitem"]')!;

/** A datetime-local field, typed as a person's browser fills it: 'YYYY-MM-DDTHH:MM'. */
async function typeTime(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

describe('given an Admin on the breach register', () => {
  it('shows each field’s error in the form, then records the incident and the Regulator’s notification', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    renderApp('/admin/breach-register');

    expect(await screen.findByRole('heading', { level: 1, name: 'Breach register' })).toBeInTheDocument();
    // This file is the only one that records incidents in the tests' api.
    expect(await screen.findByText(BREACH_MESSAGES.noIncidents)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record an incident' }));
    const form = within(await screen.findByRole('dialog', { name: 'Record an incident' }));
    await user.click(form.getByRole('button', { name: 'Record incident' }));

    // Every required field says so; the notifications, left empty, do not.
    expect(form.getByLabelText('When it happened')).toHaveAccessibleDescription(MESSAGES.required);
    expect(form.getByLabelText('When it was discovered')).toHaveAccessibleDescription(MESSAGES.required);
    expect(form.getByRole('textbox', { name: 'What happened' })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.required),
    );
    expect(form.getByRole('group', { name: 'Personal data involved' })).toHaveAccessibleDescription(
      BREACH_MESSAGES.dataClassesRequired,
    );
    expect(form.getByRole('textbox', { name: 'People affected' })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.required),
    );
    expect(form.getByLabelText('Information Regulator told')).not.toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.required),
    );

    // Found before it happened, described in a word, a count that is no number.
    await typeTime(user, form.getByLabelText('When it happened'), '2026-11-18T21:15');
    await typeTime(user, form.getByLabelText('When it was discovered'), '2026-11-18T08:00');
    await user.type(form.getByRole('textbox', { name: 'What happened' }), 'Stolen.');
    await user.type(form.getByRole('textbox', { name: 'People affected' }), 'many');
    await user.click(form.getByRole('checkbox', { name: 'Contact details' }));
    await user.click(form.getByRole('button', { name: 'Record incident' }));

    expect(form.getByLabelText('When it happened')).toHaveAccessibleDescription(
      BREACH_MESSAGES.occurredAfterDiscovered,
    );
    expect(form.getByRole('textbox', { name: 'What happened' })).toHaveAccessibleDescription(
      expect.stringContaining(BREACH_MESSAGES.descriptionTooShort),
    );
    expect(form.getByRole('textbox', { name: 'People affected' })).toHaveAccessibleDescription(
      expect.stringContaining(BREACH_MESSAGES.peopleAffected),
    );
    expect(form.getByRole('group', { name: 'Personal data involved' })).not.toHaveAccessibleDescription(
      BREACH_MESSAGES.dataClassesRequired,
    );

    await typeTime(user, form.getByLabelText('When it was discovered'), '2026-11-19T08:00');
    await user.type(form.getByRole('textbox', { name: 'What happened' }), ' A laptop with the client list.');
    await user.clear(form.getByRole('textbox', { name: 'People affected' }));
    await user.type(form.getByRole('textbox', { name: 'People affected' }), '1 200');
    await user.click(form.getByRole('button', { name: 'Record incident' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = rowOf(await screen.findByRole('heading', { name: 'Discovered 19 Nov 2026, 08:00' }));
    expect(row).toHaveTextContent('Stolen. A laptop with the client list.');
    expect(row).toHaveTextContent('Contact details');
    expect(row).toHaveTextContent(/1.200 people/);
    expect(row).toHaveTextContent('Regulator toldNot yet');

    // The Regulator told before the discovery is refused beside the field; the next day is saved.
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit incident' }));
    expect(edit.getByLabelText('When it was discovered')).toHaveValue('2026-11-19T08:00');
    await typeTime(user, edit.getByLabelText('Information Regulator told'), '2026-11-18T09:00');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    expect(edit.getByLabelText('Information Regulator told')).toHaveAccessibleDescription(
      BREACH_MESSAGES.notifiedBeforeDiscovered,
    );
    await typeTime(user, edit.getByLabelText('Information Regulator told'), '2026-11-20T09:30');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(rowOf(screen.getByRole('heading', { name: 'Discovered 19 Nov 2026, 08:00' }))).toHaveTextContent(
        'Regulator told20 Nov 2026, 09:30',
      ),
    );
  });
});
