import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import type { AppSettings, AuthApi } from '@sentinel/api-sdk';
import { ApiServicesProvider } from '../lib/api-services-context';
import { AppSettingsProvider } from '../lib/app-settings';
import { AppRoutes } from './routes';

export interface CreateAppOptions {
  /** The runtime settings loaded at start-up (kept for the screens that need them). */
  settings: AppSettings;
  /** The auth calls. @default createAuthClient for settings.baseURL, answers checked in development */
  auth?: AuthApi;
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
  const apiServices = {
    baseUrl: options.settings.baseURL,
    ...(options.auth ? { auth: options.auth } : {}),
  };
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
