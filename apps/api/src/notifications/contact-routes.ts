/*
 * An account holder's escalation contacts and notification preferences, read and replaced by staff
 * from View account. Staff only (the route group answers 403 to an account holder's token); the
 * user must be an account holder inside the caller's scope, else 404 as for an unknown id. Each
 * list is checked with the domain's rules before the schema (the form's words, keyed
 * Contacts[i].PhoneNumber or QuietFrom), replaced whole in one transaction with its audit entry.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  EscalationContactListSchema,
  EscalationContactsRequestSchema,
  escalationContactsErrors,
  normaliseEscalationContacts,
  normaliseNotificationPreferences,
  NotificationPreferencesSchema,
  notificationPreferencesErrors,
} from '@sentinel/domain';
import type { EscalationContact, EscalationContactDraft } from '@sentinel/domain';
import { scopeOf } from '../access/scope';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, isUniqueViolation } from '../db/database';
import { ApiError, notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { recordView } from '../privacy/record-view';
import { IdParams } from '../routes/schemas';
import {
  findNotificationPreferences,
  isHolderInScope,
  listEscalationContacts,
  replaceEscalationContacts,
  saveNotificationPreferences,
} from './contact-queries';

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const textsOf = (value: unknown) =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : '')) : undefined;

/** The contacts of a body as the domain's rules read them, whatever the body holds. */
function contactDraftsOf(body: unknown): EscalationContactDraft[] | undefined {
  const contacts = fieldsOf(body)['contacts'];
  if (!Array.isArray(contacts)) return undefined;
  return contacts.map((item) => {
    const contact = fieldsOf(item);
    return {
      name: textOf(contact['name']),
      phoneCode: textOf(contact['phoneCode']),
      phoneNumber: textOf(contact['phoneNumber']),
      email: contact['email'] === null ? null : textOf(contact['email']),
    };
  });
}

/** A contact as its audit entry names it: 'Sipho Nkosi +27825550101' (no e-mail, to keep it short). */
const auditName = (contact: EscalationContact) =>
  `${contact.name} +${contact.phoneCode}${contact.phoneNumber}`;

const WHO =
  "Staff: Admin and Technical-Agent any account holder, a Company-Admin their companies' holders; " +
  '404 for any other user, as for an unknown id.';

