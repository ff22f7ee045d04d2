import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { TextField } from './text-field';

describe('given a labelled text field', () => {
  it('is found by its label and accepts typing', async () => {
    const onChange = vi.fn();
    render(<TextField label="Email address" type="email" onChange={onChange} />);

    const input = screen.getByRole('textbox', { name: 'Email address' });
    await userEvent.type(input, 'agent@sentinel.demo');

    expect(input).toHaveValue('agent@sentinel.demo');
    expect(onChange).toHaveBeenCalled();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('keeps an id given by the caller', () => {
    render(<TextField label="Name" id="agent-name" />);

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('id', 'agent-name');
  });

  it('gives two fields different ids when none are given', () => {
    render(
      <>
        <TextField label="Name" />
        <TextField label="Surname" />
      </>,
    );

    expect(screen.getByRole('textbox', { name: 'Name' }).id).not.toBe(
      screen.getByRole('textbox', { name: 'Surname' }).id,
    );
  });

  it('gives its ref the input element', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Name" ref={ref} />);

    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('has no accessibility violations', async () => {
    render(<TextField label="Email address" />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a field with an error', () => {
  it('shows the error under the input and marks the input invalid', () => {
    render(<TextField label="Email address" error="Please enter a valid email address" />);

    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('drops the invalid mark once the error is cleared', () => {
    const { rerender } = render(<TextField label="Name" error="This field is required" />);
    rerender(<TextField label="Name" error={undefined} />);

    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<TextField label="Name" error="This field is required" />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a cellphone field with a prefix and a hint', () => {
  it('shows +27 before the input and describes the input with the prefix, hint and error', () => {
    render(
      <TextField
        label="Cellphone number"
        prefix="+27"
        hint="Required format: 0821234567"
        error="Please enter a valid phone number"
      />,
    );

    const input = screen.getByRole('textbox', { name: 'Cellphone number' });
    expect(screen.getByText('+27')).toBeVisible();
    expect(screen.getByText('Required format: 0821234567')).toBeVisible();
    expect(input).toHaveAccessibleDescription(
      '+27 Required format: 0821234567 Please enter a valid phone number',
    );
  });

  it('has no accessibility violations', async () => {
    render(<TextField label="Cellphone number" prefix="+27" hint="Required format: 0821234567" />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a ref and native input props', () => {
  it('hands the input to the ref and passes the props through', async () => {
    const ref = createRef<HTMLInputElement>();
    const onBlur = vi.fn();
    render(<TextField ref={ref} label="Email" name="email" required data-form="sign-in" onBlur={onBlur} />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('data-form', 'sign-in');
    await userEvent.click(input);
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledOnce();
  });
});
