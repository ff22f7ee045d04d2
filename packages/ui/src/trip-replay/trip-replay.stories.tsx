import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
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

// The office at noon, crowded: the tamper alert, the owner locking and unlocking within minutes,
// and staff cancelling the alert.
const noon = day.events[1]!;
const atOffice = { latitudeDegrees: noon.latitudeDegrees, longitudeDegrees: noon.longitudeDegrees };
const secondsAfterNoon = (seconds: number) => new Date(Date.parse(noon.at) + seconds * 1000).toISOString();
const crowded = [
  ...day.events,
  { ...day.events[3]!, ...atOffice, id: 5, at: secondsAfterNoon(297) },
  { ...day.events[0]!, ...atOffice, id: 6, at: secondsAfterNoon(360) },
];

/**
 * Entries minutes apart: the tamper alert keeps its own marker above the others, which gather
 * into a count that lists them (opened here).
 */
export const CrowdedEvents: Story = {
  args: { events: crowded },
  play: async ({ canvasElement }) => {
    const events = within(canvasElement).getByRole('list', { name: 'Events' });
    await userEvent.click(within(events).getByRole('button', { name: /^3 events from / }));
    // The list is portalled to document.body, outside the canvas.
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('menuitem', { name: 'Locked at 12:04:57' })).toBeVisible();
  },
};

/** A period without fixes. */
export const Empty: Story = { args: { fixes: [], trips: [], stops: [], events: [] } };
