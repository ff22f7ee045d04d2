import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Alert } from './alert';

describe('given an error alert', () => {
  it('is announced as an alert with its title and message', () => {
    render(
      <Alert variant="error" title="Sign-in failed">
        Invalid email and password
      </Alert>,
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Invalid email and password');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Alert variant="error">Invalid email and password</Alert>);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a success alert', () => {
  it('is a polite status message', () => {
    render(<Alert variant="success">Alert sent</Alert>);

    expect(screen.getByRole('status')).toHaveTextContent('Alert sent');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Alert variant="success">Alert sent</Alert>);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given an alert with no variant', () => {
  it('is an info status box showing its title', () => {
    render(
      <Alert title="Who is responsible for the account?">
        Collect the customer&apos;s full name, contact information and address.
      </Alert>,
    );

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Who is responsible for the account?');
    expect(
      screen.getByText("Collect the customer's full name, contact information and address."),
    ).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    render(<Alert title="Who is responsible for the account?">Collect the customer details.</Alert>);

    expect(await axeViolations()).toEqual([]);
  });
});
