/*
 * How the tests that run the api as a process of its own (`start`, `db:setup`) start it: from the
 * run's bundle (see api-bundle.ts) when the test project's setup made one, else through tsx.
 */
/** Holds the run's bundles (JSON, entry to file); unset, the entries run through tsx. */
export const API_BUNDLE_ENV = 'SENTINEL_API_BUNDLE';

export const API_ENTRIES = { server: 'src/server.ts', 'db-setup': 'src/db-setup.ts' } as const;
export type ApiEntry = keyof typeof API_ENTRIES;

/**
 * The arguments for `node` that run an entry as `pnpm start` or `pnpm db:setup` would (with the
 * app's folder as the working directory): the run's bundle when there is one, else tsx.
 */
export function apiEntryArgs(entry: ApiEntry): string[] {
  const bundles = process.env[API_BUNDLE_ENV];
  const bundle =
    bundles === undefined || bundles === ''
      ? undefined
      : (JSON.parse(bundles) as Partial<Record<ApiEntry, string>>)[entry];
  return bundle === undefined ? ['--import', 'tsx', API_ENTRIES[entry]] : [bundle];
}
