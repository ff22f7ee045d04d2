import type { Meta, StoryObj } from '@storybook/react-vite';
import { BADGE } from '@sentinel/domain';
import { StatusBadge } from './status-badge';

const meta = {
  title: 'Widgets/StatusBadge',
  component: StatusBadge,
  args: { badge: BADGE.locked },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Locked: Story = {};

export const Alert: Story = { args: { badge: BADGE.alert } };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {Object.values(BADGE).map((badge) => (
        <StatusBadge key={badge.state} badge={badge} />
      ))}
    </div>
  ),
};
