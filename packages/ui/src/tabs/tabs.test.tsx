import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function CompanyTabs() {
  return (
    <Tabs defaultValue="users">
      <TabsList aria-label="Company">
        <TabsTrigger value="users">Existing Users</TabsTrigger>
        <TabsTrigger value="link">Link New User</TabsTrigger>
      </TabsList>
      <TabsContent value="users">No users linked to this company yet.</TabsContent>
      <TabsContent value="link">Select a user</TabsContent>
    </Tabs>
  );
}

describe('given in-page tabs', () => {
  it('selects the default tab and shows its panel only', () => {
    render(<CompanyTabs />);

    expect(screen.getByRole('tab', { name: 'Existing Users' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Existing Users' })).toHaveTextContent(
      'No users linked to this company yet.',
    );
    expect(screen.queryByText('Select a user')).not.toBeInTheDocument();
  });

  it('switches panel when another tab is clicked', async () => {
    render(<CompanyTabs />);

    await userEvent.click(screen.getByRole('tab', { name: 'Link New User' }));

    expect(screen.getByRole('tabpanel', { name: 'Link New User' })).toHaveTextContent('Select a user');
  });

  it('moves between tabs with the arrow keys', async () => {
    render(<CompanyTabs />);

    screen.getByRole('tab', { name: 'Existing Users' }).focus();
    await userEvent.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Link New User' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Link New User' })).toHaveAttribute('aria-selected', 'true');
  });

  it('has no accessibility violations', async () => {
    render(<CompanyTabs />);

    expect(await axeViolations()).toEqual([]);
  });
});
