import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

/**
 * What the app's api services are made from. The services themselves (the SDK's http client,
 * TanStack Query's cache) are code step 1 does not need: `api-services.tsx` makes them, once per
 * app, when the first screen that calls the api has loaded.
 */
export interface ApiServicesOptions {
  /** The vehicle API's base URL (appsettings.json's baseURL). */
  baseUrl: string;
}

const ApiServicesContext = createContext<ApiServicesOptions | null>(null);

/** Gives the screens below one app's services; `options` is that app's own object, made once. */
export function ApiServicesProvider({
  options,
  children,
}: {
  options: ApiServicesOptions;
  children: ReactNode;
}) {
  return <ApiServicesContext.Provider value={options}>{children}</ApiServicesContext.Provider>;
}

export function useApiServicesOptions(): ApiServicesOptions {
  const options = useContext(ApiServicesContext);
  if (!options) throw new Error('useApiServicesOptions needs an <ApiServicesProvider> above it');
  return options;
}
