import type { Meta, StoryObj } from '@storybook/react-vite';
import { BurnInSummary } from './burn-in-summary';

const meta = {
  title: 'Widgets/BurnInSummary',
  component: BurnInSummary,
  args: { counts: { total: 21, inProgress: 3, passed: 15, failed: 2 } },
} satisfies Meta<typeof BurnInSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};

export const Empty: Story = { args: { counts: { total: 0, inProgress: 0, passed: 0, failed: 0 } } };
