/* Every read of the audit log; entries are written only through recordAudit. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AuditEntry, AuditListField, ListQuery } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';

const AUDIT_FIELDS = {
  id: { type: 'number', expression: sql.ref('auditLog.id') },
  dateTime: { type: 'dateTime', expression: sql.ref('auditLog.occurredAt') },
  userId: { type: 'number', expression: sql.ref('auditLog.userId') },
  userEmail: { type: 'string', expression: sql.ref('auditLog.userEmail') },
  action: { type: 'string', expression: sql.ref('auditLog.action') },
  targetType: { type: 'string', expression: sql.ref('auditLog.targetType') },
  targetId: { type: 'string', expression: sql.ref('auditLog.targetId') },
  subjectUserId: { type: 'number', expression: sql.ref('auditLog.subjectUserId') },
} satisfies FieldMap<AuditListField>;

function parseDetail(detail: string | null): Record<string, unknown> | null {
  if (detail === null) return null;
  const value: unknown = JSON.parse(detail);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The names of the holders a page's entries are about, read now rather than kept in the entry:
 * the Admin reads who it was without opening the account (which would itself be a view), and an
 * erasure that replaces the name leaves none behind in the log.
 */
async function subjectNames(
  reader: Kysely<Database>,
  subjectUserIds: readonly (number | null)[],
): Promise<Map<number, string>> {
  const ids = [...new Set(subjectUserIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await reader
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName'])
    .where('id', 'in', ids)
    .execute();
  return new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`]));
}

/** A page of audit entries for the OData query, newest first unless $orderby says otherwise. */
export async function listAuditLog(db: Kysely<Database>, query: ListQuery): Promise<PagedList<AuditEntry>> {
  const list = compileListQuery(AUDIT_FIELDS, query, { order: 'dateTime desc', id: sql.ref('auditLog.id') });
  let base = db.selectFrom('auditLog');
  if (list.where) base = base.where(list.where);
  return runPagedList(
    db,
    base,
    list,
    (page) =>
      page.select([
        'auditLog.id',
        'auditLog.occurredAt',
        'auditLog.userId',
        'auditLog.userEmail',
        'auditLog.ipAddress',
        'auditLog.userAgent',
        'auditLog.action',
        'auditLog.targetType',
        'auditLog.targetId',
        'auditLog.detail',
        'auditLog.subjectUserId',
      ]),
    async (rows, reader) => {
      const names = await subjectNames(
        reader,
        rows.map((row) => row.subjectUserId),
      );
      return rows.map((row) => ({
        id: row.id,
        dateTime: row.occurredAt,
        userId: row.userId,
        userEmail: row.userEmail,
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        detail: parseDetail(row.detail),
        subjectUserId: row.subjectUserId,
        subjectName: row.subjectUserId === null ? null : (names.get(row.subjectUserId) ?? null),
      }));
    },
  );
}
