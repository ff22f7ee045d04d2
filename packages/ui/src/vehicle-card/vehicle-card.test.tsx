import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BADGE } from '@sentinel/domain';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { VehicleCard, type VehicleCardProps } from './vehicle-card';
import type { VehicleArming } from './arming';

function props(overrides: Partial<VehicleCardProps> = {}): VehicleCardProps {
  return {
    title: 'Bakkie',
    registrationNumber: 'CA 123-456',
    badge: BADGE.locked,
    deviceSerialNumber: 'SN0001',
    deviceActive: true,
    lastGpsUpdate: '14 Mar, 10:05',
    applicationVersion: '2.4.1',
    autoLockEnabled: true,
    coordinates: { latitude: -33.9249, longitude: 18.4241 },
    alert: false,
    isLocked: true,
    onLock: vi.fn(),
    onUnlock: vi.fn(),
    driverPhone: '+27821234567',
    onAlertAura: vi.fn(async () => undefined),
    onAlertCapitalAir: vi.fn(async () => undefined),
    ...overrides,
  };
}

function arming(overrides: Partial<VehicleArming> = {}): VehicleArming {
  return {
    armed: false,
    armedSince: null,
    schedule: null,
    onArm: vi.fn(),
    onDisarm: vi.fn(),
    onSaveSchedule: vi.fn(async () => undefined),
    onRemoveSchedule: vi.fn(async () => undefined),
    ...overrides,
  };
}

