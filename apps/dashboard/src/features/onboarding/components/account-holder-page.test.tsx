import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { and, eq } from '@sentinel/api-sdk';
import { storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

type User = ReturnType<typeof userEvent.setup>;

async function openForm() {
  await storeSignedInUser('Technical-Agent');
  const app = renderApp('/agent/onboarding/client/add');
  await screen.findByRole('heading', { level: 1, name: 'Account holder' });
  return app;
}

const uniqueEmail = () => `holder.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.za`;

async function fillForm(user: User, email: string) {
  await user.type(screen.getByLabelText('Name'), 'Nomsa');
  await user.type(screen.getByLabelText('Surname'), "O'Neill");
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Cellphone number'), '0821234567');
  await user.type(screen.getByLabelText('South African ID Number'), '8001015009087');
}

describe('given an agent adding a new account', () => {
  it('explains who is responsible and offers the fields with the phone format', async () => {
    await openForm();

    expect(screen.getByText('Who is responsible for the account?')).toBeInTheDocument();
    expect(screen.getByText(/full name, contact information and address/)).toBeInTheDocument();
    for (const label of ['Name', 'Surname', 'Email address', 'Cellphone number', 'South African ID Number']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('Required format: 0821234567')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Has a South African ID' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says a field is required on blur and checks email, phone and ID', async () => {
    const user = userEvent.setup();
    await openForm();

    await user.click(screen.getByLabelText('Surname'));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email address'), 'nomsa@');
    await user.tab();
    expect(await screen.findByText('Please provide a valid email address')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Cellphone number'), '12345');
    await user.tab();
    expect(await screen.findByText('Please provide a valid phone number')).toBeInTheDocument();

    await user.type(screen.getByLabelText('South African ID Number'), '8013015009087');
    await user.tab();
    expect(await screen.findByText('Please provide a valid ID number')).toBeInTheDocument();
  });

  it('clears the ID number and its error when the South African ID switch is toggled', async () => {
    const user = userEvent.setup();
    await openForm();

    await user.type(screen.getByLabelText('South African ID Number'), '123');
    await user.tab();
    expect(await screen.findByText('Please provide a valid ID number')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Has a South African ID' }));

    const passport = screen.getByLabelText('Passport Number');
    expect(passport).toHaveValue('');
    expect(screen.queryByText('Please provide a valid ID number')).not.toBeInTheDocument();
    await user.type(passport, 'A12-34');
    await user.tab();
    expect(await screen.findByText('Please provide a valid passport number')).toBeInTheDocument();
  });

  it("enables 'Next' once every field is filled, creates the account and goes on to add a driver", async () => {
    const user = userEvent.setup();
    const app = await openForm();
    const email = uniqueEmail();

    await fillForm(user, email);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    await user.click(next);

    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/\/add-driver$/));
    const created = await app.client.users.list({
      filter: and(eq('role', 'Account-Holder'), eq('email', email)),
    });
    expect(created.items).toHaveLength(1);
    const holder = created.items[0];
    expect(holder).toMatchObject({ firstName: 'Nomsa', lastName: "O'Neill", phoneNumber: '821234567' });
    expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${holder?.id}/add-driver`);
  });

  it("shows the server's field errors beside the fields and loses nothing typed", async () => {
    const user = userEvent.setup();
    const app = await openForm();

    // The demo account holder's address is taken.
    await fillForm(user, 'holder@sentinel.demo');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveValue('holder@sentinel.demo');
    expect(screen.getByLabelText('Surname')).toHaveValue("O'Neill");
    expect(screen.getByLabelText('South African ID Number')).toHaveValue('8001015009087');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveTextContent('Next');
    expect(app.router.state.location.pathname).toBe('/agent/onboarding/client/add');
  });
});
