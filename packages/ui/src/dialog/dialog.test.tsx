import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Button } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './dialog';

function EditDialog({ onSave = vi.fn() }: { onSave?: () => void }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">Edit</Button>
      </DialogTrigger>
      <DialogContent title="Account holder details" description="Only email and phone can be changed.">
        <label>
          Email address
          <input type="email" defaultValue="holder@sentinel.demo" />
        </label>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button onClick={onSave}>Save</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

describe('given a closed dialog', () => {
  it('shows only its trigger', () => {
    render(<EditDialog />);

    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a modal named by its title and described by its description', async () => {
    render(<EditDialog />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Account holder details' });
    expect(dialog).toHaveAccessibleDescription('Only email and phone can be changed.');
    expect(screen.getByRole('heading', { name: 'Account holder details' })).toBeInTheDocument();
  });
});

describe('given an open dialog', () => {
  it('closes with Cancel and returns focus to the trigger', async () => {
    render(<EditDialog />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('closes with the Close button and with Escape', async () => {
    render(<EditDialog />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('runs the footer action', async () => {
    const onSave = vi.fn();
    render(<EditDialog onSave={onSave} />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(<EditDialog />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a dialog without a description', () => {
  it('has no accessible description and does not warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <Dialog defaultOpen>
        <DialogContent title="Change Device">Body</DialogContent>
      </Dialog>,
    );

    expect(screen.getByRole('dialog', { name: 'Change Device' })).not.toHaveAttribute('aria-describedby');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
