import { act, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_NOTICE_DURATION_MS } from '@sentinel/ui';
import { rememberVehicleNamesAtom } from '../../../lib/vehicle-live/vehicle-live-store';
import { receiveTamperAtom } from '../stores/live-state';
import { TamperNotices } from './tamper-notices';

afterEach(() => {
  vi.useRealTimers();
});

function renderNotices() {
  const store = createStore();
  render(
    <Provider store={store}>
      <TamperNotices />
    </Provider>,
  );
  return store;
}

const tamper = {
  vehicleId: 16,
  tamperActive: true,
  tamperCancelled: false,
  tamperCarBatteryState: null,
  tamperGpsState: 'NoSignal',
  dateTime: '2026-03-01T08:15:00Z',
  latitudeDegrees: null,
  longitudeDegrees: null,
};

describe('given a standing tamper alert', () => {
  it('keeps its notice past the usual notice time, until someone dismisses it', () => {
    vi.useFakeTimers();
    const store = renderNotices();

    act(() => store.set(receiveTamperAtom, tamper));
    act(() => {
      vi.advanceTimersByTime(LIVE_NOTICE_DURATION_MS * 6);
    });

    const notices = screen.getByRole('region', { name: 'Live alerts (F8)' });
    expect(within(notices).getByRole('listitem')).toHaveTextContent(
      'Tamper alert: Vehicle 16 Raised 01 Mar, 10:15 · GPS: NoSignal',
    );
  });

  it('names the vehicle once a list has shown it, even after the alert arrived', () => {
    const store = renderNotices();
    act(() => store.set(receiveTamperAtom, tamper));

    act(() =>
      store.set(rememberVehicleNamesAtom, [
        { id: 16, registrationNumber: 'CA 890-115', nickname: 'The Beast' },
      ]),
    );

    expect(screen.getByRole('listitem')).toHaveTextContent('Tamper alert: The Beast (CA 890-115)');
  });
});
