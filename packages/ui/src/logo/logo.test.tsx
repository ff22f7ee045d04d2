import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Logo } from './logo';

describe('given the logo inside a header link', () => {
  it('names the link after the product', () => {
    render(
      <a href="/agent">
        <Logo />
      </a>,
    );

    expect(screen.getByRole('link', { name: 'Sentinel' })).toHaveAttribute('href', '/agent');
  });

  it('keeps the shield out of the accessibility tree', () => {
    render(<Logo />);

    expect(screen.getByText('Sentinel')).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <a href="/agent">
        <Logo />
      </a>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
