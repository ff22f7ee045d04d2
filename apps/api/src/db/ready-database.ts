/*
 * The api's database as build() opens it: migrated, with its roles, and with the demo data when
 * asked. A file or a DATABASE_URL is migrated and seeded in place, as always. A private database
 * (':memory:', what every test's api opens) starts instead as a copy of a template that was
 * migrated and seeded once: migrating takes about 0.4 s and seeding (hashing the demo passwords,
 * a week of trips) as much again, while a copy takes milliseconds. The template is made once per
 * process, or once per test run when the suite's setup hands one over (SEEDED_TEMPLATE_ENV).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import type { Dialect } from 'kysely';
import { connectPrivatePostgres, connectSqlite, onServer } from '@sentinel/database';
import { johannesburgDate } from '@sentinel/domain';
import { createDatabase, IN_MEMORY, PRIVATE_DATABASE_TEMPLATE_ENV, SEEDED_TEMPLATE_ENV } from './database';
import type { DatabaseOptions } from './database';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';
import { seedDemoData, seedRoles } from './seed';

export interface ReadyDatabaseOptions extends DatabaseOptions {
  /** Add the demo data that is missing. */
  seed: boolean;
}

/** What SEEDED_TEMPLATE_ENV holds, as JSON. */
export interface TemplateHandOver {
  /** When the demo data was seeded (ISO 8601). */
  seededAt: string;
  /** SQLite: files holding the migrated and the seeded database. */
  sqlite?: { migrated: string; seeded: string };
  /** PostgreSQL: the URL of a seeded template database on the run's server. */
  postgres?: string;
}

/**
 * The demo data's week of trips ends at the moment it was seeded: a copy stays as good as a fresh
 * seed for a few minutes, and only on the same Johannesburg day (the week's last day).
 */
const SEEDED_TEMPLATE_LIFETIME_MS = 10 * 60_000;

function fresh(seededAt: number): boolean {
  const now = new Date();
  return (
    now.getTime() - seededAt < SEEDED_TEMPLATE_LIFETIME_MS &&
    johannesburgDate(now) === johannesburgDate(new Date(seededAt))
  );
}

async function prepare(db: Kysely<Database>, seed: boolean): Promise<void> {
  await migrateToLatest(db);
  await seedRoles(db);
  if (seed) await seedDemoData(db);
}

/** The database the options name, migrated, with its roles and (when asked) the demo data. */
export async function openReadyDatabase(options: ReadyDatabaseOptions): Promise<Kysely<Database>> {
  if (options.databaseUrl === undefined && options.databaseFile === IN_MEMORY) {
    const copy = await copyOfTemplate(options.seed);
    if (copy !== undefined) return copy;
  }
  const db = createDatabase(options);
  try {
    await prepare(db, options.seed);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

const withCamelCase = (dialect: Dialect) =>
  new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });

interface Template {
  seededAt: number;
  open(): Kysely<Database>;
}

const templates = new Map<string, Promise<Template>>();

/** A private copy of the template, or undefined where ':memory:' already is one (unseeded PostgreSQL). */
async function copyOfTemplate(seed: boolean): Promise<Kysely<Database> | undefined> {
  const migratedTemplateUrl = process.env[PRIVATE_DATABASE_TEMPLATE_ENV];
  const onPostgres = migratedTemplateUrl !== undefined && migratedTemplateUrl !== '';
  // PostgreSQL's ':memory:' is already a copy of the migrated template.
  if (onPostgres && !seed) return undefined;
  const key = `${onPostgres ? 'postgres' : 'sqlite'}:${seed ? 'seeded' : 'migrated'}`;
  let template = templates.get(key);
  if (template !== undefined) {
    const made = await template.catch(() => undefined);
    if (made === undefined || (seed && !fresh(made.seededAt))) template = undefined;
  }
  if (template === undefined) {
    template = onPostgres ? postgresTemplate(migratedTemplateUrl) : sqliteTemplate(seed);
    templates.set(key, template);
  }
  return (await template).open();
}

function handedOver(): TemplateHandOver | undefined {
  const json = process.env[SEEDED_TEMPLATE_ENV];
  if (json === undefined || json === '') return undefined;
  const handOver = JSON.parse(json) as TemplateHandOver;
  return fresh(Date.parse(handOver.seededAt)) ? handOver : undefined;
}

async function sqliteTemplate(seed: boolean): Promise<Template> {
  const handOver = handedOver()?.sqlite;
  if (handOver !== undefined) {
    const image = readFileSync(seed ? handOver.seeded : handOver.migrated);
    const seededAt = Date.parse(handedOver()!.seededAt);
    return { seededAt, open: () => withCamelCase(connectSqlite(image)) };
  }
  const seededAt = Date.now();
  const image = await sqliteImage(seed);
  return { seededAt, open: () => withCamelCase(connectSqlite(image)) };
}

/** The bytes of a new SQLite database, migrated and (when asked) seeded. */
export async function sqliteImage(seed: boolean): Promise<Buffer> {
  const folder = mkdtempSync(join(tmpdir(), 'sentinel-template-'));
  const db = withCamelCase(connectSqlite(IN_MEMORY));
  try {
    await prepare(db, seed);
    const file = join(folder, 'template.db');
    await sql`vacuum into ${sql.lit(file)}`.execute(db);
    return readFileSync(file);
  } finally {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function postgresTemplate(migratedTemplateUrl: string): Promise<Template> {
  const handOver = handedOver();
  if (handOver?.postgres !== undefined) {
    const url = handOver.postgres;
    return {
      seededAt: Date.parse(handOver.seededAt),
      open: () => withCamelCase(connectPrivatePostgres(url)),
    };
  }
  const seededAt = Date.now();
  const url = await seededPostgresTemplate(migratedTemplateUrl);
  return { seededAt, open: () => withCamelCase(connectPrivatePostgres(url)) };
}

/**
 * A new database on the server of migratedTemplateUrl, copied from it and seeded, to be copied in
 * turn: its connections are closed before it returns, as nobody may be connected to a template.
 */
export async function seededPostgresTemplate(migratedTemplateUrl: string): Promise<string> {
  const template = decodeURIComponent(new URL(migratedTemplateUrl).pathname.slice(1));
  const name = `sentinel_seeded_${randomUUID().replaceAll('-', '')}`;
  await onServer(migratedTemplateUrl, `create database "${name}" template "${template}"`);
  const url = new URL(migratedTemplateUrl);
  url.pathname = `/${name}`;
  const db = createDatabase({ databaseFile: '', databaseUrl: url.href });
  try {
    await prepare(db, true);
  } finally {
    await db.destroy();
  }
  return url.href;
}
