// The dashboard's and the sign-up app's route tables, read from their own `routes` modules by
// Vite's module loader in Node (the production build keeps no copy a test could read), once per
// run, into a file the phone-layout test reads.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type RoutedApp = 'dashboard' | 'signup';

const here = dirname(fileURLToPath(import.meta.url));
export const ROUTE_TABLES_FILE = join(here, 'test-results', 'route-tables.json');

interface RouteLike {
  path?: string;
  index?: boolean;
  children?: RouteLike[];
}

function paths(routes: RouteLike[]): string[] {
  const found = new Set<string>();
  const join = (base: string, path: string) =>
    path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;
  const walk = (list: RouteLike[], base: string) => {
    for (const route of list) {
      const at = route.path === undefined ? base : join(base, route.path);
      if (route.path !== undefined && !route.path.includes('*')) found.add(at);
      if (route.index === true) found.add(base);
      walk(route.children ?? [], at);
    }
  };
  walk(routes, '/');
  return [...found].filter((path) => path !== '');
}

/** What is used of Vite, which is the apps' dependency rather than this package's. */
interface ViteModule {
  createServer(config: Record<string, unknown>): Promise<{
    ssrLoadModule(url: string): Promise<Record<string, unknown>>;
    close(): Promise<void>;
  }>;
}

/** Loads each app's src/app/routes.tsx with the app's own Vite and writes the paths. */
export async function writeRouteTables(): Promise<void> {
  const tables: Partial<Record<RoutedApp, string[]>> = {};
  for (const app of ['dashboard', 'signup'] as const) {
    const appDir = join(here, '..', 'apps', app);
    const vite = (await import(createRequire(join(appDir, 'package.json')).resolve('vite'))) as ViteModule;
    const server = await vite.createServer({
      root: appDir,
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const module = await server.ssrLoadModule('/src/app/routes.tsx');
      tables[app] = paths(module['routes'] as RouteLike[]);
    } finally {
      await server.close();
    }
  }
  mkdirSync(dirname(ROUTE_TABLES_FILE), { recursive: true });
  writeFileSync(ROUTE_TABLES_FILE, JSON.stringify(tables, null, 2));
}
