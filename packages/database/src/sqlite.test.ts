import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './index';

const modeOf = (path: string): number => statSync(path).mode & 0o777;

let dir: string;
let umask: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sentinel-sqlite-mode-'));
  // The most open umask a host may have: whatever is created, only our own modes narrow it.
  umask = process.umask(0);
});

afterEach(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

/** Opens the database, writes a row (which creates the -wal file) and leaves it open. */
async function openAndWrite(databaseFile: string) {
  const db = openDatabase<{ probes: { name: string } }>({ databaseFile });
  await sql`create table if not exists probes (name text)`.execute(db);
  await db.insertInto('probes').values({ name: 'written' }).execute();
  return db;
}

describe('the SQLite file and its folder', () => {
  it('are created readable by their owner only, and so is the -wal file after a write', async () => {
    const folder = join(dir, 'data');
    const databaseFile = join(folder, 'sentinel.db');
    const db = await openAndWrite(databaseFile);
    try {
      expect(modeOf(folder)).toBe(0o700);
      expect(modeOf(databaseFile)).toBe(0o600);
      expect(modeOf(`${databaseFile}-wal`)).toBe(0o600);
      expect(modeOf(`${databaseFile}-shm`)).toBe(0o600);
    } finally {
      await db.destroy();
    }
  });

  it('are narrowed to their owner when an existing file was readable by others, keeping its data', async () => {
    const databaseFile = join(dir, 'sentinel.db');
    const first = await openAndWrite(databaseFile);
    await first.destroy();
    chmodSync(databaseFile, 0o644);
    writeFileSync(`${databaseFile}-wal`, '');
    chmodSync(`${databaseFile}-wal`, 0o666);

    const again = await openAndWrite(databaseFile);
    try {
      expect(modeOf(databaseFile)).toBe(0o600);
      expect(modeOf(`${databaseFile}-wal`)).toBe(0o600);
      expect(await again.selectFrom('probes').select('name').execute()).toEqual([
        { name: 'written' },
        { name: 'written' },
      ]);
    } finally {
      await again.destroy();
    }
  });
});
