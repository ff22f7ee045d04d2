/*
 * The api's entry points (`start`'s src/server.ts, `db:setup`'s src/db-setup.ts) bundled for the
 * tests that run them as processes of their own, by @sentinel/server-bundle (made again only when
 * their sources change). Under tsx every such process resolves and transforms the api's few hundred
 * source files again, which cost most of its start-up (about 5 s of CPU against 3.5 s from the
 * bundle); packages from node_modules stay outside the bundle and load exactly as under tsx.
 */
import { fileURLToPath } from 'node:url';
import { serverBundle } from '@sentinel/server-bundle';
import { API_ENTRIES } from './api-entry';
import type { ApiEntry } from './api-entry';

const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** For a project's global setup: the bundle of each entry, as the JSON that API_BUNDLE_ENV carries. */
export async function bundleForRun(): Promise<string> {
  const bundles: Partial<Record<ApiEntry, string>> = {};
  for (const [entry, file] of Object.entries(API_ENTRIES) as [ApiEntry, string][]) {
    bundles[entry] = await serverBundle(APP_DIR, file);
  }
  return JSON.stringify(bundles);
}
