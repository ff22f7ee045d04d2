import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import type { AppSettings } from '@sentinel/api-sdk';

const AppSettingsContext = createContext<AppSettings>(DEFAULT_APP_SETTINGS);

/** The settings loaded from ./appsettings.json at start-up (maps key, burn-in URL, ...). */
export function AppSettingsProvider({ settings, children }: { settings: AppSettings; children: ReactNode }) {
  return <AppSettingsContext.Provider value={settings}>{children}</AppSettingsContext.Provider>;
}

export function useAppSettings(): AppSettings {
  return useContext(AppSettingsContext);
}
