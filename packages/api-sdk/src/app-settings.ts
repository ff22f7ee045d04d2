/** Runtime settings every app loads from ./appsettings.json at start-up. */
export interface AppSettings {
  baseURL: string;
  intercomAppId: string;
  turnstileSiteKey: string;
  googleMapsApiKey: string;
  tempProtectedRoutesKey: string;
  burnInURL: string;
}

/** What an app runs on when a key is missing or the file cannot be loaded. */
export const DEFAULT_APP_SETTINGS: Readonly<AppSettings> = {
  baseURL: 'http://localhost:5080',
  intercomAppId: '',
  turnstileSiteKey: '',
  googleMapsApiKey: '',
  tempProtectedRoutesKey: '',
  burnInURL: 'http://localhost:5090',
};

export interface LoadAppSettingsOptions {
  /** Where the settings file is; apps pass their base URL's copy so deep links find it. @default './appsettings.json' (next to the page) */
  url?: string | URL;
  /** The fetch implementation. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Values for keys the file lacks, and for everything when it fails to load. @default DEFAULT_APP_SETTINGS */
  defaults?: Readonly<AppSettings>;
}

const KEYS = Object.keys(DEFAULT_APP_SETTINGS) as (keyof AppSettings)[];

/**
 * Loads the runtime settings. Never throws: a failure is only logged with console.error (as the
 * spec's error catalogue says) and the app runs on the defaults; only string values are taken.
 */
export async function loadAppSettings(options: LoadAppSettingsOptions = {}): Promise<AppSettings> {
  const defaults = options.defaults ?? DEFAULT_APP_SETTINGS;
  const doFetch = options.fetch ?? globalThis.fetch;
  const settings: AppSettings = { ...defaults };
  try {
    const response = await doFetch(options.url ?? './appsettings.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`GET appsettings.json answered ${response.status}`);
    const loaded = (await response.json()) as unknown;
    if (typeof loaded !== 'object' || loaded === null) throw new Error('appsettings.json is not an object');
    for (const key of KEYS) {
      const value = (loaded as Record<string, unknown>)[key];
      if (typeof value === 'string') settings[key] = value;
    }
  } catch (error) {
    console.error('Could not load appsettings.json; running on defaults.', error);
  }
  return settings;
}
