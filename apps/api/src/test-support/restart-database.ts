/*
 * A database two apis open one after the other, for the tests that restart the api: a SQLite file
 * in a folder of its own, or on PostgreSQL a copy of the run's migrated template (what ':memory:'
 * gets) under a name both apis reach. Made before the tests of a describe, removed after them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { onServer } from '@sentinel/database';
import { PRIVATE_DATABASE_TEMPLATE_ENV } from '../db/database';

export interface RestartDatabase {
  databaseFile: string;
  databaseUrl?: string;
}

/** Registers the hooks; the returned object holds the database's options once beforeAll has run. */
export function restartDatabase(prefix: string): RestartDatabase {
  const database: RestartDatabase = { databaseFile: '' };
  let folder = '';
  let drop: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), `sentinel-${prefix}-`));
    if (process.env.SENTINEL_TEST_ENGINE === 'postgres') {
      const templateUrl = process.env[PRIVATE_DATABASE_TEMPLATE_ENV] ?? '';
      const template = new URL(templateUrl).pathname.slice(1);
      const name = `sentinel_${prefix}_${randomUUID().replaceAll('-', '')}`;
      await onServer(templateUrl, `create database ${name} template ${template}`);
      const url = new URL(templateUrl);
      url.pathname = `/${name}`;
      database.databaseUrl = url.href;
      drop = () => onServer(templateUrl, `drop database if exists ${name} with (force)`);
    } else {
      database.databaseFile = join(folder, 'sentinel.db');
    }
  });

  afterAll(async () => {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  });

  return database;
}
