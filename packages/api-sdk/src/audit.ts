import { AuditPageSchema } from '@sentinel/domain';
import type { AuditEntry, AuditListFields, Page } from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';

export interface AuditApi {
  /**
   * GET /AuditLog (Admin only), newest first, with an OData query, e.g. one user's failed
   * sign-ins in a day: `and(eq<AuditListFields>('action', 'SignInFailed'), eq('userId', 3),
   * ge('dateTime', from), lt('dateTime', to))`.
   */
  list(query?: ODataQuery<AuditListFields>): Promise<Page<AuditEntry>>;
}

export function createAuditApi(caller: Pick<Caller, 'callAuthorised'>): AuditApi {
  return {
    list: (query) =>
      caller.callAuthorised(
        { method: 'get', path: 'AuditLog', searchParams: odataParams(query) },
        AuditPageSchema,
      ),
  };
}
