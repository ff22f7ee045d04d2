/*
 * Every read and write of share_links and share_link_views, and the token: 32 random bytes
 * (256 bits) as base64url, of which only the SHA-256 is stored. A stolen database therefore opens
 * no link, and the public read finds a link by one lookup of the hash's unique index.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { shareLinkState, withSpeeds } from '@sentinel/domain';
import type { ReplayFix, ShareLink } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A new link's token, shown once to the staff member who made it. */
export function newShareLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token (and what a presented token is looked up by). */
export function shareLinkTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** "First Last" of a user's name columns, or null when the user is gone. */
export const personName = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : [first, last].filter((part) => part !== null).join(' ');

/** A staff member's name, as "First Last", or null when the user is gone. */
export async function userName(db: Db, userId: number): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select(['firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user ? personName(user.firstName, user.lastName) : null;
}

const staffName = (
  eb: ExpressionBuilder<Database, 'shareLinks'>,
  who: 'createdByUserId' | 'revokedByUserId',
  part: 'firstName' | 'lastName',
) => eb.selectFrom('users as staff').select(`staff.${part}`).whereRef('staff.id', '=', `shareLinks.${who}`);

const latestView = (eb: ExpressionBuilder<Database, 'shareLinks'>, column: 'viewedAt' | 'address') =>
  eb
    .selectFrom('shareLinkViews as view')
    .select(`view.${column}`)
    .whereRef('view.shareLinkId', '=', 'shareLinks.id')
    .orderBy('view.id', 'desc')
    .limit(1);

/** The links with who made and revoked them and their views (both by the views' index). */
function shareLinksFrom(db: Db) {
  return db.selectFrom('shareLinks').select((eb) => [
    'shareLinks.id',
    'shareLinks.alarmId',
    'shareLinks.vehicleId',
    'shareLinks.recipient',
    'shareLinks.createdAt',
    'shareLinks.expiresAt',
    'shareLinks.revokedAt',
    staffName(eb, 'createdByUserId', 'firstName').as('creatorFirstName'),
    staffName(eb, 'createdByUserId', 'lastName').as('creatorLastName'),
    staffName(eb, 'revokedByUserId', 'firstName').as('revokerFirstName'),
    staffName(eb, 'revokedByUserId', 'lastName').as('revokerLastName'),
    eb
      .selectFrom('shareLinkViews as counted')
      .select((count) => count.fn.countAll<number | string>().as('views'))
      .whereRef('counted.shareLinkId', '=', 'shareLinks.id')
      .as('viewCount'),
    latestView(eb, 'viewedAt').as('lastViewedAt'),
    latestView(eb, 'address').as('lastViewedAddress'),
  ]);
}

type ShareLinkRow = Awaited<ReturnType<ReturnType<typeof shareLinksFrom>['executeTakeFirstOrThrow']>>;

function toShareLink(row: ShareLinkRow, now: Date): ShareLink {
  const link = {
    id: row.id,
    alarmId: row.alarmId,
    vehicleId: row.vehicleId,
    recipient: row.recipient,
    createdDateTime: row.createdAt,
    createdBy: personName(row.creatorFirstName, row.creatorLastName),
    expiresDateTime: row.expiresAt,
    revokedDateTime: row.revokedAt,
    revokedBy: personName(row.revokerFirstName, row.revokerLastName),
    viewCount: Number(row.viewCount ?? 0),
    lastViewedDateTime: row.lastViewedAt,
    lastViewedAddress: row.lastViewedAddress,
  };
  return { ...link, state: shareLinkState(link, now) };
}

/** One link by id, as staff see it; the caller checks the scope through its alarm's vehicle. */
export async function findShareLink(db: Db, id: number, now = new Date()): Promise<ShareLink | undefined> {
  const row = await shareLinksFrom(db).where('shareLinks.id', '=', id).executeTakeFirst();
  return row && toShareLink(row, now);
}

/** The alarm's links, newest first (the share_links_alarm index). */
export async function listShareLinks(db: Db, alarmId: number, now = new Date()): Promise<ShareLink[]> {
  const rows = await shareLinksFrom(db)
    .where('shareLinks.alarmId', '=', alarmId)
    .orderBy('shareLinks.id', 'desc')
    .execute();
  return rows.map((row) => toShareLink(row, now));
}

export interface NewShareLink {
  alarmId: number;
  vehicleId: number;
  tokenHash: string;
  recipient: string;
  createdByUserId: number;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertShareLink(db: Db, link: NewShareLink): Promise<number> {
  const { id } = await db
    .insertInto('shareLinks')
    .values({
      alarmId: link.alarmId,
      vehicleId: link.vehicleId,
      tokenHash: link.tokenHash,
      recipient: link.recipient,
      createdByUserId: link.createdByUserId,
      createdAt: instant(link.createdAt),
      expiresAt: instant(link.expiresAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Revokes the link unless it already is; answers whether this call revoked it. */
export async function revokeShareLink(db: Db, id: number, userId: number, at: Date): Promise<boolean> {
  const revoked = await db
    .updateTable('shareLinks')
    .set({ revokedAt: instant(at), revokedByUserId: userId })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return revoked.numUpdatedRows > 0n;
}

/**
 * Ends every link of the alarm that still opens (resolving the alarm ends its sharing), and answers
 * those it ended. Links already expired or revoked stay as they are.
 */
export async function revokeOpenLinksOfAlarm(
  db: Db,
  alarmId: number,
  userId: number,
  at: Date,
): Promise<{ id: number; recipient: string }[]> {
  return db
    .updateTable('shareLinks')
    .set({ revokedAt: instant(at), revokedByUserId: userId })
    .where('alarmId', '=', alarmId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', instant(at))
    .returning(['id', 'recipient'])
    .execute();
}

/**
 * The link a presented token opens, with its vehicle and who made it, or undefined: one lookup of
 * the token_hash unique index, with expiry and revocation in the same statement, so an unknown, an
 * expired and a revoked token cost the same and answer the same.
 */
export function findOpenLink(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('shareLinks')
    .innerJoin('vehicles', 'vehicles.id', 'shareLinks.vehicleId')
    .leftJoin('users as staff', 'staff.id', 'shareLinks.createdByUserId')
    .select([
      'shareLinks.id',
      'shareLinks.vehicleId',
      'shareLinks.recipient',
      'shareLinks.expiresAt',
      'staff.firstName as creatorFirstName',
      'staff.lastName as creatorLastName',
      'vehicles.registrationNumber',
      'vehicles.make',
      'vehicles.model',
      'vehicles.vehicleColour',
      'vehicles.lastKnownGpsLatitudeDegrees',
      'vehicles.lastKnownGpsLongitudeDegrees',
      'vehicles.gpsDateTime',
    ])
    .where('shareLinks.tokenHash', '=', tokenHash)
    .where('shareLinks.revokedAt', 'is', null)
    .where('shareLinks.expiresAt', '>', instant(now))
    .executeTakeFirst();
}

/** One reading of the public page: when and from which address. */
export async function recordShareLinkView(
  db: Db,
  view: { shareLinkId: number; at: Date; address: string },
): Promise<void> {
  await db
    .insertInto('shareLinkViews')
    .values({ shareLinkId: view.shareLinkId, viewedAt: instant(view.at), address: view.address })
    .execute();
}

/**
 * The most fixes the public track holds: a fix a second for its 30 minutes. A device that sends
 * more keeps its newest, so the track always ends where the vehicle is.
 */
export const SHARED_TRACK_MAX_FIXES = 1_800;

/**
 * The vehicle's fixes since `from`, oldest first, with speeds: the newest SHARED_TRACK_MAX_FIXES,
 * read backwards along the position_fixes key (vehicle_id, at), as replay reads it forwards.
 */
export async function recentTrack(db: Db, vehicleId: number, from: Date): Promise<ReplayFix[]> {
  const newestFirst = await db
    .selectFrom('positionFixes')
    .select(['at', 'latitudeDegrees', 'longitudeDegrees'])
    .where('vehicleId', '=', vehicleId)
    .where('at', '>=', instant(from))
    .orderBy('at', 'desc')
    .limit(SHARED_TRACK_MAX_FIXES)
    .execute();
  return withSpeeds(newestFirst.reverse());
}
