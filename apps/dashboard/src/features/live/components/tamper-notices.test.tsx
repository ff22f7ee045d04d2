import { act, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, ne } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import { LIVE_NOTICE_DURATION_MS } from '@sentinel/ui';
import { vehicleKeys } from '../../../lib/server-cache';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { receiveTamperAtom } from '../stores/live-state';
import { TamperNotices } from './tamper-notices';

afterEach(() => {
  vi.useRealTimers();
});

function renderNotices() {
  const store = createStore();
  const queryClient = new QueryClient();
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <TamperNotices />
      </QueryClientProvider>
    </Provider>,
  );
  return { store, queryClient };
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
    const { store } = renderNotices();

    act(() => store.set(receiveTamperAtom, tamper));
    act(() => {
      vi.advanceTimersByTime(LIVE_NOTICE_DURATION_MS * 6);
    });

    const notices = screen.getByRole('region', { name: 'Live alerts (F8)' });
    expect(within(notices).getByRole('listitem')).toHaveTextContent(
      'Tamper alert: Vehicle 16 Raised 01 Mar, 10:15 · GPS: NoSignal',
    );
  });

  it('names the vehicle once a query has cached it, even after the alert arrived', async () => {
    let user = await storeSignedInUser('Technical-Agent');
    const api = createApiClient({
      baseUrl: apiUrl(),
      session: { get: () => user, set: (next) => (user = next), clear() {} },
    });
    const [listed] = (await api.vehicles.list({ filter: ne('deviceId', null), pageSize: 1 })).items;
    if (!listed) throw new Error('no vehicle with a device');
    const { store, queryClient } = renderNotices();
    act(() => store.set(receiveTamperAtom, tamper));

    act(() => {
      queryClient.setQueryData<Vehicle>(vehicleKeys.detail(16), {
        ...listed,
        id: 16,
        registrationNumber: 'CA 890-115',
        nickname: 'The Beast',
      });
    });

    expect(await screen.findByText('Tamper alert: The Beast (CA 890-115)')).toBeInTheDocument();
  });
});
