// Vitest global set-up: builds the three published packages and packs them with pnpm, once, into a
// temporary folder; the tests read the tarballs' paths from `inject('tarballs')`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PUBLISHED, pnpm, run, workspaceRoot } from './run';
import type { Published } from './run';

declare module 'vitest' {
  export interface ProvidedContext {
    tarballs: Record<Published, string>;
  }
}

const REQUIRED_FILES = ['package/dist/index.js', 'package/dist/index.d.ts'];

async function buildAndPack(name: Published, dir: string): Promise<string> {
  const packageDir = join(workspaceRoot, 'packages', name);
  // The checkout is shared: another build may clean dist/ between ours and the pack, so the
  // tarball is checked and the pair repeated if it came out incomplete.
  for (let attempt = 1; ; attempt += 1) {
    // tsup only: the kit's full build also builds Storybook, which the package does not ship.
    await pnpm(['exec', 'tsup'], packageDir);
    const out = await pnpm(['pack', '--pack-destination', dir], packageDir);
    const tarball = out.trim().split('\n').at(-1)?.trim() ?? '';
    const files = (await run('tar', ['tzf', tarball], dir)).split('\n');
    if (REQUIRED_FILES.every((file) => files.includes(file))) return tarball;
    if (attempt === 3)
      throw new Error(`${tarball} lacks ${REQUIRED_FILES.join(' or ')} after ${attempt} builds`);
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'sentinel-packs-'));
  const tarballs = {} as Record<Published, string>;
  // Side by side: each build reads only its own package's sources and writes its own dist/.
  await Promise.all(
    PUBLISHED.map(async (name) => {
      tarballs[name] = await buildAndPack(name, dir);
    }),
  );
  project.provide('tarballs', tarballs);
  return () => rm(dir, { recursive: true, force: true });
}
