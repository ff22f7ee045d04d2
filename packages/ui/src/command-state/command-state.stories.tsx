import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CommandState } from './command-state';

const meta = {
  title: 'Widgets/CommandState',
  component: CommandState,
  args: {
    command: { type: 'Lock', status: 'Delivered', deviceOnline: true, reason: null },
    onCancel: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CommandState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Locking: Story = {};

export const Unlocking: Story = {
  args: { command: { type: 'Unlock', status: 'Delivered', deviceOnline: true, reason: null } },
};

export const QueuedWhileOffline: Story = {
  args: { command: { type: 'Lock', status: 'Pending', deviceOnline: false, reason: null } },
};

export const Cancelling: Story = {
  args: {
    command: { type: 'Lock', status: 'Pending', deviceOnline: false, reason: null },
    cancelBusy: true,
  },
};

export const Refused: Story = {
  args: { command: { type: 'Lock', status: 'Failed', deviceOnline: true, reason: 'Door open' } },
};

export const Expired: Story = {
  args: { command: { type: 'Unlock', status: 'Expired', deviceOnline: false, reason: null } },
};

export const WaitingForSlowdown: Story = {
  args: {
    command: { type: 'Lock', status: 'WaitingForSlowdown', deviceOnline: true, reason: null },
    onSendNow: fn(),
  },
};
