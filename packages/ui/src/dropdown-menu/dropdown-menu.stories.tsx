import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

const meta = {
  title: 'Primitives/DropdownMenu',
  component: DropdownMenu,
  args: { onOpenChange: fn() },
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const onLogout = fn();

function renderMenu(args: Story['args']) {
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 360 }}>
      <DropdownMenu {...args}>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary">Menu</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem asChild>
            <a href="#clients">Clients</a>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href="#onboarding">Onboarding</a>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href="#change-password">Change password</a>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onLogout}>Logout</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

export const Closed: Story = { render: renderMenu };

export const Open: Story = {
  render: renderMenu,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menu' }));
    // The content is portalled to document.body, outside the canvas.
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('menuitem', { name: 'Clients' })).toBeVisible();
  },
};