const Answers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** 404 unless the user is an account holder the caller may see. */
  const requireHolder = async (request: FastifyRequest, userId: number) => {
    if (!(await isHolderInScope(app.db, await scopeOf(app.db, request.user!), userId))) {
      throw notFound(`Account holder ${userId} was not found.`);
    }
  };

  app.get(
    '/Users/:id/EscalationContacts',
    {
      schema: {
        tags: ['Users'],
        summary: "An account holder's escalation contacts, in the order they are told",
        description:
          "When nobody on the staff acknowledges an alarm in time, its holder's contacts are told one by " +
          `one, position 1 first. ${WHO}`,
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: EscalationContactListSchema, ...Answers },
      },
    },
    async (request) => {
      const userId = request.params.id;
      await requireHolder(request, userId);
      const contacts = await listEscalationContacts(app.db, userId);
      await recordView(app.db, request, { subjectUserId: userId, what: 'EscalationContacts' });
      return { userId, contacts };
    },
  );

  app.put(
    '/Users/:id/EscalationContacts',
    {
      schema: {
        tags: ['Users'],
        summary: "Replace an account holder's escalation contacts with this list, in this order",
        description:
          "At most 5; each has a name, a cellphone (the holder's own phone rules: a whole number of its " +
          'country code, 27 when none is given) and optionally an e-mail address; no cellphone twice. ' +
          '400 with field errors at Contacts and Contacts[i].Name, .PhoneCode, .PhoneNumber, .Email ' +
          `(i from 0, the list's order), nothing saved. Answers the list as stored. Audited. ${WHO}`,
        security: [{ bearer: [] }],
        params: IdParams,
        body: EscalationContactsRequestSchema,
        response: { 200: EscalationContactListSchema, ...Answers, 409: ProblemDetailsRef },
      },
      // The domain's words for a wrong list (a sixth contact, a number that is none), before the schema's.
      preValidation: async (request) => {
        const errors = escalationContactsErrors(contactDraftsOf(request.body));
        if (errors) throw new ApiError('validation', errors);
      },
    },
    async (request) => {
      const userId = request.params.id;
      await requireHolder(request, userId);
      const contacts = normaliseEscalationContacts(request.body.contacts);
      // preValidation refused every list the rules refuse; this is the same check, for the types.
      if (contacts === undefined)
        throw new ApiError('validation', escalationContactsErrors(request.body.contacts));
      await inTransaction(app.db, async (trx) => {
        const before = await listEscalationContacts(trx, userId);
        await replaceEscalationContacts(trx, userId, contacts);
        await recordAudit(trx, request, {
          action: 'EscalationContactsChanged',
          targetType: 'User',
          targetId: userId,
          detail: { from: before.map(auditName), to: contacts.map(auditName) },
        });
      }).catch((error: unknown) => {
        // Two saves of one holder's list at the same moment: the later one meets the first's rows.
        if (isUniqueViolation(error)) {
          throw new ApiError(
            'conflict',
            undefined,
            'The escalation contacts were changed at the same moment; load them again and save.',
          );
        }
        throw error;
      });
      return { userId, contacts: await listEscalationContacts(app.db, userId) };
    },
  );

  app.get(
    '/Users/:id/NotificationPreferences',
    {
      schema: {
        tags: ['Users'],
        summary: "An account holder's notification preferences: alarm kinds, channels and quiet hours",
        description: `A holder who never saved any is told of every kind by SMS and e-mail at any hour. ${WHO}`,
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: NotificationPreferencesSchema, ...Answers },
      },
    },
    async (request) => {
      await requireHolder(request, request.params.id);
      return findNotificationPreferences(app.db, request.params.id);
    },
  );

  app.put(
    '/Users/:id/NotificationPreferences',
    {
      schema: {
        tags: ['Users'],
        summary: "Set an account holder's notification preferences",
        description:
          'Kinds from the alarm kinds (none: the holder is told of nothing, their contacts still are); ' +
          "channels 'sms' and 'email', at least one; quiet hours quietFrom and quietTo (HH:MM, " +
          'Johannesburg time, different; a window past midnight ends the next morning) both or neither ' +
          '(null). Security alarms are sent even in quiet hours. 400 with field errors at Kinds, ' +
          `Channels, QuietFrom and QuietTo, nothing saved. Answers the preferences as stored. Audited. ${WHO}`,
        security: [{ bearer: [] }],
        params: IdParams,
        body: NotificationPreferencesSchema,
        response: { 200: NotificationPreferencesSchema, ...Answers },
      },
      preValidation: async (request) => {
        const body = fieldsOf(request.body);
        const errors = notificationPreferencesErrors({
          kinds: textsOf(body['kinds']),
          channels: textsOf(body['channels']),
          quietFrom: textOf(body['quietFrom']) ?? null,
          quietTo: textOf(body['quietTo']) ?? null,
        });
        if (errors) throw new ApiError('validation', errors);
      },
    },
    async (request) => {
      const userId = request.params.id;
      await requireHolder(request, userId);
      const preferences = normaliseNotificationPreferences(request.body);
      if (preferences === undefined) {
        throw new ApiError('validation', notificationPreferencesErrors(request.body));
      }
      await inTransaction(app.db, async (trx) => {
        const before = await findNotificationPreferences(trx, userId);
        await saveNotificationPreferences(trx, userId, preferences);
        await recordAudit(trx, request, {
          action: 'NotificationPreferencesChanged',
          targetType: 'User',
          targetId: userId,
          detail: { from: before, to: preferences },
        });
      });
      return preferences;
    },
  );
};

/** An account holder's escalation contacts and notification preferences (staff, in their scope). */
export const escalationContactRoutes = routePlugin('escalation-contacts', routes);
