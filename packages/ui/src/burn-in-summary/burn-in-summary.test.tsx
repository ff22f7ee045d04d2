import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { BurnInSummary } from './burn-in-summary';

describe('given the bench counters', () => {
  it('shows the four totals under their labels', () => {
    const { container } = render(
      <BurnInSummary counts={{ total: 21, inProgress: 3, passed: 15, failed: 2 }} />,
    );

    expect(screen.getByText('Total tests').nextElementSibling).toHaveTextContent('21');
    expect(screen.getByText('Total in progress').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Total passed').nextElementSibling).toHaveTextContent('15');
    expect(screen.getByText('Total failed').nextElementSibling).toHaveTextContent('2');
    return expect(axeViolations(container)).resolves.toEqual([]);
  });
});
