import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eq } from '@sentinel/api-sdk';
import { storeSignedInUser } from '../../../test/api';
import { pasteInto } from '../../../test/paste-into';
import { renderApp } from '../../../test/render-app';

type User = ReturnType<typeof userEvent.setup>;

async function openAddAgent() {
  await storeSignedInUser('Admin');
  const app = renderApp('/admin/add-agent');
  await screen.findByRole('heading', { level: 1, name: 'Add agent' });
  return app;
}

async function chooseRole(user: User, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name }));
}

async function fillRequired(user: User, email: string) {
  await pasteInto(user, screen.getByLabelText('Name'), 'Sipho');
  await pasteInto(user, screen.getByLabelText('Surname'), 'Zulu');
  await pasteInto(user, screen.getByLabelText('Email address'), email);
  await chooseRole(user, 'Technical-Agent');
}

const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@sentinel.demo`;

describe('given an Admin on Add agent', () => {
  it('offers Name, Surname, a +27 cellphone, Email address and the server roles, with a back action', async () => {
    const user = userEvent.setup();
    await openAddAgent();

    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    for (const label of ['Name', 'Surname', 'Cellphone number', 'Email address']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('+27')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['Admin', 'Technical-Agent', 'Company-Admin']));
  });

  it("enables 'Add agent' only once name, surname, email and role are filled", async () => {
    const user = userEvent.setup();
    await openAddAgent();
    const submit = screen.getByRole('button', { name: 'Add agent' });

    expect(submit).toBeDisabled();
    await pasteInto(user, screen.getByLabelText('Name'), 'Sipho');
    await pasteInto(user, screen.getByLabelText('Surname'), 'Zulu');
    await pasteInto(user, screen.getByLabelText('Email address'), 'sipho@sentinel.demo');
    expect(submit).toBeDisabled();
    await chooseRole(user, 'Admin');
    expect(submit).toBeEnabled();
  });

  it('checks fields on blur and keeps the cellphone to digits', async () => {
    const user = userEvent.setup();
    await openAddAgent();

    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await pasteInto(user, screen.getByLabelText('Email address'), 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Please provide a valid email address')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Cellphone number'), '08a2-12');
    expect(screen.getByLabelText('Cellphone number')).toHaveValue('08212');
    await user.tab();
    expect(await screen.findByText('Please provide a valid phone number')).toBeInTheDocument();
  });

  it("adds the agent with the chosen role's name and goes to '/'", async () => {
    const user = userEvent.setup();
    const app = await openAddAgent();
    const email = uniqueEmail('sipho');

    await fillRequired(user, email);
    await pasteInto(user, screen.getByLabelText('Cellphone number'), '0821234567');
    await user.click(screen.getByRole('button', { name: 'Add agent' }));

    // '/' sends a signed-in agent on to the client list.
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/agent/clients/all'));
    const created = await app.client.users.list({ filter: eq('email', email) });
    expect(created.items).toEqual([
      expect.objectContaining({ firstName: 'Sipho', lastName: 'Zulu', email, roles: ['Technical-Agent'] }),
    ]);
  });

  it("shows the server's field errors beside the fields and keeps what was typed", async () => {
    const user = userEvent.setup();
    const app = await openAddAgent();

    // The demo agent's address is taken.
    await fillRequired(user, 'agent@sentinel.demo');
    await user.click(screen.getByRole('button', { name: 'Add agent' }));

    const field = screen.getByLabelText('Email address');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveValue('agent@sentinel.demo');
    expect(screen.getByLabelText('Name')).toHaveValue('Sipho');
    expect(screen.getByRole('button', { name: 'Add agent' })).toBeEnabled();
    expect(app.router.state.location.pathname).toBe('/admin/add-agent');
  });
});
