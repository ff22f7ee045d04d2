import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { TripReplay } from './trip-replay';
import type { TripReplayProps } from './trip-replay';
import { sampleDay } from './sample-day';

const day = sampleDay();

/** The widget with its trip choice held as an app would hold it. */
function Replay(
  props: Omit<TripReplayProps, 'selectedTrip' | 'onSelectTrip'> & { initialTrip?: number | null },
) {
  const { initialTrip = null, ...rest } = props;
  const [selectedTrip, setSelectedTrip] = useState<number | null>(initialTrip);
  return <TripReplay {...rest} selectedTrip={selectedTrip} onSelectTrip={setSelectedTrip} />;
}

// Stories show the key-less panel: a Google key is per deployment and needs the network.
const meta = {
  title: 'Widgets/TripReplay',
  component: Replay,
  args: { ...day },
} satisfies Meta<typeof Replay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A commuter's Monday: two trips, three stops, a tamper alert at the office. */
export const WholeDay: Story = {};

/** The morning trip chosen: only its fixes play. */
export const OneTrip: Story = { args: { initialTrip: 0 } };

/** A period without fixes. */
export const Empty: Story = { args: { fixes: [], trips: [], stops: [], events: [] } };
