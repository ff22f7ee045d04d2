import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Button } from './button';

describe('given an idle button', () => {
  it('calls onClick when pressed', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Login</Button>);

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not submit a surrounding form unless asked to', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Clear</Button>
        <Button type="submit">Login</Button>
      </form>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('gives its ref the button element', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Next</Button>);

    expect(ref.current).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('has no accessibility violations in any variant', async () => {
    render(
      <>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Delete Company</Button>
      </>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a busy button', () => {
  it('shows the busy label and cannot be clicked', async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyLabel="Submitting" onClick={onClick}>
        Add agent
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Submitting' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Add agent')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its children when no busy label is given', () => {
    render(<Button busy>Next</Button>);

    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('has no accessibility violations', async () => {
    render(
      <Button busy busyLabel="Deleting...">
        Delete Company
      </Button>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a button rendered as its child', () => {
  it('renders the child link with the button behaviour of a link', async () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Button asChild variant="secondary" onClick={onClick}>
        <a href="/forgot-password">Forgot password</a>
      </Button>,
    );

    const link = screen.getByRole('link', { name: 'Forgot password' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('given a ref', () => {
  it('hands the button to the ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Save</Button>);

    expect(ref.current).toBe(screen.getByRole('button', { name: 'Save' }));
  });
});
