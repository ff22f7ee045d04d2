import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createApiClient, eq } from '@sentinel/api-sdk';
import { apiUrl, demoSignIn, storeSignedInUser } from '../test/api';
import { ownerVehiclesQuery } from './server-cache';

describe("a client's vehicles (ownerVehiclesQuery)", () => {
  it('loads every page, so an account with more vehicles than a page shows them all', async () => {
    let user = await storeSignedInUser('Technical-Agent');
    const api = createApiClient({
      baseUrl: apiUrl(),
      session: { get: () => user, set: (next) => (user = next), clear() {} },
    });
    // The demo account holder, whose vehicles other tests leave alone.
    const holder = (await api.users.list({ filter: eq('email', demoSignIn('Account-Holder').email) }))
      .items[0]!;
    const all = await api.vehicles.list({ filter: eq('userId', holder.id), pageSize: 500 });
    expect(all.totalCount).toBeGreaterThan(1);

    // A page of one vehicle: the query has to walk every page of this owner.
    const paged = await new QueryClient().fetchQuery(ownerVehiclesQuery(api, holder.id, 1));
    expect(paged.totalCount).toBe(all.totalCount);
    expect(paged.items.map((vehicle) => vehicle.id)).toEqual(all.items.map((vehicle) => vehicle.id));
  });
});
