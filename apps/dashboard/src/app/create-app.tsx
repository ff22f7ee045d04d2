import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { createStore, Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { PATHS } from '@sentinel/domain';
import { createApiClient } from '@sentinel/api-sdk';
import type { ApiClient, AppSettings } from '@sentinel/api-sdk';
import { ApiClientProvider } from '../lib/api-client';
import { AppSettingsProvider } from '../lib/app-settings';
import { createQueryClient } from '@sentinel/screens/query-client';
import { authorisedUserAtom, createSessionStore, hydrateSession } from '../lib/session';
import type { JotaiStore } from '../lib/session';
import { routes } from './routes';
import { createStepUpPrompt, StepUpDialog } from '../lib/second-factor/step-up';

type Router = ReturnType<typeof createBrowserRouter>;

export interface CreateAppOptions {
  /** The runtime settings loaded at start-up. */
  settings: AppSettings;
  /** How the router is made from the routes. @default createBrowserRouter (tests pass createMemoryRouter) */
  createRouter?: (routes: RouteObject[]) => Router;
  /** The routes to serve. @default the app's routes */
  routes?: RouteObject[];
  /** The fetch the api client sends requests with. @default globalThis.fetch (tests count requests) */
  fetch?: typeof fetch;
}

export interface App {
  router: Router;
  store: JotaiStore;
  client: ApiClient;
  queryClient: QueryClient;
  element: ReactElement;
}

/** Wires the session store, the one api client and the router together. */
export function createApp(options: CreateAppOptions): App {
  const store = createStore();
  hydrateSession(store);
  const queryClient = createQueryClient();
  // Server data belongs to whoever is signed in: a sign-out or another user (in any tab) starts empty.
  let userId = store.get(authorisedUserAtom)?.userId ?? null;
  store.sub(authorisedUserAtom, () => {
    const next = store.get(authorisedUserAtom)?.userId ?? null;
    if (next !== userId) queryClient.clear();
    userId = next;
  });

  const client = createApiClient({
    baseUrl: options.settings.baseURL,
    session: createSessionStore(store),
    // Answers are checked against the contract in development and tests; production trusts them.
    validateAnswers: import.meta.env.DEV,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // A privileged action the server wants the second factor for again: the dialog asks, and the
    // action goes through once confirmed.
    onStepUp: createStepUpPrompt(store),
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
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
              <StepUpDialog />
            </QueryClientProvider>
          </ApiClientProvider>
        </AppSettingsProvider>
      </Provider>
    </StrictMode>
  );

  return { router, store, client, queryClient, element };
}
