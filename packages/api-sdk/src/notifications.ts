import { EscalationContactListSchema, NotificationPreferencesSchema } from '@sentinel/domain';
import type { EscalationContact, EscalationContactInput, NotificationPreferences } from '@sentinel/domain';
import type { Caller } from './caller';

/**
 * Escalation contacts and notification preferences of an account holder, for staff (Admin and
 * Technical-Agent any holder, a Company-Admin their companies' holders). Every call answers ApiError
 * 404 for a user who is no account holder the caller may see, 403 to an account holder's own token.
 */
export interface NotificationsApi {
  /** GET /Users/{id}/EscalationContacts: the holder's contacts, position 1 (told first) first. */
  escalationContacts(userId: number): Promise<EscalationContact[]>;
  /**
   * PUT /Users/{id}/EscalationContacts: replaces the whole list with `contacts`, told in this order;
   * an empty list removes them all. Answers the list as stored (names trimmed, each cellphone as
   * code and national number, no e-mail as null). ApiError 400 with `errors` at Contacts (more than
   * ESCALATION_CONTACTS_MAX) and Contacts[i].Name, .PhoneCode, .PhoneNumber, .Email (i from 0), as
   * escalationContactsErrors of @sentinel/domain finds them before sending; nothing is saved then.
   */
  saveEscalationContacts(
    userId: number,
    contacts: readonly EscalationContactInput[],
  ): Promise<EscalationContact[]>;
  /**
   * GET /Users/{id}/NotificationPreferences: which alarm kinds the holder is told of, on which
   * channels, and their quiet hours; DEFAULT_NOTIFICATION_PREFERENCES when they saved none.
   */
  preferences(userId: number): Promise<NotificationPreferences>;
  /**
   * PUT /Users/{id}/NotificationPreferences: answers them as stored (each kind and channel once, in
   * order). ApiError 400 with `errors` at Kinds, Channels, QuietFrom and QuietTo, as
   * notificationPreferencesErrors of @sentinel/domain finds them; nothing is saved then.
   */
  savePreferences(userId: number, preferences: NotificationPreferences): Promise<NotificationPreferences>;
}

/** The contact as the contract takes it: exactly its fields, so a stored contact (with its position) may be sent back. */
const contactBody = ({
  name,
  phoneCode,
  phoneNumber,
  email,
}: EscalationContactInput): EscalationContactInput => ({
  name,
  phoneNumber,
  ...(phoneCode === undefined ? {} : { phoneCode }),
  ...(email === undefined ? {} : { email }),
});

export function createNotificationsApi(caller: Pick<Caller, 'callAuthorised'>): NotificationsApi {
  return {
    escalationContacts: async (userId) =>
      (
        await caller.callAuthorised(
          { method: 'get', path: `Users/${userId}/EscalationContacts` },
          EscalationContactListSchema,
        )
      ).contacts,
    saveEscalationContacts: async (userId, contacts) =>
      (
        await caller.callAuthorised(
          {
            method: 'put',
            path: `Users/${userId}/EscalationContacts`,
            json: { contacts: contacts.map(contactBody) },
          },
          EscalationContactListSchema,
        )
      ).contacts,
    preferences: (userId) =>
      caller.callAuthorised(
        { method: 'get', path: `Users/${userId}/NotificationPreferences` },
        NotificationPreferencesSchema,
      ),
    savePreferences: (userId, { kinds, channels, quietFrom, quietTo }) =>
      caller.callAuthorised(
        {
          method: 'put',
          path: `Users/${userId}/NotificationPreferences`,
          json: { kinds, channels, quietFrom, quietTo },
        },
        NotificationPreferencesSchema,
      ),
  };
}
