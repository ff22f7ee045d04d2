/*
 * Queries built once and run many times. Kysely builds a query's tree, runs it through the
 * CamelCase plugin and compiles it to SQL on every call; for the one-row statements a device
 * report runs thousands of times a second that costs more than the database's own work. Here the
 * query is built with named placeholders, compiled once per dialect, and each run only swaps in
 * its values.
 */
import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult } from 'kysely';
import type { Database } from '../db/schema';

/** Stands for a value given at run time; no real value starts with a NUL. */
const PLACEHOLDER = '\u0000prepared:';

export type PreparedQuery<Names extends string, Row> = (
  db: Kysely<Database>,
  values: Readonly<Record<Names, unknown>>,
) => Promise<QueryResult<Row>>;

/**
 * `names` are the values given at run time; `build` receives `param(name)`, which stands for one
 * of them (typed `never` so it fits any column); every other value stays as built. Compiled on first use with
 * each database dialect; a transaction runs it on its own connection.
 */
export function preparedQuery<const Names extends string, Row>(
  names: readonly Names[],
  build: (db: Kysely<Database>, param: (name: Names) => never) => Compilable<Row>,
): PreparedQuery<Names, Row> {
  const compiled = new WeakMap<DialectAdapter, { query: CompiledQuery<Row>; slots: (Names | undefined)[] }>();

  function compile(db: Kysely<Database>) {
    const query = build(db, (name) => `${PLACEHOLDER}${name}` as never).compile();
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER)
        ? (value.slice(PLACEHOLDER.length) as Names)
        : undefined,
    );
    for (const name of names) {
      if (!slots.includes(name)) throw new Error(`The prepared query lost its parameter ${name}.`);
    }
    return { query, slots };
  }

  return (db, values) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (entry === undefined) {
      entry = compile(db);
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((name, index) =>
      name === undefined ? query.parameters[index] : values[name],
    );
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
