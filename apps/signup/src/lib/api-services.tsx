// Loaded with the first screen that calls the api (never by step 1 of the sign-up): the auth
// client and TanStack Query's cache, with the provider its screens read it from.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createAuthClient } from '@sentinel/api-sdk';
import type { AuthApi } from '@sentinel/api-sdk';
import { createQueryClient } from '@sentinel/screens/query-client';
import { useApiServicesOptions } from './api-services-context';
import type { ApiServicesOptions } from './api-services-context';

/** What the screens that call the api share: the auth calls and the one query cache. */
export interface ApiServices {
  /** The only calls a customer makes here; none needs a signed-in user. */
  auth: AuthApi;
  queryClient: QueryClient;
}

/** Each app's services, made on first use and kept for as long as the app's options object lives. */
const made = new WeakMap<ApiServicesOptions, ApiServices>();

/** The app's services: every screen of one app shares them (one cache, one client). */
export function useApiServices(): ApiServices {
  const options = useApiServicesOptions();
  let services = made.get(options);
  if (!services) {
    services = {
      // Answers are checked against the contract in development and tests; the checker is a chunk
      // production never loads.
      auth: createAuthClient({ baseUrl: options.baseUrl, validateAnswers: import.meta.env.DEV }),
      queryClient: createQueryClient(),
    };
    made.set(options, services);
  }
  return services;
}

export function useAuthApi(): AuthApi {
  return useApiServices().auth;
}

/** Puts a screen under the app's query cache. */
export function WithApiServices({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={useApiServices().queryClient}>{children}</QueryClientProvider>;
}
