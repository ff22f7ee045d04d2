import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';

/** How long server data counts as fresh: a remounted row or a reopened card reads the cache. */
export const STALE_TIME_MS = 5 * 60_000;

/** Tries after a failure with no answer or a 5xx; a 4xx answer will not change on a retry. */
const MAX_RETRIES = 2;

/**
 * An app's one query cache, the same for the three apps. A failed query is logged and kept on the query, never thrown to the
 * router: the spec's "List loading failures: keep the message, show nothing".
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < MAX_RETRIES,
        // Live messages keep vehicle screens current; a focus refetch would only repeat requests.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
