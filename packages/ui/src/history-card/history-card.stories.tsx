import type { Meta, StoryObj } from '@storybook/react-vite';
import { CancelledAlertsCard } from './cancelled-alerts-card';
import { HistoryCard } from './history-card';

const meta = {
  title: 'Widgets/HistoryCard',
  component: HistoryCard,
  parameters: {
    docs: {
      description: {
        component:
          "One entry of a vehicle's history: what happened, when, by whom and where.\n\n**Do:** Pass entries newest first, as the api answers them.\n\n**Don't:** Format dates in the app: the card uses the domain's `formatHistoryDate`.",
      },
    },
  },
  args: {
    entry: {
      type: 'LockState',
      dateTime: '2025-03-14T08:05:00Z',
      isLocked: true,
      isLockedByUserFirstName: 'Pieter',
      isLockedByUserLastName: 'van Wyk',
      isLockedChangedByAdminUser: true,
      lastKnownGpsLatitudeDegrees: -33.9249,
      lastKnownGpsLongitudeDegrees: 18.4241,
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HistoryCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Locked: Story = {};

export const TamperAlert: Story = {
  args: {
    entry: {
      type: 'TamperAlert',
      dateTime: '2025-03-13T14:30:00Z',
      tamperCarBatteryState: 'Disconnected',
      tamperGpsState: 'Jammed',
      lastKnownGpsLatitudeDegrees: -26.2041,
      lastKnownGpsLongitudeDegrees: 28.0473,
    },
  },
};

export const AuraCallout: Story = {
  args: {
    entry: {
      type: 'AuraCallout',
      dateTime: '2025-03-12T19:45:00Z',
      auraCalloutStatus: 'Dispatched',
      auraCalloutCreatedByUserFirstName: 'Ayanda',
      auraCalloutCreatedByUserLastName: 'Dlamini',
    },
  },
};

export const CancelledAlerts: Story = {
  render: () => (
    <CancelledAlertsCard
      entries={[
        {
          id: 1,
          type: 'TamperAlert',
          dateTime: '2025-03-13T14:30:00Z',
          tamperCancelled: true,
          tamperCancelledByUserFirstName: 'Ayanda',
          tamperCancelledByUserLastName: 'Dlamini',
        },
        { id: 2, type: 'TamperAlert', dateTime: '2025-03-10T06:00:00Z', tamperCancelled: true },
      ]}
    />
  ),
};
