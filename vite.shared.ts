// What the three Vite apps (dashboard, signup, burnin) share: the port they listen on and the
// /appsettings.json their dev and preview servers answer, so a test can point an app at an api on
// another port without touching the file. Only node: imports here: the root has no vite of its own,
// so the plugin is typed by the few members it uses (Vite's Plugin type accepts it structurally).
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

interface DevOrPreviewServer {
  config: { root: string; publicDir: string | false };
  middlewares: { use(middleware: Middleware): unknown };
}

export interface AppSettingsPlugin {
  name: string;
  configureServer(server: DevOrPreviewServer): void;
  configurePreviewServer(server: DevOrPreviewServer): void;
}

/** Environment variables that override a key of public/appsettings.json when set. */
export const APP_SETTINGS_ENV: Readonly<Record<string, string>> = {
  SENTINEL_API_URL: 'baseURL',
  SENTINEL_BURNIN_URL: 'burnInURL',
};

/** public/appsettings.json's values with the environment's overrides applied. */
export function resolveAppSettings(
  publicDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, unknown> {
  const settings = JSON.parse(readFileSync(join(publicDir, 'appsettings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  for (const [variable, key] of Object.entries(APP_SETTINGS_ENV)) {
    const value = env[variable];
    if (value !== undefined && value !== '') settings[key] = value;
  }
  return settings;
}

/** Answers GET /appsettings.json in `vite` and `vite preview` with resolveAppSettings(). */
export function appSettings(): AppSettingsPlugin {
  const install = (server: DevOrPreviewServer): void => {
    const publicDir = server.config.publicDir || join(server.config.root, 'public');
    server.middlewares.use((request, response, next) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/appsettings.json') return next();
      try {
        const body = JSON.stringify(resolveAppSettings(publicDir), null, 2);
        response.setHeader('Content-Type', 'application/json');
        response.setHeader('Cache-Control', 'no-store');
        response.end(body);
      } catch (error) {
        response.statusCode = 500;
        response.end(`appsettings.json could not be read: ${(error as Error).message}`);
      }
    });
  };
  return { name: 'sentinel-app-settings', configureServer: install, configurePreviewServer: install };
}

/** The port an app's dev and preview servers listen on: env PORT, else the app's default. */
export function appPort(defaultPort: number, env: NodeJS.ProcessEnv = process.env): number {
  const port = Number(env['PORT']);
  return Number.isInteger(port) && port > 0 ? port : defaultPort;
}
