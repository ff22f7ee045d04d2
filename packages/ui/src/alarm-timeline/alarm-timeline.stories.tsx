import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AlarmEvent } from '@sentinel/domain';
import { AlarmTimeline } from './alarm-timeline';

const nobody = { byUserFirstName: null, byUserLastName: null };
const sipho = { byUserFirstName: 'Sipho', byUserLastName: 'Dlamini' };

const wholeLife: AlarmEvent[] = [
  { id: 1, dateTime: '2026-11-27T08:04:05Z', type: 'Opened', ...nobody, text: 'Tamper switch opened' },
  { id: 2, dateTime: '2026-11-27T08:04:50Z', type: 'Repeated', ...nobody, text: 'Tamper switch opened' },
  { id: 3, dateTime: '2026-11-27T08:05:12Z', type: 'Acknowledged', ...sipho, text: null },
  {
    id: 4,
    dateTime: '2026-11-27T08:06:30Z',
    type: 'PartnerStatus',
    ...sipho,
    text: 'Capital Air did not accept the alert.',
  },
  { id: 5, dateTime: '2026-11-27T08:07:02Z', type: 'Escalated', ...sipho, text: 'Aura: accepted' },
  {
    id: 6,
    dateTime: '2026-11-27T08:20:41Z',
    type: 'Note',
    ...sipho,
    text: 'Called the holder: the car is parked at a panel beater in Bellville, who opened the dashboard.',
  },
  { id: 7, dateTime: '2026-11-27T08:31:00Z', type: 'Resolved', ...sipho, text: 'False alarm' },
];

const meta = {
  title: 'Alarms/AlarmTimeline',
  component: AlarmTimeline,
  parameters: {
    docs: {
      description: {
        component:
          "What happened to an alarm, oldest first: the time (Johannesburg, to the second), the entry in words, who acted and the text.\n\n**Do:** Pass the detail's `timeline` as it comes, and append a new note to it when the note is saved.\n\n**Don't:** Reverse it into a newest-first feed: a response reads from the first report down.",
      },
    },
  },
  args: { events: wholeLife },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AlarmTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Resolved: Story = {};

export const JustOpened: Story = { args: { events: wholeLife.slice(0, 1) } };

export const Empty: Story = { args: { events: [] } };
