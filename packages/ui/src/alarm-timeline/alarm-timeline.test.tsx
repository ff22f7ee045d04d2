import { render, screen, within } from '@testing-library/react';
import type { AlarmEvent } from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { AlarmTimeline } from './alarm-timeline';

const event = (
  overrides: Partial<AlarmEvent> & Pick<AlarmEvent, 'id' | 'type' | 'dateTime'>,
): AlarmEvent => ({
  byUserFirstName: null,
  byUserLastName: null,
  text: null,
  ...overrides,
});

describe('given an alarm with a timeline', () => {
  it('lists the entries oldest first with their time, type in words, who and text', async () => {
    render(
      <AlarmTimeline
        events={[
          event({
            id: 3,
            type: 'PartnerStatus',
            dateTime: '2026-11-27T08:06:00Z',
            text: 'Aura did not accept the alert.',
          }),
          event({ id: 1, type: 'Opened', dateTime: '2026-11-27T08:04:05Z', text: 'Tamper switch opened' }),
          event({
            id: 2,
            type: 'Acknowledged',
            dateTime: '2026-11-27T08:05:00Z',
            byUserFirstName: 'Sipho',
            byUserLastName: 'Dlamini',
          }),
        ]}
      />,
    );

    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '27 Nov 2026, 10:04:05 OpenedTamper switch opened',
      '27 Nov 2026, 10:05:00 Acknowledged by Sipho Dlamini',
      '27 Nov 2026, 10:06:00 Partner statusAura did not accept the alert.',
    ]);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('given an alarm with no timeline yet', () => {
  it("says 'No events yet.'", () => {
    render(<AlarmTimeline events={[]} />);

    expect(screen.getByText('No events yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
