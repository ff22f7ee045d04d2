// TypeScript project references, derived from the workspace's package.json dependencies. Every
// project is checked once, by one `tsc -b` at the root: a dependent reads its dependencies' emitted
// declarations instead of type-checking their sources again under its own options.
//
//   node scripts/typescript-references.mjs          rewrites the references (after a dependency change)
//   node scripts/typescript-references.mjs --check  exits 1 when a tsconfig's references are stale
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOOLING = 'tsconfig.tooling.json';

/** Every workspace project that has a tsconfig.json: its folder, name and workspace dependencies. */
export function workspaceProjects(rootDir = root) {
  const folders = ['packages', 'apps']
    .flatMap((group) =>
      existsSync(join(rootDir, group))
        ? readdirSync(join(rootDir, group)).map((name) => join(group, name))
        : [],
    )
    .concat(['deploy', 'e2e']);
  const projects = [];
  for (const folder of folders) {
    const manifest = join(rootDir, folder, 'package.json');
    if (!existsSync(manifest) || !existsSync(join(rootDir, folder, 'tsconfig.json'))) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    projects.push({ folder, name: pkg.name, dependencies });
  }
  return projects;
}

/** The references each tsconfig.json should have: the workspace dependencies, then the tooling. */
export function expectedReferences(projects) {
  const byName = new Map(projects.map((project) => [project.name, project]));
  const expected = new Map();
  for (const project of projects) {
    const paths = project.dependencies
      .filter((name) => byName.has(name))
      .map((name) => relative(project.folder, byName.get(name).folder))
      .sort();
    paths.push(relative(project.folder, TOOLING));
    expected.set(project.folder, paths);
  }
  return expected;
}

function rootReferences(projects) {
  return [TOOLING, ...projects.map((project) => project.folder).sort()];
}

function sameList(a, b) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function writeJson(file, value) {
  // One reference a line, as Prettier leaves an object written on one line.
  const text = JSON.stringify(value, null, 2).replace(/\{\s+("path": "[^"]+")\s+\}/g, '{ $1 }');
  writeFileSync(file, `${text}\n`);
}

/** The tsconfig files whose references differ from the package.json dependencies. */
export function staleConfigs(rootDir = root) {
  const projects = workspaceProjects(rootDir);
  const stale = [];
  for (const [folder, paths] of expectedReferences(projects)) {
    const config = readJson(join(rootDir, folder, 'tsconfig.json'));
    const actual = (config.references ?? []).map((reference) => reference.path);
    if (!sameList(actual, paths)) stale.push(join(folder, 'tsconfig.json'));
  }
  const rootConfig = readJson(join(rootDir, 'tsconfig.json'));
  const actualRoot = (rootConfig.references ?? []).map((reference) => reference.path);
  if (!sameList(actualRoot, rootReferences(projects))) stale.push('tsconfig.json');
  return stale;
}

function write(rootDir = root) {
  const projects = workspaceProjects(rootDir);
  for (const [folder, paths] of expectedReferences(projects)) {
    const file = join(rootDir, folder, 'tsconfig.json');
    const config = readJson(file);
    config.references = paths.map((path) => ({ path }));
    writeJson(file, config);
  }
  const file = join(rootDir, 'tsconfig.json');
  const config = readJson(file);
  config.references = rootReferences(projects).map((path) => ({ path }));
  writeJson(file, config);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = staleConfigs();
    if (stale.length > 0) {
      console.error(
        `TypeScript references differ from package.json dependencies in: ${stale.join(', ')}.\n` +
          'Run `node scripts/typescript-references.mjs` to rewrite them.',
      );
      process.exit(1);
    }
  } else {
    write();
  }
}
