import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Button } from '../button';
import { PageHeader } from './page-header';

describe('given a page header with a back action', () => {
  it('shows the title as the page heading and goes back when Back is pressed', async () => {
    const onBack = vi.fn();
    render(<PageHeader title="Add agent" onBack={onBack} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Add agent' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(<PageHeader title="Link Company Users" onBack={vi.fn()} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a page header without a back action', () => {
  it('shows no Back button', () => {
    render(<PageHeader title="Vehicle history" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Vehicle history' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});

describe('given a page header with actions', () => {
  it('shows the actions', () => {
    render(<PageHeader title="Vehicle history" actions={<Button>Download history</Button>} />);

    expect(screen.getByRole('button', { name: 'Download history' })).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    render(
      <PageHeader title="Vehicle history" onBack={vi.fn()} actions={<Button>Download history</Button>} />,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
