import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { AppSettings } from '@sentinel/api-sdk';
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
  element: ReactElement;
}

export function createApp(options: CreateAppOptions): App {
  const router = (options.createRouter ?? createBrowserRouter)(routes);
  const element = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  return { router, settings: options.settings, element };
}
