/*
 * The api's entry points (`start`'s src/server.ts, `db:setup`'s src/db-setup.ts) bundled once per
 * test run, for the tests that run them as processes of their own. Under tsx every such process
 * resolves and transforms the api's few hundred source files again, which cost most of its start-up
 * (about 5 s of CPU against 3.5 s from the bundle); the bundle is the same sources, compiled by the
 * same esbuild tsx uses. Packages from node_modules stay outside it, imported by their resolved
 * paths, so they load exactly as under tsx (native ones included); the workspace's own packages,
 * which resolve to their TypeScript sources, are bundled with the api.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { API_ENTRIES } from './api-entry';

const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Writes server.mjs and db-setup.mjs into `folder`. */
export async function bundleApi(folder: string): Promise<void> {
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(API_ENTRIES).map(([name, file]) => [name, join(APP_DIR, file)]),
    ),
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-from-node-modules',
        setup(bundle) {
          // A bare import that resolves into node_modules stays an import, of the resolved file.
          bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
            const resolved = await bundle.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              pluginData: 'resolving',
            });
            if (resolved.errors.length > 0) return { errors: resolved.errors };
            if (!resolved.path.includes('/node_modules/')) return undefined;
            return { path: pathToFileURL(resolved.path).href, external: true };
          });
          // A bundled file's import.meta.url stays its source's (config.ts finds the app's folder by it).
          bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return undefined;
            const url = JSON.stringify(pathToFileURL(args.path).href);
            return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
          });
        },
      },
    ],
  });
}

/** For a project's global setup: bundles into a new temporary folder, returns it and its removal. */
export async function bundleForRun(): Promise<{ folder: string; remove: () => void }> {
  const folder = mkdtempSync(join(tmpdir(), 'sentinel-api-bundle-'));
  await bundleApi(folder);
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
