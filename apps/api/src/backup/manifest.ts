/*
 * The manifest written beside every backup: what the backup file must be (size, SHA-256) and what
 * a database restored from it must hold (each table's rows and checksum, see table-summary.ts).
 * A restore refuses a file that does not match it, and compares the restored database with it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { TableSummary } from './table-summary';

export type BackupEngine = 'sqlite' | 'postgres';

export interface BackupManifest {
  /** Changes when the manifest's meaning does. */
  format: 1;
  engine: BackupEngine;
  /** When the backup's snapshot was taken (ISO 8601 UTC). */
  takenAt: string;
  /** The database backed up: a SQLite file, or a PostgreSQL URL without its password. */
  source: string;
  /** The backup file's name, in the same folder as the manifest. */
  file: string;
  bytes: number;
  sha256: string;
  tables: TableSummary[];
}

export const MANIFEST_FORMAT = 1;

/** Raised when a backup cannot be restored as it is: the message says why, for an operator. */
export class BackupRefused extends Error {
  override readonly name = 'BackupRefused';
}

export function manifestFileOf(backupFile: string): string {
  return `${backupFile}.manifest.json`;
}

export async function writeManifest(file: string, manifest: BackupManifest): Promise<void> {
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export function readManifest(backupFile: string): BackupManifest {
  const file = manifestFileOf(backupFile);
  if (!existsSync(file)) {
    throw new BackupRefused(
      `No manifest beside ${backupFile} (expected ${basename(file)}): a backup is restored only with the ` +
        'manifest written with it, which says what it must contain. Copy both files together.',
    );
  }
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupRefused(`The manifest ${file} is not valid JSON: it is damaged.`);
  }
  if (
    manifest.format !== MANIFEST_FORMAT ||
    (manifest.engine !== 'sqlite' && manifest.engine !== 'postgres') ||
    typeof manifest.bytes !== 'number' ||
    typeof manifest.sha256 !== 'string' ||
    !Array.isArray(manifest.tables)
  ) {
    throw new BackupRefused(
      `The manifest ${file} is not a Sentinel backup manifest (format ${MANIFEST_FORMAT}).`,
    );
  }
  return manifest as BackupManifest;
}

/** The file's size and SHA-256, read as a stream (a backup may be larger than memory). */
export async function digestOf(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    hash.update(buffer);
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Refuses a backup file that is not the one its manifest describes: cut short, or changed. */
export async function checkBackupFile(backupFile: string, manifest: BackupManifest): Promise<void> {
  if (!existsSync(backupFile)) throw new BackupRefused(`No backup file at ${backupFile}.`);
  const { bytes, sha256 } = await digestOf(backupFile);
  if (bytes !== manifest.bytes) {
    throw new BackupRefused(
      `The backup ${backupFile} is ${bytes.toLocaleString('en-US')} bytes where its manifest says ` +
        `${manifest.bytes.toLocaleString('en-US')}: it is ${bytes < manifest.bytes ? 'truncated (cut short)' : 'not the file backed up'}. ` +
        'Nothing was restored; use another backup.',
    );
  }
  if (sha256 !== manifest.sha256) {
    throw new BackupRefused(
      `The backup ${backupFile} does not match its manifest (SHA-256 ${sha256}, expected ${manifest.sha256}): ` +
        'it is corrupted. Nothing was restored; use another backup.',
    );
  }
}
