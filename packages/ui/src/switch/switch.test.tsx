import { createRef } from 'react';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Switch } from './switch';

function AutoRefresh({ onChange }: { onChange?: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Switch
      label="Auto Refresh"
      checked={checked}
      onCheckedChange={(next) => {
        setChecked(next);
        onChange?.(next);
      }}
    />
  );
}

describe('given an off switch', () => {
  it('is a switch named by its visible label', () => {
    render(<AutoRefresh />);

    expect(screen.getByRole('switch', { name: 'Auto Refresh' })).not.toBeChecked();
  });

  it('turns on when clicked and reports the new state', async () => {
    const onChange = vi.fn();
    render(<AutoRefresh onChange={onChange} />);

    await userEvent.click(screen.getByRole('switch', { name: 'Auto Refresh' }));

    expect(screen.getByRole('switch', { name: 'Auto Refresh' })).toBeChecked();
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('toggles when its label is clicked and with the Space key', async () => {
    const onChange = vi.fn();
    render(<AutoRefresh onChange={onChange} />);

    await userEvent.click(screen.getByText('Auto Refresh'));
    expect(screen.getByRole('switch', { name: 'Auto Refresh' })).toBeChecked();

    screen.getByRole('switch', { name: 'Auto Refresh' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Auto Refresh' })).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('has no accessibility violations', async () => {
    render(<AutoRefresh />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a disabled switch', () => {
  it('cannot be toggled', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Has a South African ID" checked onCheckedChange={onCheckedChange} disabled />);

    const toggle = screen.getByRole('switch', { name: 'Has a South African ID' });
    expect(toggle).toBeDisabled();
    await userEvent.click(toggle);

    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(toggle).toBeChecked();
  });

  it('has no accessibility violations', async () => {
    render(<Switch label="Has a South African ID" checked onCheckedChange={vi.fn()} disabled />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a ref and native props', () => {
  it('hands the switch button to the ref and passes the props through', async () => {
    const ref = createRef<HTMLButtonElement>();
    const onBlur = vi.fn();
    render(
      <Switch
        ref={ref}
        label="Auto Refresh"
        checked={false}
        onCheckedChange={vi.fn()}
        aria-describedby="help"
        onBlur={onBlur}
      />,
    );

    const control = screen.getByRole('switch', { name: 'Auto Refresh' });
    expect(ref.current).toBe(control);
    expect(control).toHaveAttribute('aria-describedby', 'help');
    await userEvent.click(control);
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledOnce();
  });
});
