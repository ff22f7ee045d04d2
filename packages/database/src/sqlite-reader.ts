/*
 * The reader: where a server runs its heavy reads (a list's page and count) so that they do not
 * hold its thread. better-sqlite3 runs a statement to its end on the calling thread, so a list
 * scanning 150,000 rows for a long filter would keep every other request waiting; on a SQLite file
 * the reader runs it instead on threads of its own (worker_threads, each with its own read-only
 * connection to the same file, which WAL lets read while the server writes). PostgreSQL already
 * does that work in its own processes, and a private database (':memory:', an image) is visible to
 * its one connection only, so there the reader is the database itself.
 */
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  QueryCompiler,
  QueryResult,
} from 'kysely';
import type { DatabaseOptions } from './connect';
import { dialectOf } from './dialect-of';
import { BUSY_TIMEOUT_MS, IN_MEMORY, STATEMENTS_KEPT } from './sqlite';

/** Two threads: a list's page and its count run side by side, as on PostgreSQL's pool. */
const READER_THREADS = 2;

const WORKER_FILE = new URL('./sqlite-reader-worker.mjs', import.meta.url);

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { name: string; message: string; code?: unknown };
}

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The SQLite error the statement raised in the reader's thread, as the server's own connection raises it. */
function errorOf({ name, message, code }: NonNullable<Answer['error']>): Error {
  if (typeof code === 'string') return new SQLite.SqliteError(message, code);
  const error = new Error(message);
  error.name = name;
  return error;
}

/** A BLOB crosses threads as a Uint8Array; the server's connection reads it as a Buffer. */
function withBuffers(rows: unknown[]): unknown[] {
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const record = row as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
        record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      }
    }
  }
  return rows;
}

/**
 * Up to `size` threads reading `databaseFile`, started when a query first needs one. A thread that
 * stops (crashed, or terminated) fails only its own pending queries; the next query starts another.
 * Idle threads do not keep the process alive.
 */
export class SqliteReaderThreads {
  readonly #databaseFile: string;
  readonly #size: number;
  readonly #threads: Thread[] = [];
  #nextId = 0;
  #closed = false;

  constructor(databaseFile: string, size: number = READER_THREADS) {
    this.#databaseFile = databaseFile;
    this.#size = size;
  }

  /** The running threads' workers (tests stop one to see the reader carry on). */
  get workers(): readonly Worker[] {
    return this.#threads.map((thread) => thread.worker);
  }

  /** The rows of one read-only statement, read on a thread of the reader. */
  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error('The database reader is closed.'));
    const thread = this.#pick();
    const id = this.#nextId++;
    return new Promise<unknown[]>((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, sql, parameters });
    });
  }

  /** Stops every thread; queries still pending fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const threads = this.#threads.splice(0);
    for (const thread of threads) this.#fail(thread, new Error('The database reader closed.'));
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  /** The least busy thread, or a new one while every thread is busy and there is room for one. */
  #pick(): Thread {
    let best: Thread | undefined;
    for (const thread of this.#threads) {
      if (best === undefined || thread.pending.size < best.pending.size) best = thread;
    }
    if (best !== undefined && (best.pending.size === 0 || this.#threads.length >= this.#size)) return best;
    return this.#start();
  }

  #start(): Thread {
    const worker = new Worker(WORKER_FILE, {
      workerData: {
        databaseFile: this.#databaseFile,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        statementsKept: STATEMENTS_KEPT,
      },
    });
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    this.#threads.push(thread);
    worker.on('message', ({ id, rows, error }: Answer) => {
      const pending = thread.pending.get(id);
      if (pending === undefined) return;
      thread.pending.delete(id);
      if (thread.pending.size === 0) worker.unref();
      if (error !== undefined) pending.reject(errorOf(error));
      else pending.resolve(withBuffers(rows ?? []));
    });
    // A thread that fails is let go, never the server: its queries fail with the reason.
    worker.on('error', (error) => {
      this.#retire(
        thread,
        new Error(`The database reader's thread failed: ${error.message}`, { cause: error }),
      );
    });
    worker.on('exit', (code) => {
      this.#retire(thread, new Error(`The database reader's thread stopped (exit code ${code}).`));
    });
    return thread;
  }

  #retire(thread: Thread, error: Error): void {
    const index = this.#threads.indexOf(thread);
    if (index !== -1) this.#threads.splice(index, 1);
    this.#fail(thread, error);
  }

  #fail(thread: Thread, error: Error): void {
    const pending = [...thread.pending.values()];
    thread.pending.clear();
    thread.worker.unref();
    for (const query of pending) query.reject(error);
  }
}

