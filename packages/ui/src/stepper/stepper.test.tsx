import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Stepper } from './stepper';

describe('given the onboarding steps on the second step', () => {
  it('marks the second step as current and the first as done', async () => {
    render(<Stepper steps={['Driver details', 'Vehicle details']} current={1} label="Onboarding steps" />);

    const list = screen.getByRole('list', { name: 'Onboarding steps' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Driver details (done)');
    expect(first).not.toHaveAttribute('aria-current');
    expect(second).toHaveAttribute('aria-current', 'step');
    expect(second).toHaveTextContent('Vehicle details');
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
