import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { CancelledAlertsCard } from './cancelled-alerts-card';
import { HistoryCard } from './history-card';
import type { HistoryEntryView } from './history-entry';

const AT = '2025-03-14T08:05:00Z'; // 10:05 in Johannesburg

function definitions(): Array<[string, string]> {
  return screen
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('given a lock entry made from the dashboard', () => {
  const entry: HistoryEntryView = {
    type: 'LockState',
    dateTime: AT,
    isLocked: true,
    isLockedByUserFirstName: 'Pieter',
    isLockedByUserLastName: 'van Wyk',
    isLockedChangedByAdminUser: true,
    lastKnownGpsLatitudeDegrees: -33.9249,
    lastKnownGpsLongitudeDegrees: 18.4241,
  };

  it("is headed 'Vehicle locked' with the en-ZA date", () => {
    render(<HistoryCard entry={entry} />);

    expect(screen.getByRole('heading', { name: 'Vehicle locked' })).toBeInTheDocument();
    expect(screen.getByText('14 Mar, 10:05')).toHaveAttribute('datetime', AT);
  });

  it('says who locked it and where the vehicle was', () => {
    render(<HistoryCard entry={entry} />);

    expect(definitions()).toEqual([
      ['By', 'Pieter van Wyk (staff)'],
      ['Location', '-33.9249, 18.4241'],
    ]);
  });

  it('has no accessibility violations', async () => {
    render(<HistoryCard entry={entry} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given an unlock entry from the owner', () => {
  it("is headed 'Vehicle unlocked' and names the owner", () => {
    render(
      <HistoryCard
        entry={{
          type: 'LockState',
          dateTime: AT,
          isLocked: false,
          isLockedByUserFirstName: 'Thandi',
          isLockedByUserLastName: 'Nkosi',
          isLockedChangedByAdminUser: false,
        }}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Vehicle unlocked' })).toBeInTheDocument();
    expect(definitions()).toEqual([['By', 'Thandi Nkosi']]);
  });
});

describe('given a cancelled tamper alert', () => {
  const entry: HistoryEntryView = {
    type: 'TamperAlert',
    dateTime: AT,
    tamperCancelled: true,
    tamperCancelledByUserFirstName: 'Ayanda',
    tamperCancelledByUserLastName: 'Dlamini',
    tamperCarBatteryState: 'Disconnected',
    tamperGpsState: 'Jammed',
  };

  it("is headed 'Tamper alert' with the battery and GPS states and who cancelled it", () => {
    render(<HistoryCard entry={entry} />);

    expect(screen.getByRole('heading', { name: 'Tamper alert' })).toBeInTheDocument();
    expect(definitions()).toEqual([
      ['Car battery', 'Disconnected'],
      ['GPS', 'Jammed'],
      ['Cancelled by', 'Ayanda Dlamini'],
    ]);
  });

  it('has no accessibility violations', async () => {
    render(<HistoryCard entry={entry} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given partner alert entries', () => {
  it("shows an Aura callout's status and creator", () => {
    render(
      <HistoryCard
        entry={{
          type: 'AuraCallout',
          dateTime: AT,
          auraCalloutStatus: 'Dispatched',
          auraCalloutCreatedByUserFirstName: 'Pieter',
          auraCalloutCreatedByUserLastName: 'van Wyk',
        }}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Aura callout' })).toBeInTheDocument();
    expect(definitions()).toEqual([
      ['Status', 'Dispatched'],
      ['Created by', 'Pieter van Wyk'],
    ]);
  });

  it("shows a Capital Air incident's status and creator", () => {
    render(
      <HistoryCard
        entry={{
          type: 'CapitalAirIncident',
          dateTime: AT,
          capitalAirIncidentStatus: 'Closed',
          capitalAirIncidentCreatedByUserFirstName: 'Ayanda',
          capitalAirIncidentCreatedByUserLastName: 'Dlamini',
        }}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Capital Air incident' })).toBeInTheDocument();
    expect(definitions()).toEqual([
      ['Status', 'Closed'],
      ['Created by', 'Ayanda Dlamini'],
    ]);
  });
});

describe('given a history with cancelled alerts', () => {
  const entries: HistoryEntryView[] = [
    { id: 1, type: 'LockState', dateTime: AT, isLocked: true },
    {
      id: 2,
      type: 'TamperAlert',
      dateTime: '2025-03-13T14:30:00Z',
      tamperCancelled: true,
      tamperCancelledByUserFirstName: 'Ayanda',
      tamperCancelledByUserLastName: 'Dlamini',
    },
    { id: 3, type: 'TamperAlert', dateTime: '2025-03-12T14:30:00Z', tamperCancelled: false },
  ];

  it("lists only the cancelled ones under 'Cancelled Alerts' with who cancelled them", () => {
    render(<CancelledAlertsCard entries={entries} />);

    const list = screen.getByRole('list', { name: 'Cancelled Alerts' });
    expect(screen.getByRole('heading', { name: 'Cancelled Alerts' })).toBeInTheDocument();
    expect(list.querySelectorAll('li')).toHaveLength(1);
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Tamper alert 13 Mar, 16:30 Cancelled by Ayanda Dlamini',
    );
  });

  it('has no accessibility violations', async () => {
    render(<CancelledAlertsCard entries={entries} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a history with no cancelled alerts', () => {
  it('renders nothing', () => {
    const { container } = render(
      <CancelledAlertsCard entries={[{ type: 'TamperAlert', dateTime: AT, tamperCancelled: false }]} />,
    );

    expect(container).toBeEmptyDOMElement();
  });
});

describe('given a lock command the device refused', () => {
  it('says the lock failed, who asked, when, and why', () => {
    render(
      <HistoryCard
        entry={{
          dateTime: '2025-03-14T08:05:00Z',
          type: 'LockState',
          isLocked: false,
          isLockedByUserFirstName: 'Pieter',
          isLockedByUserLastName: 'van Wyk',
          isLockedChangedByAdminUser: true,
          lockCommandType: 'Lock',
          lockCommandStatus: 'Failed',
          lockCommandRequestedDateTime: '2025-03-14T08:04:00Z',
          lockCommandReason: 'Door open',
        }}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Lock failed' })).toBeInTheDocument();
    expect(screen.getByText('Pieter van Wyk (staff)')).toBeInTheDocument();
    expect(screen.getByText('Door open')).toBeInTheDocument();
    expect(screen.getByText('Requested')).toBeInTheDocument();
  });
});
