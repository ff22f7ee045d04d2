/*
 * A thread of the SQLite reader (sqlite-reader.ts): its own read-only connection to the database
 * file, running one compiled query at a time off the server's thread and answering its rows or its
 * error. Plain JavaScript that needs only better-sqlite3, so it loads the same under tsx, vitest,
 * a bundled server and plain node, with no TypeScript loader in the thread.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/*
 * This thread yields the CPU to the server's own: on a busy machine a long read waits a little
 * longer, while /health, telemetry and the live hub do not wait for it. Linux gives each thread a
 * nice value of its own (setpriority on the thread's id); elsewhere the thread keeps the server's.
 */
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(threadId, Math.min(19, getPriority(threadId) + 10));
} catch {
  // No per-thread priority here: the reader still runs off the server's thread.
}

/** @type {{ databaseFile: string, busyTimeoutMs: number, statementsKept: number }} */
const { databaseFile, busyTimeoutMs, statementsKept } = workerData;

// Read-only twice over: the file is opened so, and query_only refuses any write a statement asks.
const database = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
database.pragma('query_only = ON');
database.pragma(`busy_timeout = ${Number(busyTimeoutMs)}`);

/**
 * Prepared statements by SQL text, least recently used dropped first: the same cache as the main
 * connection's (withStatementCache in sqlite.ts), as preparing costs more than a small read.
 * @type {Map<string, import('better-sqlite3').Statement>}
 */
const statements = new Map();

function prepare(text) {
  let statement = statements.get(text);
  if (statement === undefined) {
    statement = database.prepare(text);
    if (statements.size >= statementsKept) statements.delete(statements.keys().next().value);
  } else {
    statements.delete(text);
  }
  statements.set(text, statement);
  return statement;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepare(sql);
    if (!statement.reader) throw new TypeError('The reader runs only statements that return rows.');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    // The error's class does not cross threads; its name, message and SQLite code do.
    const { name = 'Error', message = String(error), code } = error instanceof Error ? error : {};
    parentPort.postMessage({ id, error: { name, message, code } });
  }
});
