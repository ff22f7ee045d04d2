import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { createApiClient } from '@sentinel/api-sdk';
import type { ApiClient, AppSettings } from '@sentinel/api-sdk';
import { ApiClientProvider } from '../lib/api-client';
import { AppSettingsProvider } from '../lib/app-settings';
import { createQueryClient } from '@sentinel/screens/query-client';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

export interface CreateAppOptions {
  /** The runtime settings loaded at start-up (kept for the screens that need them). */
  settings: AppSettings;
  /** How the router is made from the routes. @default createBrowserRouter (tests pass createMemoryRouter) */
  createRouter?: (routes: RouteObject[]) => Router;
  /** The api client. @default one for settings.baseURL; customers here never hold a session */
  client?: ApiClient;
}

export interface App {
  router: Router;
  settings: AppSettings;
  /** The one query cache the screens' server data lives in. */
  queryClient: QueryClient;
  element: ReactElement;
}

export function createApp(options: CreateAppOptions): App {
  const router = (options.createRouter ?? createBrowserRouter)(routes);
  const queryClient = createQueryClient();
  const client =
    options.client ??
    createApiClient({
      baseUrl: options.settings.baseURL,
      session: { get: () => null, set() {}, clear() {} },
    });
  const element = (
    <StrictMode>
      <AppSettingsProvider settings={options.settings}>
        <ApiClientProvider client={client}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiClientProvider>
      </AppSettingsProvider>
    </StrictMode>
  );
  return { router, settings: options.settings, queryClient, element };
}
