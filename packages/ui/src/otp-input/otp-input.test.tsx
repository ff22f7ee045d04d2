import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input';

function Boxes({ onChange = vi.fn(), errors }: { onChange?: (value: string[]) => void; errors?: string[] }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <OtpInput
      value={value}
      errors={errors}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const box = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${String(n)} of 6` });

describe('given the one-time PIN boxes', () => {
  it('shows six single-digit boxes in a named group', () => {
    render(<Boxes />);
    expect(screen.getByRole('group', { name: 'One-time PIN' })).toBeVisible();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
  });

  it('moves focus forward on each digit', async () => {
    const onChange = vi.fn();
    render(<Boxes onChange={onChange} />);

    await userEvent.click(box(1));
    await userEvent.keyboard('123');

    expect(box(4)).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith(['1', '2', '3', '', '', '']);
  });

  it('ignores anything but digits', async () => {
    render(<Boxes />);

    await userEvent.click(box(1));
    await userEvent.keyboard('a- 7');

    expect(box(1)).toHaveValue('7');
    expect(box(2)).toHaveFocus();
  });

  it('moves back on Backspace in an empty box', async () => {
    render(<Boxes />);

    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    await userEvent.keyboard('{Backspace}');

    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
  });

  it('clears a filled box on Backspace, wherever the caret is', async () => {
    render(<Boxes />);

    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    box(1).setSelectionRange(0, 0);
    await userEvent.click(box(1));
    box(1).setSelectionRange(0, 0);
    await userEvent.keyboard('{Backspace}');

    expect(box(1)).toHaveValue('');
    expect(box(2)).toHaveValue('2');
  });

  it('fills every box from a pasted six-digit code', async () => {
    const onChange = vi.fn();
    render(<Boxes onChange={onChange} />);

    await userEvent.click(box(1));
    await userEvent.paste('482 913');

    expect(onChange).toHaveBeenLastCalledWith(['4', '8', '2', '9', '1', '3']);
    expect(box(6)).toHaveValue('3');
  });

  it('shows errors below the boxes as alerts', () => {
    render(<Boxes errors={['The OTP is not valid']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The OTP is not valid');
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables every box while confirming', () => {
    render(<OtpInput value={['1', '2', '3', '4', '5', '6']} onChange={vi.fn()} disabled />);
    for (const input of screen.getAllByRole('textbox')) expect(input).toBeDisabled();
  });
});
