import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ApiClient } from '@sentinel/api-sdk';

const ApiClientContext = createContext<ApiClient | null>(null);

/** Gives every screen the app's one api client. */
export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an <ApiClientProvider> above it');
  return client;
}
