import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../button';
import { PageHeader } from './page-header';

const meta = {
  title: 'Primitives/PageHeader',
  component: PageHeader,
  parameters: {
    docs: {
      description: {
        component:
          "The page's h1, with an optional Back button and actions.\n\n**Do:** Use it once per page; put the page's main actions in `actions`.\n\n**Don't:** Use it inside cards or dialogs (use CardTitle or DialogTitle).",
      },
    },
  },
  args: { title: 'Add agent' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = { args: { title: 'Account holder' } };

export const WithBack: Story = { args: { onBack: fn() } };

export const WithBackAndActions: Story = {
  args: {
    title: 'Vehicle history',
    onBack: fn(),
    actions: <Button variant="secondary">Download history</Button>,
  },
};
