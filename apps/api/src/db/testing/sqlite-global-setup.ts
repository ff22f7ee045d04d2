/*
 * Global setup of the test suite's SQLite project: a migrated and a seeded database, written once
 * as files that every test process copies into memory for its ':memory:' databases, instead of
 * migrating and seeding its own (see ready-database.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sqliteImage } from '../ready-database';
import type { TemplateHandOver } from '../ready-database';
import { bundleForRun } from '../../testing/api-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: string;
    apiBundle: string;
  }
}

export default async function setUpSqlite(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'sentinel-templates-'));
  const migrated = join(folder, 'migrated.db');
  const seeded = join(folder, 'seeded.db');
  const seededAt = new Date().toISOString();
  writeFileSync(migrated, await sqliteImage(false));
  writeFileSync(seeded, await sqliteImage(true));
  const handOver: TemplateHandOver = { seededAt, sqlite: { migrated, seeded } };
  project.provide('seededTemplate', JSON.stringify(handOver));
  project.provide('apiBundle', await bundleForRun());
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
