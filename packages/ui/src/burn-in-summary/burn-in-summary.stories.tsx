import type { Meta, StoryObj } from '@storybook/react-vite';
import { BurnInSummary } from './burn-in-summary';

const meta = {
  title: 'Widgets/BurnInSummary',
  component: BurnInSummary,
  parameters: {
    docs: {
      description: {
        component:
          "The bench's totals: passed, failed, in progress and all units.\n\n**Do:** Show it once above the device cards.\n\n**Don't:** Use it for other totals: the four labels are the bench's.",
      },
    },
  },
  args: { counts: { total: 21, inProgress: 3, passed: 15, failed: 2 } },
} satisfies Meta<typeof BurnInSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};

export const Empty: Story = { args: { counts: { total: 0, inProgress: 0, passed: 0, failed: 0 } } };