function detail(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('given an installed vehicle', () => {
  it('shows its title, registration, badge and device details', () => {
    render(<VehicleCard {...props()} />);

    expect(screen.getByRole('heading', { name: 'Bakkie' })).toBeInTheDocument();
    expect(screen.getByText('CA 123-456')).toBeVisible();
    expect(screen.getByText('Locked!')).toBeVisible();
    expect(detail('Device serial number')).toBe('SN0001');
    expect(detail('Device status')).toBe('Active');
    expect(detail('Last GPS update')).toBe('14 Mar, 10:05');
    expect(detail('Application version')).toBe('2.4.1');
    expect(detail('Auto-lock')).toBe('On');
  });

  it('renders the map it is given', () => {
    render(<VehicleCard {...props({ map: <div role="img" aria-label="Vehicle map" /> })} />);

    expect(screen.getByRole('img', { name: 'Vehicle map' })).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<VehicleCard {...props()} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given unknown device status values', () => {
  it("says 'Unknown' for auto-lock, version and GPS update, and 'Off' for a disabled auto-lock", () => {
    const { rerender } = render(
      <VehicleCard {...props({ autoLockEnabled: null, applicationVersion: null, lastGpsUpdate: null })} />,
    );

    expect(detail('Auto-lock')).toBe('Unknown');
    expect(detail('Application version')).toBe('Unknown');
    expect(detail('Last GPS update')).toBe('Unknown');

    rerender(<VehicleCard {...props({ autoLockEnabled: false })} />);
    expect(detail('Auto-lock')).toBe('Off');
  });

  it('leaves out the rows the app did not pass', () => {
    render(
      <VehicleCard
        {...props({
          autoLockEnabled: undefined,
          applicationVersion: undefined,
          lastGpsUpdate: undefined,
          deviceActive: undefined,
        })}
      />,
    );

    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Device serial number']);
  });
});

describe('given a locked vehicle', () => {
  it('offers Unlock', async () => {
    const onUnlock = vi.fn();
    render(<VehicleCard {...props({ isLocked: true, onUnlock })} />);

    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));

    expect(onUnlock).toHaveBeenCalledTimes(1);
  });
});

describe('given an unlocked vehicle', () => {
  it('offers Lock', async () => {
    const onLock = vi.fn();
    render(<VehicleCard {...props({ isLocked: false, badge: BADGE.unlocked, onLock })} />);

    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lock' }));

    expect(onLock).toHaveBeenCalledTimes(1);
  });

  it('shows the lock button busy while a lock is in flight', () => {
    render(<VehicleCard {...props({ isLocked: false, lockBusy: true })} />);

    expect(screen.getByRole('button', { name: 'Lock' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Lock' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('given a lock queued for an offline device', () => {
  it('says it waits for the device and offers Cancel', async () => {
    const onCancelLockCommand = vi.fn();
    render(
      <VehicleCard
        {...props({
          isLocked: false,
          badge: BADGE.unlocked,
          lockCommand: { type: 'Lock', status: 'Pending', deviceOnline: false, reason: null },
          onCancelLockCommand,
        })}
      />,
    );

    expect(screen.getByText('Device offline: the lock will be sent when it reconnects.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancelLockCommand).toHaveBeenCalledOnce();
  });
});

describe('given a lock the device refused', () => {
  it('shows the refusal as an alert next to the lock button', () => {
    render(
      <VehicleCard
        {...props({
          isLocked: false,
          badge: BADGE.unlocked,
          lockCommand: { type: 'Lock', status: 'Failed', deviceOnline: true, reason: 'Door open' },
        })}
      />,
    );

    // The partner alerts keep an empty alert region of their own, so the refusal is found by its text.
    expect(screen.getByText('Lock failed: Door open.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Lock' })).toBeEnabled();
  });
});

describe('given a vehicle armed by hand', () => {
  it("shows 'Armed' beside the lock state, since when, and offers Disarm", async () => {
    const onDisarm = vi.fn();
    render(
      <VehicleCard {...props({ arming: arming({ armed: true, armedSince: '27 Nov, 22:05', onDisarm }) })} />,
    );

    expect(screen.getByText('Armed')).toBeVisible();
    expect(detail('Arming')).toBe('Armed since 27 Nov, 22:05');
    expect(detail('Arming schedule')).toBe('None');
    expect(screen.queryByRole('button', { name: 'Arm' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disarm' }));

    expect(onDisarm).toHaveBeenCalledOnce();
  });
});

describe('given a vehicle armed by its schedule', () => {
  it('says so and shows the schedule', () => {
    render(
      <VehicleCard
        {...props({
          arming: arming({ armed: true, schedule: { days: ['Fri', 'Sat'], from: '22:00', to: '05:00' } }),
        })}
      />,
    );

    expect(detail('Arming')).toBe('Armed by schedule');
    expect(detail('Arming schedule')).toBe('Fri, Sat, 22:00 to 05:00 (next day)');
  });
});

describe('given a vehicle that is not armed', () => {
  it("offers Arm, busy while the call is in flight, and no 'Armed'", async () => {
    const onArm = vi.fn();
    const { rerender } = render(<VehicleCard {...props({ arming: arming({ onArm }) })} />);

    expect(screen.queryByText('Armed')).not.toBeInTheDocument();
    expect(detail('Arming')).toBe('Not armed');
    await userEvent.click(screen.getByRole('button', { name: 'Arm' }));
    expect(onArm).toHaveBeenCalledOnce();

    rerender(<VehicleCard {...props({ arming: arming({ onArm, busy: true }) })} />);
    expect(screen.getByRole('button', { name: 'Arming' })).toHaveAttribute('aria-busy', 'true');
  });

  it("opens the arming schedule from 'Arming schedule'", async () => {
    render(<VehicleCard {...props({ arming: arming() })} />);

    await userEvent.click(screen.getByRole('button', { name: 'Arming schedule' }));

    expect(screen.getByRole('dialog', { name: 'Arming schedule' })).toHaveAccessibleDescription(
      'CA 123-456 arms itself on these days and hours, in Johannesburg time.',
    );
  });

  it('has no accessibility violations', async () => {
    render(<VehicleCard {...props({ arming: arming({ armed: true, armedSince: '27 Nov, 22:05' }) })} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a card without arming', () => {
  it('shows no arming status or controls', () => {
    render(<VehicleCard {...props()} />);

    expect(screen.queryByText('Arming')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Arm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Arming schedule' })).not.toBeInTheDocument();
  });
});

describe('given an unknown lock state', () => {
  it('shows Lock disabled and says why', () => {
    render(<VehicleCard {...props({ isLocked: null, badge: BADGE.unknown })} />);

    const lock = screen.getByRole('button', { name: 'Lock' });
    expect(lock).toBeDisabled();
    expect(lock).toHaveAccessibleDescription('Lock state unknown');
  });
});

describe('given no coordinates', () => {
  it("says 'GPS coordinates unavailable' and offers no copy", () => {
    render(<VehicleCard {...props({ coordinates: null })} />);

    expect(screen.getByText('GPS coordinates unavailable')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copy coordinates' })).not.toBeInTheDocument();
  });
});

describe('given a driver phone number', () => {
  it('offers Call driver as a tel: link', () => {
    render(<VehicleCard {...props({ driverPhone: '+27 82 123 4567' })} />);

    expect(screen.getByRole('link', { name: 'Call driver' })).toHaveAttribute('href', 'tel:+27821234567');
  });
});

describe('given no driver phone number', () => {
  it('shows Call driver disabled', () => {
    render(<VehicleCard {...props({ driverPhone: null })} />);

    expect(screen.queryByRole('link', { name: 'Call driver' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call driver' })).toBeDisabled();
  });
});

describe('given an inactive device', () => {
  it("shows 'Inactive' and offers Reactivate", async () => {
    const onReactivate = vi.fn();
    render(<VehicleCard {...props({ deviceActive: false, onReactivate })} />);

    expect(detail('Device status')).toBe('Inactive');
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate' }));

    expect(onReactivate).toHaveBeenCalledTimes(1);
  });

  it('opens the Change Device dialog from Reactivate when the app gives no action of its own', async () => {
    const deviceChange = {
      query: '',
      onQueryChange: vi.fn(),
      results: undefined,
      searching: false,
      searchError: null,
      onChange: vi.fn(async () => undefined),
    };
    render(<VehicleCard {...props({ deviceActive: false, deviceChange })} />);

    await userEvent.click(screen.getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByRole('dialog', { name: 'Change Device' })).toBeInTheDocument();
  });

  it('offers no Reactivate with neither an action nor a device change', () => {
    render(<VehicleCard {...props({ deviceActive: false })} />);

    expect(screen.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<VehicleCard {...props({ deviceActive: false, onReactivate: vi.fn(), coordinates: null })} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given an active device', () => {
  it('does not offer Reactivate', () => {
    render(<VehicleCard {...props({ deviceActive: true, onReactivate: vi.fn() })} />);

    expect(screen.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
  });
});

describe('given a vehicle without a device', () => {
  it("says 'No device linked' and offers no device change", () => {
    render(
      <VehicleCard
        {...props({
          deviceSerialNumber: null,
          badge: BADGE.noDevice,
          deviceChange: {
            query: '',
            onQueryChange: vi.fn(),
            results: undefined,
            searching: false,
            searchError: null,
            onChange: vi.fn(async () => undefined),
          },
        })}
      />,
    );

    expect(detail('Device serial number')).toBe('No device linked');
    expect(screen.queryByRole('button', { name: 'Change device' })).not.toBeInTheDocument();
  });
});

describe('given a card composed from its parts', () => {
  it('shows the parts in the order the consumer chose', () => {
    render(
      <VehicleCard.Root>
        <VehicleCard.Header title="Bakkie" registrationNumber="CA 123-456" badge={BADGE.locked} />
        <VehicleCard.Actions>
          <VehicleCard.Lock isLocked onLock={vi.fn()} onUnlock={vi.fn()} />
        </VehicleCard.Actions>
        <VehicleCard.Content>
          <VehicleCard.Coordinates coordinates={{ latitude: -33.9249, longitude: 18.4241 }} />
        </VehicleCard.Content>
      </VehicleCard.Root>,
    );

    const unlock = screen.getByRole('button', { name: 'Unlock' });
    const coordinates = screen.getByText('-33.9249, 18.4241');
    expect(screen.getByRole('heading', { name: 'Bakkie' })).toBeInTheDocument();
    expect(unlock.compareDocumentPosition(coordinates) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Alert Aura' })).not.toBeInTheDocument();
  });

  it('opens the change-device dialog from Reactivate when the serial offers a change', async () => {
    render(
      <VehicleCard.Root>
        <VehicleCard.Details>
          <VehicleCard.DeviceSerial
            serialNumber="SN0001"
            deviceChange={{
              query: '',
              onQueryChange: vi.fn(),
              results: undefined,
              searching: false,
              searchError: null,
              onChange: vi.fn(async () => undefined),
            }}
          />
        </VehicleCard.Details>
        <VehicleCard.Actions>
          <VehicleCard.Reactivate />
        </VehicleCard.Actions>
      </VehicleCard.Root>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reactivate' }));

    expect(screen.getByRole('dialog', { name: 'Change Device' })).toBeInTheDocument();
  });

  it('refuses a part outside VehicleCard.Root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<VehicleCard.Reactivate />)).toThrow(
      'VehicleCard parts must be inside VehicleCard.Root',
    );
  });
});
