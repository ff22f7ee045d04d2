import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import type { AppSettings } from '@sentinel/api-sdk';

const AppSettingsContext = createContext<AppSettings>(DEFAULT_APP_SETTINGS);

export function AppSettingsProvider({ settings, children }: { settings: AppSettings; children: ReactNode }) {
  return <AppSettingsContext.Provider value={settings}>{children}</AppSettingsContext.Provider>;
}

/** The runtime settings loaded at start-up (api URL, Turnstile site key). */
export function useAppSettings(): AppSettings {
  return useContext(AppSettingsContext);
}
