/*
 * A server entry of the workspace bundled into one ES module, so each process that runs it loads
 * one file instead of tsx resolving and compiling a whole server again: the test host cost about
 * 6.8 s of CPU to start under tsx and 2.7 s from its bundle, and every test run starts several
 * hosts and test-runners. The bundle holds only the workspace's own sources, compiled by the same
 * esbuild tsx runs on; packages from node_modules stay imports, of the files tsx would have
 * loaded, so they (native ones included) load exactly as before. Bundles are kept in
 * node_modules/.cache and made again when any of their sources changed.
 */
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PluginBuild } from 'esbuild';

/** Where the sources of the last bundle stood, to tell whether it is still theirs. */
interface Manifest {
  esbuild: string;
  file: string;
  inputs: Record<string, string>;
}

const made = new Map<string, Promise<string>>();

/** A file's size and modification time, or '' when it is gone. */
function stamp(file: string): string {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${size}:${mtimeMs}`;
  } catch {
    return '';
  }
}

function current(manifestFile: string, version: string): string | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.esbuild !== version || stamp(manifest.file) === '') return undefined;
  for (const [file, was] of Object.entries(manifest.inputs)) if (stamp(file) !== was) return undefined;
  return manifest.file;
}

/**
 * The path of a bundle of `entry` (a TypeScript file in `folder`), made now unless the cached one
 * was made from the sources as they are. Run it with `folder` as the working directory.
 */
export function serverBundle(folder: string, entry: string): Promise<string> {
  const source = resolve(folder, entry);
  let bundle = made.get(source);
  if (bundle === undefined) {
    bundle = makeBundle(folder, source);
    made.set(source, bundle);
    bundle.catch(() => made.delete(source));
  }
  return bundle;
}

async function makeBundle(folder: string, source: string): Promise<string> {
  // Loaded when first needed: jsdom test files import the packages that start servers too.
  const { build, version } = await import('esbuild');
  // Computed here: under jsdom (a test file that imports this package) import.meta.url is no file.
  const cache = fileURLToPath(new URL('../node_modules/.cache/server-bundles/', import.meta.url));
  const dir = join(cache, createHash('sha1').update(source).digest('hex').slice(0, 16));
  const manifestFile = join(dir, 'manifest.json');
  const cached = current(manifestFile, version);
  if (cached !== undefined) return cached;

  mkdirSync(dir, { recursive: true });
  // Another process may be bundling the same entry: each writes files of its own, then renames.
  const unique = `${process.pid}-${Date.now()}`;
  const file = join(dir, `server-${unique}.mjs`);
  const packages = new Set<string>();
  const { metafile } = await build({
    absWorkingDir: folder,
    entryPoints: [source],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Node's own conditions only: esbuild's default adds bundlers' `module`, whose files (such as
    // @opentelemetry/api's build/esm) Node cannot import as they stand.
    conditions: ['node'],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // For a `require` of the workspace's sources; packages from node_modules are imports.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'workspace-sources-only',
        setup: (bundle: PluginBuild) => workspaceSourcesOnly(bundle, packages),
      },
    ],
  });
  const inputs: Record<string, string> = {};
  // A package's files count too: after an install moved or replaced one, the bundle's import of it
  // would fail.
  for (const imported of packages) inputs[imported] = stamp(imported);
  for (const input of Object.keys(metafile.inputs)) {
    const path = resolve(folder, input);
    inputs[path] = stamp(path);
  }
  const manifest: Manifest = { esbuild: version, file, inputs };
  writeFileSync(`${manifestFile}.${unique}`, JSON.stringify(manifest));
  renameSync(`${manifestFile}.${unique}`, manifestFile);
  removeOldBundles(dir, file);
  return file;
}

function workspaceSourcesOnly(bundle: PluginBuild, packages: Set<string>): void {
  // A bare import that resolves into node_modules stays an import, of the file it resolved to.
  bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
    if (args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
    const resolved = await bundle.resolve(args.path, {
      kind: args.kind,
      resolveDir: args.resolveDir,
      pluginData: 'resolving',
    });
    if (resolved.errors.length > 0) return { errors: resolved.errors };
    if (!resolved.path.includes('/node_modules/')) return undefined;
    packages.add(resolved.path);
    return { path: pathToFileURL(resolved.path).href, external: true };
  });
  // A bundled file's import.meta.url stays its source's (the servers find their folders by it).
  bundle.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
    const text = await readFile(args.path, 'utf8');
    if (!text.includes('import.meta.url')) return undefined;
    return {
      contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    };
  });
}

/** Bundles this entry replaced an hour ago or more: no process still starts from them. */
function removeOldBundles(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!name.startsWith('server-') || path === keep || path === `${keep}.map`) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > 3_600_000) unlinkSync(path);
    } catch {
      // Another process removed it first.
    }
  }
}
