// The public live-location page's one call, asked again every few seconds while the link works.
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';

/** How often the page asks for the vehicle's position (the api limits reads per address a minute). */
export const SHARED_LOCATION_REFRESH_MS = 5_000;

/** The api's one answer for a link it will not show: unknown, expired or revoked. */
export const isGoneLink = (error: unknown): boolean => isApiError(error) && error.status === 404;

export const sharedLocationKeys = {
  byToken: (token: string) => ['shared-location', token] as const,
};

export const sharedLocationQueries = {
  /** GET /Shared/{token}, without signing in: polled until the link has gone. */
  byToken: (api: ApiClient, token: string) =>
    queryOptions({
      queryKey: sharedLocationKeys.byToken(token),
      queryFn: () => api.shareLinks.shared(token),
      staleTime: 0,
      // A gone link never comes back; anything else (no network, a busy api) is tried again.
      refetchInterval: (query) => (isGoneLink(query.state.error) ? false : SHARED_LOCATION_REFRESH_MS),
    }),
};
