import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { createApp } from '../app/create-app';
import type { App } from '../app/create-app';
import { apiUrl } from './api';

/** The whole app (store, api client, every route) in a memory router starting at `path`. */
export function renderApp(
  path: string,
  options: { apiUrl?: string; routes?: RouteObject[]; fetch?: typeof fetch } = {},
): App {
  const app = createApp({
    settings: { ...DEFAULT_APP_SETTINGS, baseURL: options.apiUrl ?? apiUrl() },
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  render(app.element);
  return app;
}
