/*
 * Every read and write of data_access_requests, and the download token: 32 random bytes (256 bits)
 * as base64url, of which only the SHA-256 is stored, as share links do. A stolen database therefore
 * opens no download, and the public route finds a request by one lookup of the hash's unique index.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { DataAccessRequest } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A new request's token, shown once, in the download URL of the answer to the Admin who asked. */
export function newDownloadToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token (and what a presented token is looked up by). */
export function downloadTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** True when the user exists and holds Account-Holder: only a holder's data is asked for. */
export async function isAccountHolder(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('userRoles.userId')
    .where('userRoles.userId', '=', userId)
    .where('roles.name', '=', ROLE.accountHolder)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewDataAccessRequest {
  subjectUserId: number;
  requestedByUserId: number;
  requestedAt: Date;
  expiresAt: Date;
  tokenHash: string;
  fixesFrom: string | null;
  fixesTo: string | null;
}

export async function insertDataAccessRequest(db: Db, request: NewDataAccessRequest): Promise<number> {
  const { id } = await db
    .insertInto('dataAccessRequests')
    .values({
      ...request,
      requestedAt: instant(request.requestedAt),
      expiresAt: instant(request.expiresAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** What a download needs of its request. */
export interface OpenDataAccessRequest {
  id: number;
  subjectUserId: number;
  requestedAt: string;
  expiresAt: string;
  fixesFrom: string | null;
  fixesTo: string | null;
}

/**
 * The request whose token hashes to `tokenHash`, if it has not expired at `now`: one indexed read,
 * the same whether the token is unknown or expired, so neither answer nor time tells them apart.
 */
export function findOpenRequest(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<OpenDataAccessRequest | undefined> {
  return db
    .selectFrom('dataAccessRequests')
    .select(['id', 'subjectUserId', 'requestedAt', 'expiresAt', 'fixesFrom', 'fixesTo'])
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', instant(now))
    .executeTakeFirst();
}

/** Counts one download of the request. */
export async function countDownload(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('dataAccessRequests')
    .set((eb) => ({ downloads: eb('downloads', '+', 1), lastDownloadedAt: instant(at) }))
    .where('id', '=', id)
    .execute();
}

/** The holder's requests, newest first, with the Admin who asked (never a token). */
export async function listDataAccessRequests(
  db: Db,
  subjectUserId: number,
  now: Date,
): Promise<DataAccessRequest[]> {
  const rows = await db
    .selectFrom('dataAccessRequests')
    .leftJoin('users as admin', 'admin.id', 'dataAccessRequests.requestedByUserId')
    .select([
      'dataAccessRequests.id',
      'dataAccessRequests.subjectUserId',
      'dataAccessRequests.requestedAt',
      'dataAccessRequests.expiresAt',
      'dataAccessRequests.fixesFrom',
      'dataAccessRequests.fixesTo',
      'dataAccessRequests.downloads',
      'dataAccessRequests.lastDownloadedAt',
      'admin.firstName',
      'admin.lastName',
    ])
    .where('dataAccessRequests.subjectUserId', '=', subjectUserId)
    .orderBy('dataAccessRequests.id', 'desc')
    .execute();
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    requestedBy: firstName === null || lastName === null ? null : `${firstName} ${lastName}`,
    state: row.expiresAt > instant(now) ? 'Active' : 'Expired',
    downloads: Number(row.downloads),
  }));
}
