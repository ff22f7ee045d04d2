import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { AppSettings } from '@sentinel/api-sdk';
import { createQueryClient } from './query-client';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

export interface CreateAppOptions {
  /** The runtime settings loaded at start-up (kept for the screens that need them). */
  settings: AppSettings;
  /** How the router is made from the routes. @default createBrowserRouter (tests pass createMemoryRouter) */
  createRouter?: (routes: RouteObject[]) => Router;
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
  const element = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  return { router, settings: options.settings, queryClient, element };
}
