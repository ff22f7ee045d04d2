import type { Meta, StoryObj } from '@storybook/react-vite';
import { ResponseClock } from './response-clock';

const openedDateTime = '2026-11-27T08:00:00Z';
const at = (seconds: number) => new Date(Date.parse(openedDateTime) + seconds * 1000);

const meta = {
  title: 'Alarms/ResponseClock',
  component: ResponseClock,
  parameters: {
    docs: {
      description: {
        component:
          "How long an alarm has waited for a person, against its response target: 0:45, 12:03, 1 h 05 min. Past the target it turns red and says 'Target breached'; once acknowledged the time stands still.\n\n**Do:** Keep one clock for the page and pass its `now` to every row, so a queue re-renders once a second.\n\n**Don't:** Start a timer per clock, or show the breach with colour alone in a part of your own.",
      },
    },
  },
  args: { openedDateTime, acknowledgedDateTime: null, acknowledgeWithinSeconds: 300, now: at(45) },
} satisfies Meta<typeof ResponseClock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Waiting: Story = {};

export const Breached: Story = { args: { acknowledgeWithinSeconds: 60, now: at(12 * 60 + 3) } };

export const WaitingForHours: Story = { args: { acknowledgeWithinSeconds: 3600, now: at(3900) } };

export const Acknowledged: Story = {
  args: { acknowledgedDateTime: at(40).toISOString(), now: at(7200) },
};

export const AcknowledgedLate: Story = {
  args: { acknowledgeWithinSeconds: 60, acknowledgedDateTime: at(95).toISOString(), now: at(7200) },
};
