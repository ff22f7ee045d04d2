import { useEffect, useState } from 'react';
import type { ApiClient } from '@sentinel/api-sdk';
import { useApiClient } from './api-client';

export interface ApiQuery<T> {
  /** The answer, once it has come. */
  data: T | undefined;
  loading: boolean;
  /** The failure, kept (the spec: "keep the message, show nothing"); it has been logged. */
  error: unknown;
}

/**
 * Loads data once per `load` function (wrap it in useCallback with its inputs). A failure is logged
 * and kept, not thrown, so a screen shows nothing rather than the router's error page; an answer
 * that arrives after the inputs changed is dropped.
 */
export function useApiQuery<T>(load: (client: ApiClient) => Promise<T>): ApiQuery<T> {
  const client = useApiClient();
  const [state, setState] = useState<ApiQuery<T>>({ data: undefined, loading: true, error: undefined });

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load(client).then(
      (data) => {
        if (current) setState({ data, loading: false, error: undefined });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setState({ data: undefined, loading: false, error });
      },
    );
    return () => {
      current = false;
    };
  }, [client, load]);

  return state;
}
