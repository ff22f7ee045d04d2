/*
 * What a backup is checked against: every table's row count and a checksum of its rows, read in
 * pages through Kysely, by the same code on SQLite and PostgreSQL, for the backup (its manifest)
 * and for the database restored from it.
 *
 * The checksum is the sum (mod 2^256) of one SHA-256 digest per row, not a digest of the rows in
 * order: the order of text keys is the database's collation (binary on SQLite, the database's
 * locale on PostgreSQL, which a restore into another server may not share), and the checksum must
 * not change with it. A changed, missing, extra or repeated row changes the sum all the same.
 */
import { hash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';

export interface TableSummary {
  /** The table's name (schema-qualified on PostgreSQL outside `public`). */
  table: string;
  rows: number;
  /** 64 hex digits: the sum of the rows' SHA-256 digests, mod 2^256. */
  checksum: string;
}

/** Rows read per query: a page of the largest table stays a few megabytes. */
const PAGE_ROWS = 5_000;
const MOD = 1n << 256n;

type Row = Record<string, unknown>;

interface TableToRead {
  name: string;
  from: RawBuilder<unknown>;
  columns: string[];
  primaryKey: string[];
}

/** Every table's row count and checksum, by name; a transaction gives one consistent snapshot. */
export async function summariseTables(db: Kysely<Database>): Promise<TableSummary[]> {
  // Real column names, as the engines hold them: no camelCase on the way in or out.
  const raw = db.withoutPlugins() as unknown as Kysely<unknown>;
  const tables = await tablesOf(raw);
  const summaries: TableSummary[] = [];
  for (const table of tables) summaries.push(await summariseTable(raw, table));
  return summaries;
}

async function tablesOf(db: Kysely<unknown>): Promise<TableToRead[]> {
  const postgres = dialectOf(db).name === 'postgres';
  const found = await db.introspection.getTables({ withInternalKyselyTables: true });
  const tables: TableToRead[] = [];
  for (const { name, schema, isView, columns } of found) {
    if (isView) continue;
    const qualified = schema === undefined || schema === 'public' ? name : `${schema}.${name}`;
    tables.push({
      name: qualified,
      from: sql.table(qualified),
      // Sorted by name, so that the order columns were added in does not count.
      columns: columns.map((column) => column.name).sort(),
      primaryKey: postgres ? await postgresPrimaryKey(db, qualified) : await sqlitePrimaryKey(db, name),
    });
  }
  return tables.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function sqlitePrimaryKey(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
  return rows.map(({ name }) => name);
}

async function postgresPrimaryKey(db: Kysely<unknown>, table: string): Promise<string[]> {
  const quoted = table
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
  const { rows } = await sql<{ name: string }>`
    select a.attname as name
    from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${quoted}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)
  `.execute(db);
  return rows.map(({ name }) => name);
}

async function summariseTable(db: Kysely<unknown>, table: TableToRead): Promise<TableSummary> {
  const { name, from, columns, primaryKey } = table;
  const selected = sql.join(columns.map((column) => sql.ref(column)));
  // Without a primary key (none of the api's tables), every column orders the rows.
  const key = primaryKey.length > 0 ? primaryKey : columns;
  const keyList = sql.join(key.map((column) => sql.ref(column)));
  let sum = 0n;
  let rows = 0;
  let after: unknown[] | undefined;
  for (;;) {
    let page: Row[];
    if (primaryKey.length > 0) {
      // Keyset paging: each page starts from the primary key's index, however deep into the table.
      const where =
        after === undefined
          ? sql``
          : sql`where (${keyList}) > (${sql.join(after.map((value) => sql.val(value)))})`;
      page = (
        await sql<Row>`select ${selected} from ${from} ${where} order by ${keyList} limit ${sql.lit(PAGE_ROWS)}`.execute(
          db,
        )
      ).rows;
    } else {
      page = (
        await sql<Row>`select ${selected} from ${from} order by ${keyList} limit ${sql.lit(PAGE_ROWS)} offset ${sql.lit(rows)}`.execute(
          db,
        )
      ).rows;
    }
    for (const row of page) sum += rowDigest(columns, row);
    rows += page.length;
    if (page.length < PAGE_ROWS) break;
    const last = page[page.length - 1]!;
    after = key.map((column) => last[column]);
  }
  return { table: name, rows, checksum: (sum % MOD).toString(16).padStart(64, '0') };
}

/** One row's digest, from its values in column order, written alike whichever engine read them. */
function rowDigest(columns: readonly string[], row: Row): bigint {
  const values = columns.map((column) => canonical(row[column]));
  return BigInt(`0x${hash('sha256', JSON.stringify(values))}`);
}

/**
 * The api stores text, integers and doubles only (booleans as 0/1, instants as ISO text), which both
 * drivers hand back as strings and numbers (pg reads bigint as a number, see the database
 * package); bytes and bigints are written out so that they could never pass for one another.
 */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('hex') };
  if (value instanceof Date) return { instant: value.toISOString() };
  return value;
}
