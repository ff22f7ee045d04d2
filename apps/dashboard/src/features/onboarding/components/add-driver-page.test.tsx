import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eq } from '@sentinel/api-sdk';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { pasteInto } from '../../../test/paste-into';
import { renderApp } from '../../../test/render-app';

type User = ReturnType<typeof userEvent.setup>;

const uniqueEmail = () => `owner.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.za`;

/** A new account holder, added over HTTP before the screen opens. */
async function newHolder(accessToken: string): Promise<number> {
  const response = await fetch(`${apiUrl()}/Users/AccountHolder`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      FirstName: 'Nandi',
      LastName: 'Zulu',
      Email: uniqueEmail(),
      PhoneNumber: '0821112233',
      IdNumber: '9002025009087',
    }),
  });
  if (!response.ok) throw new Error(`Adding the holder answered ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

/** Opens the screen for a new account holder (or the given client id). */
async function openScreen(clientId?: number) {
  const { accessToken } = await storeSignedInUser('Technical-Agent');
  const id = clientId ?? (await newHolder(accessToken));
  const app = renderApp(`/agent/onboarding/client/${id}/add-driver`);
  await screen.findByRole('heading', { level: 1, name: 'Add driver or vehicle' });
  return { app, clientId: id };
}

async function fillDriver(user: User) {
  await pasteInto(user, screen.getByLabelText('Name'), 'Sipho');
  await pasteInto(user, screen.getByLabelText('Surname'), 'Dlamini');
  await pasteInto(user, screen.getByLabelText('Email address'), 'sipho.driver@example.co.za');
  await pasteInto(user, screen.getByLabelText('Cellphone number'), '0831234567');
  await pasteInto(user, screen.getByLabelText('South African ID Number'), '8001015009087');
}

async function fillVehicle(user: User) {
  await pasteInto(user, screen.getByRole('combobox', { name: 'Vehicle' }), 'hilux legend');
  await user.click(await screen.findByRole('option', { name: 'Toyota Hilux 2.8 GD-6 Legend' }));
  await user.click(screen.getByRole('combobox', { name: 'Year' }));
  await user.click(await screen.findByRole('option', { name: '2021' }));
  await pasteInto(user, screen.getByLabelText('Registration number'), 'ca 321-654');
  await pasteInto(user, screen.getByLabelText('Colour'), 'White');
}

// Each test fills a whole step or two and waits on the api for the vehicle search and the saves:
// beside another package's tests on the other core, the longest once passed 20 s. Room for that,
// as the replay page's tests have.
describe('given an agent adding a driver and vehicle for a client', { timeout: 40_000 }, () => {
  it("needs all five driver fields for 'Next' and keeps them when going back a step", async () => {
    const user = userEvent.setup();
    await openScreen();

    const steps = screen.getByRole('list', { name: 'Onboarding steps' });
    expect(within(steps).getByText('Driver details')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await fillDriver(user);
    expect(next).toBeEnabled();
    await user.click(next);

    expect(await screen.findByRole('heading', { level: 2, name: 'Vehicle details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Surname')).toHaveValue('Dlamini');
    expect(screen.getByLabelText('South African ID Number')).toHaveValue('8001015009087');
  });

  it('clears the ID number and its error when the South African ID switch is toggled', async () => {
    const user = userEvent.setup();
    await openScreen();

    await user.type(screen.getByLabelText('South African ID Number'), '123');
    await user.tab();
    expect(await screen.findByText('Please provide a valid ID number')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Has a South African ID' }));
    expect(screen.getByLabelText('Passport Number')).toHaveValue('');
    expect(screen.queryByText('Please provide a valid ID number')).not.toBeInTheDocument();
  });

  it("searches vehicles from three characters and says when one isn't listed", async () => {
    const user = userEvent.setup();
    await openScreen();
    await fillDriver(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const search = await screen.findByRole('combobox', { name: 'Vehicle' });
    await user.type(search, 'po');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.paste('lo vivo');
    // The previous search's matches stay until this one answers.
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveTextContent(/^Volkswagen Polo Vivo/));

    await user.clear(search);
    await user.paste('Trabant');
    expect(await screen.findByText("Sorry, we don't have that vehicle listed")).toBeInTheDocument();
  });

  it("offers the years from this one back 25 and 'Older than 1999', and requires what is blurred empty", async () => {
    const user = userEvent.setup();
    await openScreen();
    await fillDriver(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByLabelText('Registration number'));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    const years = (await screen.findAllByRole('option')).map((option) => option.textContent);
    const thisYear = new Date().getFullYear();
    expect(years[0]).toBe(String(thisYear));
    expect(years).toContain(String(thisYear - 25));
    expect(years.at(-1)).toBe('Older than 1999');
    expect(years).toHaveLength(27);
  });

  it('creates the vehicle, then its driver, and goes on to schedule the installation', async () => {
    const user = userEvent.setup();
    const { app, clientId } = await openScreen();
    await fillDriver(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillVehicle(user);
    await pasteInto(user, screen.getByLabelText('Engine number (optional)'), 'eng-778');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/\/installation$/), {
      timeout: 5000,
    });
    const [vehicle] = (await app.client.vehicles.list({ filter: eq('userId', clientId) })).items;
    expect(vehicle).toMatchObject({
      makeVariant: 'Toyota Hilux 2.8 GD-6 Legend',
      registrationYear: '2021',
      registrationNumber: 'CA 321-654',
      vehicleColour: 'White',
      engineNumber: 'ENG-778',
      onBoardingStatus: 'Booking-Pending',
    });
    expect(vehicle?.drivers[0]).toMatchObject({ firstName: 'Sipho', email: 'sipho.driver@example.co.za' });
    expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${vehicle?.id}/installation`);
  });

  it("shows the server's title when the call fails for another reason and loses nothing typed", async () => {
    const user = userEvent.setup();
    const { app } = await openScreen(999_999);
    await fillDriver(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillVehicle(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Not Found')).toBeInTheDocument();
    expect(screen.getByLabelText('Registration number')).toHaveValue('CA 321-654');
    expect(screen.getByRole('combobox', { name: 'Vehicle' })).toHaveValue('Toyota Hilux 2.8 GD-6 Legend');
    expect(app.router.state.location.pathname).toBe('/agent/onboarding/client/999999/add-driver');
  });
});
