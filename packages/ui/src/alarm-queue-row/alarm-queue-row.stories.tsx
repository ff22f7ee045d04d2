import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Alarm } from '@sentinel/domain';
import { fn } from 'storybook/test';
import { AlarmQueueRow } from './alarm-queue-row';
import { afterOpening, SAMPLE_OPEN_ALARM } from './sample-alarm';

const at = afterOpening;

const open: Alarm = SAMPLE_OPEN_ALARM;

const acknowledged: Alarm = {
  ...open,
  kind: 'GpsLost',
  priority: 2,
  acknowledgeWithinSeconds: 300,
  state: 'Acknowledged',
  eventCount: 3,
  acknowledgedDateTime: at(130).toISOString(),
  acknowledgedByUserId: 5,
  acknowledgedByUserFirstName: 'Sipho',
  acknowledgedByUserLastName: 'Dlamini',
};

const meta = {
  title: 'Alarms/AlarmQueueRow',
  component: AlarmQueueRow,
  parameters: {
    docs: {
      description: {
        component:
          "One alarm of the live queue: priority, kind and vehicle, holder, age, response clock, owner and how many events joined it. A click anywhere on the row opens the alarm; keyboard users reach it as one button.\n\n**Do:** Put the rows in a `<ul aria-label=\"Alarms\">` and pass every row the page's one ticking `now`.\n\n**Don't:** Put other buttons inside the row without lifting them above the row's cover button.",
      },
    },
  },
  args: { alarm: open, now: at(40), onOpen: fn() },
  decorators: [
    (Story) => (
      <ul aria-label="Alarms" style={{ maxWidth: 720, margin: 0, padding: 0 }}>
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof AlarmQueueRow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const Breached: Story = { args: { alarm: { ...open, eventCount: 4 }, now: at(12 * 60 + 3) } };

export const Acknowledged: Story = { args: { alarm: acknowledged, now: at(1800) } };

export const Escalated: Story = {
  args: { alarm: { ...acknowledged, kind: 'PowerCut', priority: 1, state: 'Escalated' }, now: at(1800) },
};

export const Resolved: Story = {
  args: {
    alarm: {
      ...acknowledged,
      kind: 'LowDeviceBattery',
      priority: 3,
      acknowledgeWithinSeconds: 3600,
      state: 'Resolved',
      resolvedDateTime: at(900).toISOString(),
      resolvedByUserFirstName: 'Sipho',
      resolvedByUserLastName: 'Dlamini',
      resolution: 'DeviceFault',
    },
    now: at(2 * 86400),
  },
};

export const NoHolder: Story = {
  args: {
    alarm: {
      ...open,
      kind: 'DeviceSilent',
      priority: 2,
      holderId: null,
      holderFirstName: null,
      holderLastName: null,
    },
  },
};

export const LongHolderName: Story = {
  args: {
    alarm: {
      ...acknowledged,
      holderFirstName: 'Nomathemba Wilhelmina-Charlotte',
      holderLastName: 'van der Westhuizen-Mahlangu',
      acknowledgedByUserFirstName: 'Bartholomew-Alexander',
      acknowledgedByUserLastName: 'Oosthuizen-Ramaphosa',
      eventCount: 128,
    },
    now: at(3 * 3600),
  },
};

/** The spec's mobile layout: the row wraps within a 360 px screen. */
export const OnAPhone: Story = {
  args: { alarm: { ...open, eventCount: 12 }, now: at(4000) },
  globals: { viewport: { value: 'phone360', isRotated: false } },
};
