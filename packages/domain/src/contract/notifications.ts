/*
 * An account holder's escalation contacts and notification preferences, as staff read and replace
 * them from View account (GET and PUT /Users/{id}/EscalationContacts and
 * /Users/{id}/NotificationPreferences). The rules and their messages are in
 * ../notification-contacts.ts (which imports nothing from here but types and these two constants, so
 * the SDK's bundle carries no phone rules); the api checks them before these schemas, so a wrong list is
 * answered in the form's words.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ALARM_KINDS } from '../alarms';
import { MAX_LENGTH } from '../limits';
import { Literals, Nullable } from './common';

/** The most escalation contacts a holder has: a sixth person is not reached before someone acts. */
export const ESCALATION_CONTACTS_MAX = 5;

/**
 * The channels a holder chooses from for their own messages. Push is not one: it goes to staff
 * browsers only.
 */
export const HOLDER_CHANNELS = ['sms', 'email'] as const;
export type HolderChannel = (typeof HOLDER_CHANNELS)[number];

/** One contact as staff enter it. */
export const EscalationContactInputSchema = Type.Object({
  name: Type.String({ maxLength: MAX_LENGTH.name, description: 'Required; trimmed.' }),
  phoneCode: Type.Optional(
    Type.String({ maxLength: MAX_LENGTH.phoneCode, description: 'The country calling code; @default 27' }),
  ),
  phoneNumber: Type.String({
    maxLength: MAX_LENGTH.phoneNumber,
    description: 'The cellphone, e.g. 0821234567: a whole number of the country code.',
  }),
  email: Type.Optional(
    Nullable(Type.String({ maxLength: MAX_LENGTH.email, description: 'Optional; null or empty for none.' })),
  ),
});
export type EscalationContactInput = Static<typeof EscalationContactInputSchema>;

/** PUT /Users/{id}/EscalationContacts body: the whole list, in the order they are told. */
export const EscalationContactsRequestSchema = Type.Object({
  contacts: Type.Array(EscalationContactInputSchema, {
    maxItems: ESCALATION_CONTACTS_MAX,
    description: `At most ${ESCALATION_CONTACTS_MAX}; the first is told first. An empty list removes them all.`,
  }),
});
export type EscalationContactsRequest = Static<typeof EscalationContactsRequestSchema>;

/** One contact as stored. */
export const EscalationContactSchema = Type.Object({
  position: Type.Integer({ minimum: 1, maximum: ESCALATION_CONTACTS_MAX, description: '1 is told first.' }),
  name: Type.String(),
  phoneCode: Type.String({ description: "Digits, e.g. '27'." }),
  phoneNumber: Type.String({ description: "The national number without its trunk 0, e.g. '821234567'." }),
  email: Nullable(Type.String()),
});
export type EscalationContact = Static<typeof EscalationContactSchema>;

/** GET and PUT /Users/{id}/EscalationContacts answer: the holder's list, position 1 first. */
export const EscalationContactListSchema = Type.Object({
  userId: Type.Integer({ description: 'The account holder.' }),
  contacts: Type.Array(EscalationContactSchema, { maxItems: ESCALATION_CONTACTS_MAX }),
});
export type EscalationContactList = Static<typeof EscalationContactListSchema>;

/**
 * A holder's notification preferences: GET and PUT /Users/{id}/NotificationPreferences answer, and
 * PUT's body. A holder who never saved any has DEFAULT_NOTIFICATION_PREFERENCES.
 */
export const NotificationPreferencesSchema = Type.Object({
  kinds: Type.Array(Literals(ALARM_KINDS), {
    maxItems: ALARM_KINDS.length,
    description: 'The alarm kinds the holder is told of (none: told of nothing; contacts still are).',
  }),
  channels: Type.Array(Literals(HOLDER_CHANNELS), {
    maxItems: HOLDER_CHANNELS.length,
    description: "How the holder is told: 'sms', 'email', at least one.",
  }),
  quietFrom: Nullable(
    Type.String({
      maxLength: 5,
      description: 'Quiet hours start, HH:MM Johannesburg time; null with quietTo for no quiet hours.',
    }),
  ),
  quietTo: Nullable(
    Type.String({
      maxLength: 5,
      description:
        'Quiet hours end, HH:MM; before the start, they end the next morning. Security alarms ignore them.',
    }),
  ),
});
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;
