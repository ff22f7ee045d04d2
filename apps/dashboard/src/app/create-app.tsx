import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { createStore, Provider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { PATHS } from '@sentinel/domain';
import { createApiClient } from '@sentinel/api-sdk';
import type { ApiClient, AppSettings } from '@sentinel/api-sdk';
import { ApiClientProvider } from '../lib/api-client';
import { AppSettingsProvider } from '../lib/app-settings';
import { authorisedUserAtom, createSessionStore, hydrateSession } from '../lib/session';
import type { JotaiStore } from '../lib/session';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

export interface CreateAppOptions {
  /** The runtime settings loaded at start-up. */
  settings: AppSettings;
  /** How the router is made from the routes. @default createBrowserRouter (tests pass createMemoryRouter) */
  createRouter?: (routes: RouteObject[]) => Router;
  /** The routes to serve. @default the app's routes */
  routes?: RouteObject[];
}

export interface App {
  router: Router;
  store: JotaiStore;
  client: ApiClient;
  element: ReactElement;
}

/** Wires the session store, the one api client and the router together. */
export function createApp(options: CreateAppOptions): App {
  const store = createStore();
  hydrateSession(store);

  const client = createApiClient({
    baseUrl: options.settings.baseURL,
    session: createSessionStore(store),
    // A refused refresh: the SDK has cleared the session; leave the signed-in area for good.
    onLogout: () => {
      store.set(authorisedUserAtom, null);
      // `router` is made below; the SDK only calls this later, after a request.
      void router.navigate(PATHS.root, { replace: true });
    },
  });
  const router = (options.createRouter ?? createBrowserRouter)(options.routes ?? routes);

  const element = (
    <StrictMode>
      <Provider store={store}>
        <AppSettingsProvider settings={options.settings}>
          <ApiClientProvider client={client}>
            <RouterProvider router={router} />
          </ApiClientProvider>
        </AppSettingsProvider>
      </Provider>
    </StrictMode>
  );

  return { router, store, client, element };
}