class ReaderConnection implements DatabaseConnection {
  readonly #threads: SqliteReaderThreads;

  constructor(threads: SqliteReaderThreads) {
    this.#threads = threads;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.#threads.run(compiledQuery.sql, compiledQuery.parameters);
    return { rows: rows as R[] };
  }

  // eslint-disable-next-line require-yield -- a generator that refuses at once, as the interface asks for one
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The database reader does not stream; read a page at a time.');
  }
}

const NO_TRANSACTIONS = 'The database reader runs single reads; open transactions on the database itself.';

class ReaderDriver implements Driver {
  readonly #threads: SqliteReaderThreads;
  readonly #connection: ReaderConnection;

  constructor(threads: SqliteReaderThreads) {
    this.#threads = threads;
    this.#connection = new ReaderConnection(threads);
  }

  init(): Promise<void> {
    return Promise.resolve();
  }

  // One connection object for every caller: the threads take the queries in turn.
  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(this.#connection);
  }

  beginTransaction(): Promise<void> {
    return Promise.reject(new Error(NO_TRANSACTIONS));
  }

  commitTransaction(): Promise<void> {
    return Promise.reject(new Error(NO_TRANSACTIONS));
  }

  rollbackTransaction(): Promise<void> {
    return Promise.reject(new Error(NO_TRANSACTIONS));
  }

  releaseConnection(): Promise<void> {
    return Promise.resolve();
  }

  destroy(): Promise<void> {
    return this.#threads.close();
  }
}

/** Kysely's SQLite dialect with its queries run on the reader's threads. */
export class SqliteReaderDialect implements Dialect {
  readonly #threads: SqliteReaderThreads;

  constructor(threads: SqliteReaderThreads) {
    this.#threads = threads;
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new ReaderDriver(this.#threads);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

// A WeakMap, so a database dropped without closing its reader does not stay reachable through it.
const readers = new WeakMap<object, Kysely<unknown>>();

/**
 * Opens the reader of `db` (opened with these options): on a SQLite file, a Kysely instance with
 * the same plugins whose queries run on threads of their own; elsewhere `db` itself. Only reads go
 * through it (it refuses writes and transactions). Destroy it when `db` closes; destroying `db`
 * itself is then still the caller's.
 */
export function openReader<DB>(db: Kysely<DB>, { databaseFile, databaseUrl }: DatabaseOptions): Kysely<DB> {
  if (databaseUrl !== undefined || databaseFile === IN_MEMORY || dialectOf(db).name !== 'sqlite') return db;
  const reader = new Kysely<DB>({
    dialect: new SqliteReaderDialect(new SqliteReaderThreads(databaseFile)),
    plugins: [...db.getExecutor().plugins],
  });
  readers.set(db, reader as Kysely<unknown>);
  return reader;
}

/**
 * Where to run a heavy read of `db`: its reader when openReader gave it one, else `db` itself. A
 * transaction always reads itself, so it sees its own uncommitted writes (no other connection can).
 */
export function readerOf<DB>(db: Kysely<DB>): Kysely<DB> {
  if (db.isTransaction) return db;
  return (readers.get(db) as Kysely<DB> | undefined) ?? db;
}
