import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BurnInTestCard } from './burn-in-test-card';

const meta = {
  title: 'Widgets/BurnInTestCard',
  component: BurnInTestCard,
  parameters: {
    docs: {
      description: {
        component:
          "One hardware test of a unit, with its status, failure reason and data.\n\n**Do:** Show every test of a unit inside its device card.\n\n**Don't:** Hide failed tests' data: technicians need it to fix the unit.",
      },
    },
  },
  args: {
    result: {
      testType: 'GpsFix',
      status: 'Passed',
      startTime: '2026-11-22T08:00:00.000Z',
      endTime: '2026-11-22T08:00:06.000Z',
      failureReason: null,
      testData: {
        fix: { satellitesInView: 9, hdop: 0.9 },
        position: { latitude: -26.1076, longitude: 28.0567 },
      },
    },
    onRerun: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BurnInTestCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Passed: Story = {};

export const Failed: Story = {
  args: {
    result: {
      testType: 'LockRelay',
      status: 'Failed',
      startTime: '2026-11-22T08:00:10.000Z',
      endTime: '2026-11-22T08:00:12.500Z',
      failureReason: 'Lock relay weak: coil draws 41 mA, at least 70 mA needed',
      testData: { relay: { coilCurrentMilliamps: 41, switchTimeMs: 190, lockedConfirmed: false } },
    },
  },
};

export const InProgress: Story = {
  args: {
    result: {
      testType: 'DeviceBattery',
      status: 'InProgress',
      startTime: '2026-11-22T08:00:13.000Z',
      endTime: null,
      failureReason: null,
      testData: {},
    },
    rerunDisabled: true,
  },
};
