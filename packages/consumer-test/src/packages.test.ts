import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { PUBLISHED, envWithoutPackageManager, run, workspaceRoot } from './run';

const attw = join(workspaceRoot, 'packages', 'consumer-test', 'node_modules', '.bin', 'attw');

describe.each(PUBLISHED)('given @sentinel/%s packed with pnpm', (name) => {
  const tarball = inject('tarballs')[name];

  it('passes publint with no warnings', async () => {
    const bytes = await readFile(tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      level: 'warning',
    });
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([]);
  });

  it('has types that resolve for ESM consumers (are-the-types-wrong)', async () => {
    // ESM only: the packages ship no CommonJS build. A stylesheet has no types to check.
    const exclude = name === 'ui' ? ['--exclude-entrypoints', './styles.css'] : [];
    // attw exits non-zero on any problem the profile counts.
    await expect(run(attw, [tarball, '--profile', 'esm-only', ...exclude], workspaceRoot)).resolves.toContain(
      'node16 (from ESM)',
    );
  });

  it('refuses to be packed by npm, which would ship exports pointing at sources', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sentinel-npm-pack-'));
    try {
      await expect(
        run(
          'npm',
          ['pack', '--pack-destination', dir],
          join(workspaceRoot, 'packages', name),
          envWithoutPackageManager(),
        ),
      ).rejects.toThrow(/Pack and publish this package with pnpm/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
