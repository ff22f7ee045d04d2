import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BurnInTestCard } from '../burn-in-test-card';
import { BurnInDeviceCard } from './burn-in-device-card';

const meta = {
  title: 'Widgets/BurnInDeviceCard',
  component: BurnInDeviceCard,
  parameters: {
    docs: {
      description: {
        component:
          "A burn-in unit on its station: identity, counts and its tests.\n\n**Do:** Pass the unit's results as they come from the test runner and let the bench decide the actions.\n\n**Don't:** Compute pass/fail counts in the app; the card derives them from the tests it is given.",
      },
    },
  },
  args: {
    serialNumber: 'SNT-000127',
    active: true,
    counts: { total: 7, inProgress: 1, passed: 4, failed: 1 },
    stationId: 'burn1',
    lastUpdated: '22/11/2026, 10:00:05',
    expanded: false,
    onExpandedChange: fn(),
    onRunAllTests: fn(),
    onRetryFailedTests: fn(),
    onStopAllTests: fn(),
    onViewTestResults: fn(),
    children: (
      <BurnInTestCard
        onRerun={fn()}
        result={{
          testType: 'GpsFix',
          status: 'Failed',
          startTime: '2026-11-22T08:00:00.000Z',
          endTime: '2026-11-22T08:00:06.000Z',
          failureReason: 'No GPS fix: 1 satellites in view, 4 needed',
          testData: { fix: { satellitesInView: 1 } },
        }}
      />
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BurnInDeviceCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {};

export const Expanded: Story = { args: { expanded: true } };

export const Inactive: Story = {
  args: { active: false, counts: { total: 7, inProgress: 0, passed: 7, failed: 0 } },
};

export const Interactive: Story = {
  render: function InteractiveDeviceCard(args) {
    const [expanded, setExpanded] = useState(args.expanded);
    return <BurnInDeviceCard {...args} expanded={expanded} onExpandedChange={setExpanded} />;
  },
};
