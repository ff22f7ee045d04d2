import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditEntrySchema, AuditPageSchema, AUDIT_ACTIONS } from '@sentinel/domain';
import { routePlugin } from '../plugins/route-plugin';
import { ListAnswers, ListQuerystring } from '../routes/schemas';
import { listAuditLog } from './audit-queries';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AuditEntrySchema);
  app.get(
    '/AuditLog',
    {
      schema: {
        tags: ['Audit'],
        summary: 'List the audit log (Admin only), with the OData subset; newest first',
        description:
          'Filter fields: id, dateTime, userId, userEmail, action, targetType, targetId, subjectUserId. ' +
          `Actions: ${AUDIT_ACTIONS.join(', ')}. ` +
          "e.g. action eq 'SignInFailed' and dateTime ge 2025-11-01T00:00:00Z and dateTime lt 2025-11-02T00:00:00Z.",
        security: [{ bearer: [] }],
        querystring: ListQuerystring,
        response: ListAnswers(AuditPageSchema),
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );
};

/** The audit log: read by Admins only (registered inside the admins group). */
export const auditRoutes = routePlugin('audit', routes);
