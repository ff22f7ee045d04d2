import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import type { AppSettings } from '@sentinel/api-sdk';
import { ApiServicesProvider } from '../lib/api-services-context';
import { AppSettingsProvider } from '../lib/app-settings';
import { AppRoutes } from './routes';

export interface CreateAppOptions {
  /** The runtime settings loaded at start-up (the api's URL, the Turnstile key). */
  settings: AppSettings;
}

export interface App {
  settings: AppSettings;
  element: ReactElement;
}

/**
 * The app on the browser's location (wouter's default). The api services (the auth client and the
 * query cache) are made when the first screen that calls the api loads, not before step 1 shows.
 */
export function createApp(options: CreateAppOptions): App {
  // This app's own object: the services made from it are this app's alone.
  const apiServices = { baseUrl: options.settings.baseURL };
  const element = (
    <StrictMode>
      <AppSettingsProvider settings={options.settings}>
        <ApiServicesProvider options={apiServices}>
          <AppRoutes />
        </ApiServicesProvider>
      </AppSettingsProvider>
    </StrictMode>
  );
  return { settings: options.settings, element };
}
