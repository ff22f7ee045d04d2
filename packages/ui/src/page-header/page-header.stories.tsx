import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../button';
import { PageHeader } from './page-header';

const meta = {
  title: 'Primitives/PageHeader',
  component: PageHeader,
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
