import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { createApp } from '../../app/create-app';
import { SIGN_UP_INTRO, SIGN_UP_STEP_TEXT } from './components/sign-up-steps';

function renderSignUp() {
  window.history.replaceState(null, '', '/sign-up');
  render(createApp({ settings: { ...DEFAULT_APP_SETTINGS, baseURL: inject('apiUrl') } }).element);
}

/** The progress indicator's step that is the current one. */
function currentStep() {
  const steps = within(screen.getByRole('list', { name: 'Sign-up steps' })).getAllByRole('listitem');
  const current = steps.filter((step) => step.getAttribute('aria-current') === 'step');
  expect(current).toHaveLength(1);
  return current[0];
}

async function passEmailStep() {
  await userEvent.type(await screen.findByLabelText('Email address'), 'lerato@example.co.za');
  await userEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

async function passPasswordStep() {
  await userEvent.type(await screen.findByLabelText('Password'), 'Str0ng!pw');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('given a stranger on the first sign-up screen', () => {
  it('says whose service it is, what happens next, and that they are on step 1, the email', async () => {
    renderSignUp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sentinel' })).toBeVisible();
    expect(screen.getByText(SIGN_UP_INTRO)).toBeVisible();
    expect(currentStep()).toHaveTextContent('Email');
    expect(screen.getByText(SIGN_UP_STEP_TEXT.email.purpose)).toBeVisible();
  });
});

describe('given a customer moving through the steps', () => {
  it('shows the password step as current, the email step as done, and what the password is for', async () => {
    renderSignUp();

    await passEmailStep();

    expect(await screen.findByLabelText('Password')).toBeVisible();
    expect(currentStep()).toHaveTextContent('Password');
    const [first] = within(screen.getByRole('list', { name: 'Sign-up steps' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Email (done)');
    expect(screen.getByText(SIGN_UP_STEP_TEXT.password.purpose)).toBeVisible();
    expect(screen.queryByText(SIGN_UP_INTRO)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sentinel' })).toBeVisible();
  });

  it('shows the details step as current, step 3, with what the details are for', async () => {
    renderSignUp();

    await passEmailStep();
    await passPasswordStep();

    expect(await screen.findByLabelText('Name')).toBeVisible();
    expect(currentStep()).toHaveTextContent('Details');
    expect(screen.getByText(SIGN_UP_STEP_TEXT.details.purpose)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sentinel' })).toBeVisible();
  });
});

describe('given a field that is left', () => {
  it('checks the email address when it is left, and the message follows the typing', async () => {
    renderSignUp();
    const email = await screen.findByLabelText('Email address');

    await userEvent.type(email, 'lerato@example');
    await userEvent.tab();

    expect(email).toHaveAccessibleDescription('Please provide a valid email address');
    await userEvent.type(email, '.co.za');
    expect(email).not.toHaveAccessibleDescription('Please provide a valid email address');
    expect(email).not.toBeInvalid();
  });

  it("says 'This field is required' of an email address left empty", async () => {
    renderSignUp();
    const email = await screen.findByLabelText('Email address');

    await userEvent.click(email);
    await userEvent.tab();

    expect(email).toHaveAccessibleDescription('This field is required');
  });

  it('checks the password when it is left', async () => {
    renderSignUp();
    await passEmailStep();
    const password = await screen.findByLabelText('Password');

    await userEvent.click(password);
    await userEvent.tab();

    expect(password).toHaveAccessibleDescription('This field is required');
  });

  it('checks the name, the cellphone number and the ID number as each is left', async () => {
    renderSignUp();
    await passEmailStep();
    await passPasswordStep();
    const name = await screen.findByLabelText('Name');
    const phone = screen.getByRole('textbox', { name: 'Cellphone number' });
    const id = screen.getByRole('textbox', { name: 'South African ID Number' });

    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('This field is required');

    await userEvent.type(phone, '12345');
    await userEvent.tab();
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Please provide a valid phone number') as string,
    );

    await userEvent.type(id, '123');
    await userEvent.tab();
    expect(id).toHaveAccessibleDescription('Please provide a valid ID number');
  });

  it('clears the ID number and its message when the ID kind is toggled', async () => {
    renderSignUp();
    await passEmailStep();
    await passPasswordStep();
    const id = await screen.findByRole('textbox', { name: 'South African ID Number' });
    await userEvent.type(id, '123');
    await userEvent.tab();
    expect(id).toHaveAccessibleDescription('Please provide a valid ID number');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Has a South African ID' }));

    const passport = screen.getByRole('textbox', { name: 'Passport Number' });
    expect(passport).toHaveValue('');
    expect(passport).not.toBeInvalid();
  });
});
