/* The live-location link settings (SHARE_LINK_* in the README), held as app.shareLinkSettings. */
import fp from 'fastify-plugin';
import { DEFAULT_SHARE_LINK_HOURS, MAX_SHARE_LINK_HOURS } from '@sentinel/domain';

export interface ShareLinkSettings {
  /** SHARE_LINK_DEFAULT_HOURS: how long a link lives when the request does not say. @default 4 */
  defaultHours: number;
  /** SHARE_LINK_MAX_HOURS: the longest a link may be asked to live, at most 24. @default 24 */
  maxHours: number;
  /**
   * SHARE_LINK_VIEWS_PER_MINUTE: public reads (GET /Shared/{token}) from one address in a minute;
   * the page asks every 5 s, so a police station behind one address can hold a few open. @default 60
   */
  viewsPerMinute: number;
}

export type ShareLinkOptions = Partial<ShareLinkSettings>;

export const DEFAULT_SHARE_LINK_SETTINGS: ShareLinkSettings = {
  defaultHours: DEFAULT_SHARE_LINK_HOURS,
  maxHours: MAX_SHARE_LINK_HOURS,
  viewsPerMinute: 60,
};

/** The options with their defaults, refused at start-up when they contradict each other. */
export function shareLinkSettings(options: ShareLinkOptions): ShareLinkSettings {
  const settings = { ...DEFAULT_SHARE_LINK_SETTINGS, ...options };
  const { defaultHours, maxHours, viewsPerMinute } = settings;
  if (!Number.isSafeInteger(maxHours) || maxHours < 1 || maxHours > MAX_SHARE_LINK_HOURS)
    throw new Error(`SHARE_LINK_MAX_HOURS must be a whole number from 1 to ${MAX_SHARE_LINK_HOURS}.`);
  if (!Number.isSafeInteger(defaultHours) || defaultHours < 1 || defaultHours > maxHours)
    throw new Error(`SHARE_LINK_DEFAULT_HOURS must be a whole number from 1 to ${maxHours}.`);
  if (!Number.isSafeInteger(viewsPerMinute) || viewsPerMinute < 1)
    throw new Error('SHARE_LINK_VIEWS_PER_MINUTE must be a whole number of at least 1.');
  return settings;
}

const SETTINGS: Record<keyof ShareLinkSettings, string> = {
  defaultHours: 'SHARE_LINK_DEFAULT_HOURS',
  maxHours: 'SHARE_LINK_MAX_HOURS',
  viewsPerMinute: 'SHARE_LINK_VIEWS_PER_MINUTE',
};

/** The SHARE_LINK_* settings that are set (whole numbers); the others keep their defaults. */
export function shareLinkOptions(env: NodeJS.ProcessEnv = process.env): ShareLinkOptions {
  const options: ShareLinkOptions = {};
  for (const key of Object.keys(SETTINGS) as (keyof ShareLinkSettings)[]) {
    const name = SETTINGS[key];
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number; it is '${raw}'.`);
    options[key] = value;
  }
  // Checked now, so a wrong setting stops the server before it listens.
  shareLinkSettings(options);
  return options;
}

declare module 'fastify' {
  interface FastifyInstance {
    shareLinkSettings: ShareLinkSettings;
  }
}

export const shareLinkSettingsPlugin = fp<ShareLinkOptions>(
  (app, options, done) => {
    app.decorate('shareLinkSettings', shareLinkSettings(options));
    done();
  },
  { name: 'sentinel-share-link-settings' },
);
