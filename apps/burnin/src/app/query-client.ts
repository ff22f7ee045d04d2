import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';

/** How long server data counts as fresh before a screen that mounts again asks for it again. */
const STALE_TIME_MS = 5 * 60_000;

/** Tries after a failure with no answer or a 5xx; a 4xx answer will not change on a retry. */
const MAX_RETRIES = 2;

/** The app's one query cache: failures are logged, 4xx answers are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < MAX_RETRIES,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
