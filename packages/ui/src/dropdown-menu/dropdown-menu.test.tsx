import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

function AgentMenu({ onLogout }: { onLogout: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger>Menu</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <a href="/agent/clients">Clients</a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="/agent/onboarding">Onboarding</a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>Logout</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('given a closed menu', () => {
  it('shows only its trigger', () => {
    render(<AgentMenu onLogout={vi.fn()} />);

    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on click and lists its items, links keeping their address', async () => {
    render(<AgentMenu onLogout={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));

    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Clients', 'Onboarding', 'Logout']);
    expect(screen.getByRole('menuitem', { name: 'Clients' })).toHaveAttribute('href', '/agent/clients');
    expect(screen.getByRole('separator')).toBeInTheDocument();
  });

  it('opens from the keyboard and moves through the items with the arrow keys', async () => {
    render(<AgentMenu onLogout={vi.fn()} />);

    screen.getByRole('button', { name: 'Menu' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Clients' })).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Onboarding' })).toHaveFocus();
  });

  it('has no accessibility violations', async () => {
    render(<AgentMenu onLogout={vi.fn()} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given an open menu', () => {
  it('calls onSelect for an item and closes', async () => {
    const onLogout = vi.fn();
    render(<AgentMenu onLogout={onLogout} />);

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    render(<AgentMenu onLogout={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('has no accessibility violations', async () => {
    render(<AgentMenu onLogout={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));

    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
