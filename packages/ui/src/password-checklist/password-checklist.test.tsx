import { render, screen, within } from '@testing-library/react';
import { passwordChecklist } from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from './password-checklist';

describe('given the password checklist', () => {
  it('lists the five rules by their labels', () => {
    render(<PasswordChecklist items={passwordChecklist('')} />);
    const list = screen.getByRole('list', { name: 'Password requirements' });
    const items = within(list).getAllByRole('listitem');
    const labels = [
      'One lowercase character',
      'One uppercase character',
      'One number',
      'One special character',
      '8 character minimum',
    ];
    expect(items).toHaveLength(labels.length);
    labels.forEach((label, index) => expect(items[index]).toHaveTextContent(`${label} (not met)`));
  });

  it('says which rules the password meets', () => {
    render(<PasswordChecklist items={passwordChecklist('abc1')} />);
    expect(screen.getByText('One lowercase character')).toHaveTextContent('(met)');
    expect(screen.getByText('One number')).toHaveTextContent('(met)');
    expect(screen.getByText('One uppercase character')).toHaveTextContent('(not met)');
  });
});
