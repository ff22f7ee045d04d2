import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { TripReplay } from './trip-replay';
import { sampleDay } from './sample-day';

const day = sampleDay();

function Replay({
  fixes = day.fixes,
  events = day.events,
}: {
  fixes?: typeof day.fixes;
  events?: typeof day.events;
}) {
  const [selectedTrip, setSelectedTrip] = useState<number | null>(null);
  return (
    <TripReplay
      fixes={fixes}
      trips={fixes.length === 0 ? [] : day.trips}
      stops={fixes.length === 0 ? [] : day.stops}
      events={events}
      selectedTrip={selectedTrip}
      onSelectTrip={setSelectedTrip}
    />
  );
}

const time = () => screen.getByTestId('replay-time').textContent;
const speed = () => screen.getByTestId('replay-speed').textContent;

describe('given a day with two trips and no map key', () => {
  it('draws the route to scale on the plain panel', () => {
    render(<Replay />);

    const map = screen.getByRole('group', { name: 'Route map' });
    expect(within(map).getByRole('img', { name: 'Route drawn to scale, north up' })).toBeInTheDocument();
    expect(time()).toBe('06:00:00');
  });

  it('lists the trips and stops with times, distances, durations and places', () => {
    render(<Replay />);

    const trips = within(screen.getByRole('list', { name: 'Trips' })).getAllByRole('button');
    expect(trips).toHaveLength(2);
    expect(trips[0]).toHaveTextContent('Trip 1: Mon, 02 Mar, 07:00 – 07:15');
    expect(trips[0]).toHaveTextContent(/17\.\d km in 15 min/);
    expect(trips[0]).toHaveTextContent('From -26.20050, 28.03000 to -26.05600, 28.08800');
    const stops = within(screen.getByRole('list', { name: 'Stops' })).getAllByRole('listitem');
    expect(stops).toHaveLength(3);
    expect(stops[1]).toHaveTextContent('Mon, 02 Mar, 07:15 – Mon, 02 Mar, 17:00');
    expect(stops[1]).toHaveTextContent('9 h 45 min');
  });

  it('plays, skipping the parked hours, and pauses', async () => {
    const user = userEvent.setup();
    render(<Replay />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '64x');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(time()! > '07:00:00').toBe(true));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const paused = time();
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(time()).toBe(paused);
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
  });

  it('offers speeds from 1x to 64x', () => {
    render(<Replay />);

    const options = within(screen.getByRole('combobox', { name: 'Speed' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '1x',
      '2x',
      '4x',
      '8x',
      '16x',
      '32x',
      '64x',
    ]);
  });

  it('steps to the next and the previous fix', async () => {
    const user = userEvent.setup();
    render(<Replay />);

    await user.click(screen.getByRole('button', { name: 'Next fix' }));
    expect(time()).toBe('06:30:00');
    await user.click(screen.getByRole('button', { name: 'Next fix' }));
    expect(time()).toBe('07:00:00');
    await user.click(screen.getByRole('button', { name: 'Previous fix' }));
    expect(time()).toBe('06:30:00');
  });

  it('shows the time and speed at the marker where the timeline is scrubbed to', () => {
    render(<Replay />);

    const timeline = screen.getByRole('slider', { name: 'Timeline' });
    fireEvent.change(timeline, { target: { value: String(Date.parse('2026-03-02T05:05:15.000Z')) } });
    expect(time()).toBe('07:05:15');
    expect(timeline).toHaveAttribute('aria-valuetext', '07:05:15');
    expect(speed()).toMatch(/^[1-9]\d+ km\/h$/);
  });

  it('jumps to where a tamper alert happened', async () => {
    const user = userEvent.setup();
    render(<Replay />);

    const events = screen.getByRole('list', { name: 'Events' });
    await user.click(within(events).getByRole('button', { name: 'Tamper alert at 12:00:00' }));
    expect(time()).toBe('12:00:00');
    expect(speed()).toBe('0 km/h');
    expect(within(events).getByRole('button', { name: 'Unlocked at 06:59:24' })).toBeInTheDocument();
    expect(
      within(events).getByRole('button', { name: 'Tamper alert cancelled at 12:18:00' }),
    ).toBeInTheDocument();
  });

  it('replays only the trip chosen, and the whole period again', async () => {
    const user = userEvent.setup();
    render(<Replay />);

    const trip = within(screen.getByRole('list', { name: 'Trips' })).getAllByRole('button')[1]!;
    await user.click(trip);
    expect(trip).toHaveAttribute('aria-pressed', 'true');
    expect(time()).toBe('17:00:00');
    const timeline = screen.getByRole('slider', { name: 'Timeline' });
    expect(Number(timeline.getAttribute('max')) - Number(timeline.getAttribute('min'))).toBe(15 * 60_000);
    expect(within(screen.getByRole('list', { name: 'Events' })).queryAllByRole('button')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Whole period' }));
    expect(time()).toBe('06:00:00');
    expect(trip).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows the vehicle until the map is panned', async () => {
    const user = userEvent.setup();
    render(<Replay />);

    const follow = screen.getByRole('checkbox', { name: 'Follow the vehicle' });
    expect(follow).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    const svg = screen.getByRole('img', { name: 'Route drawn to scale, north up' });
    // jsdom's PointerEvent drops the coordinates; a MouseEvent of the same type carries them.
    const pointer = (type: string, clientX: number, clientY: number) =>
      fireEvent(svg, new MouseEvent(type, { bubbles: true, clientX, clientY }));
    pointer('pointerdown', 10, 10);
    pointer('pointermove', 60, 40);
    pointer('pointerup', 60, 40);
    expect(follow).not.toBeChecked();
  });

  it('has no accessibility violations', async () => {
    render(<Replay />);

    expect(await axeViolations()).toEqual([]);
  });
});

// The office at noon: the tamper alert, then the owner locks and unlocks within minutes, and staff
// cancel the alert: on a 13-hour timeline these markers would lie on one another.
const noon = Date.parse(day.events[1]!.at);
const office = {
  latitudeDegrees: day.events[1]!.latitudeDegrees,
  longitudeDegrees: day.events[1]!.longitudeDegrees,
};
const crowded = [
  ...day.events,
  {
    id: 5,
    at: new Date(noon + 297_000).toISOString(),
    type: 'LockState' as const,
    isLocked: true,
    tamperCancelled: null,
    ...office,
  },
  {
    id: 6,
    at: new Date(noon + 360_000).toISOString(),
    type: 'LockState' as const,
    isLocked: false,
    tamperCancelled: null,
    ...office,
  },
];

describe('given a tamper alert and a lock minutes apart', () => {
  it('keeps the alarm a marker of its own, which jumps to its moment', async () => {
    const user = userEvent.setup();
    render(<Replay events={crowded} />);

    const events = screen.getByRole('list', { name: 'Events' });
    await user.click(within(events).getByRole('button', { name: 'Tamper alert at 12:00:00' }));
    expect(time()).toBe('12:00:00');
    expect(within(events).getByRole('button', { name: 'Unlocked at 06:59:24' })).toBeInTheDocument();
  });

  it('gathers the entries that would overlap into a count that lists them, each jumping to its moment', async () => {
    const user = userEvent.setup();
    render(<Replay events={crowded} />);

    const events = screen.getByRole('list', { name: 'Events' });
    const group = within(events).getByRole('button', { name: '3 events from 12:04:57 to 12:18:00' });
    expect(group).toHaveTextContent('3');
    expect(within(events).queryByRole('button', { name: 'Locked at 12:04:57' })).not.toBeInTheDocument();

    await user.click(group);
    const list = screen.getByRole('menu', { name: '3 events from 12:04:57 to 12:18:00' });
    expect(
      within(list)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Locked at 12:04:57', 'Unlocked at 12:06:00', 'Tamper alert cancelled at 12:18:00']);
    await user.click(within(list).getByRole('menuitem', { name: 'Locked at 12:04:57' }));
    expect(time()).toBe('12:04:57');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('reaches every entry from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Replay events={crowded} />);

    const events = screen.getByRole('list', { name: 'Events' });
    within(events).getByRole('button', { name: 'Tamper alert at 12:00:00' }).focus();
    await user.keyboard('{Enter}');
    expect(time()).toBe('12:00:00');
    await user.tab();
    expect(within(events).getByRole('button', { name: '3 events from 12:04:57 to 12:18:00' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Locked at 12:04:57' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(time()).toBe('12:18:00');
  });

  it('lifts the alarm above the entries at its place on the map, each reachable by keyboard', async () => {
    const user = userEvent.setup();
    render(<Replay events={crowded} />);

    const map = screen.getByRole('group', { name: 'Events on the map' });
    within(map).getByRole('button', { name: 'Tamper alert at 12:00:00' }).focus();
    await user.keyboard('{Enter}');
    expect(time()).toBe('12:00:00');

    await user.tab();
    // In drawing order: the entries at home, then the office's, then the alarm drawn over them.
    await user.click(within(map).getByRole('button', { name: '3 events from 12:04:57 to 12:18:00' }));
    await user.click(screen.getByRole('menuitem', { name: 'Unlocked at 12:06:00' }));
    expect(time()).toBe('12:06:00');
    await user.click(within(map).getByRole('button', { name: '2 events from 06:59:24 to 17:16:00' }));
    await user.click(screen.getByRole('menuitem', { name: 'Locked at 17:16:00' }));
    expect(time()).toBe('17:16:00');
  });

  it('has no accessibility violations, with the list open too', async () => {
    const user = userEvent.setup();
    render(<Replay events={crowded} />);

    expect(await axeViolations()).toEqual([]);
    const events = screen.getByRole('list', { name: 'Events' });
    await user.click(within(events).getByRole('button', { name: '3 events from 12:04:57 to 12:18:00' }));
    expect(await axeViolations()).toEqual([]);
  });
});

describe('given two tamper alerts minutes apart', () => {
  it('gathers them in the alarms row as tamper alerts, above the other entries', async () => {
    const user = userEvent.setup();
    const second = { ...day.events[1]!, id: 7, at: new Date(noon + 180_000).toISOString() };
    render(<Replay events={[...day.events, second]} />);

    const events = screen.getByRole('list', { name: 'Events' });
    await user.click(
      within(events).getByRole('button', { name: '2 tamper alerts from 12:00:00 to 12:03:00' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Tamper alert at 12:03:00' }));
    expect(time()).toBe('12:03:00');
    expect(
      within(events).getByRole('button', { name: 'Tamper alert cancelled at 12:18:00' }),
    ).toBeInTheDocument();
  });
});

describe('given a period without fixes', () => {
  it('says so and cannot play', () => {
    render(<Replay fixes={[]} />);

    expect(screen.getByText('No fixes in this period')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    expect(screen.getByText('No trips in this period')).toBeVisible();
  });
});
