import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/*
 * Table types as the code sees them: camelCase here, snake_case in SQL (Kysely's CamelCasePlugin
 * maps between them). Flags are integers 0/1 and instants are ISO 8601 UTC strings so the same
 * rows read the same on SQLite and PostgreSQL; see the README's schema section.
 */

/** 0 or 1: SQLite has no boolean type and better-sqlite3 cannot bind JS booleans. */
export type Flag = 0 | 1;

/** An ISO 8601 UTC instant, e.g. 2025-01-31T08:00:00.000Z; sorts correctly as text. */
export type Instant = string;

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  firstName: string;
  lastName: string;
  phoneCode: ColumnType<string, string | undefined, string>;
  phoneNumber: string;
  idNumber: string | null;
  idNumberIsSouthAfrican: ColumnType<Flag, Flag | undefined, Flag>;
  passwordHash: string | null;
  tamperActive: ColumnType<Flag, Flag | undefined, Flag>;
  createdOnDateTime: Instant;
}

export interface UserRolesTable {
  userId: number;
  roleId: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  /** SHA-256 of the opaque token, base64url; the token itself is never stored. */
  tokenHash: string;
  /** Every token rotated from one sign-in shares this id, so a replay can revoke them all. */
  familyId: string;
  userId: number;
  createdAt: Instant;
  expiresAt: Instant;
  usedAt: Instant | null;
  revokedAt: Instant | null;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  userRoles: UserRolesTable;
  refreshTokens: RefreshTokensTable;
}

export type Role = Selectable<RolesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type RefreshToken = Selectable<RefreshTokensTable>;
