import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Spinner } from './spinner';

describe('given a spinner without a label', () => {
  it('is a status named Loading', () => {
    render(<Spinner />);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Spinner />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a spinner with a label', () => {
  it('is named by that label', () => {
    render(<Spinner label="Loading history" />);

    expect(screen.getByRole('status', { name: 'Loading history' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Spinner label="Loading history" />);

    expect(await axeViolations()).toEqual([]);
  });
});
