/*
 * Who is told of an account holder's alarms besides the holder, and how the holder likes to be told:
 * up to five escalation contacts, told one after another in their list's order when nobody on the
 * staff acknowledges an alarm in time, and the holder's notification preferences (which alarm kinds,
 * which channels, quiet hours). The rules and their messages live here once, for View account's
 * forms and the api's PUT routes, so the screen and the server refuse the same lists in the same
 * words, keyed as the api answers them (Contacts[i].PhoneNumber, Channels, QuietFrom).
 */
import { ALARM_KINDS } from './alarms';
import type { AlarmKind } from './alarms';
import { minutesOfDay } from './arming';
import type {
  EscalationContact,
  EscalationContactInput,
  NotificationPreferences,
} from './contract/notifications';
import type { FieldErrors } from './messages';
import { normalisePhone, validatePhone } from './phone-number';
import { validateEmail, validateName } from './validate-field';

// The list's size and the channels are declared in the contract, so the SDK's schemas need nothing
// of this module, whose phone rules bring libphonenumber's metadata into any bundle that imports it.
import { ESCALATION_CONTACTS_MAX, HOLDER_CHANNELS } from './contract/notifications';
import type { HolderChannel } from './contract/notifications';

/** How a channel reads on the preferences form. */
export const HOLDER_CHANNEL_LABELS: Record<HolderChannel, string> = { sms: 'SMS', email: 'E-mail' };

export const NOTIFICATION_CONTACT_MESSAGES = {
  tooMany: `A holder has at most ${ESCALATION_CONTACTS_MAX} escalation contacts.`,
  duplicatePhone: 'This cellphone number is already one of the contacts.',
  unknownKind: 'Choose alarm kinds from the list.',
  channelsRequired: 'Choose at least one channel.',
  unknownChannel: 'Choose SMS, E-mail or both.',
  quietHoursIncomplete: 'Give both times of the quiet hours, or neither.',
  timeInvalid: 'Enter a time as HH:MM, from 00:00 to 23:59.',
  sameTimes: 'Quiet hours must end at another time than they start.',
  /** The preferences form's note: which kinds quiet hours hold back (see notification-messages.ts). */
  quietHoursNote: 'Security alarms (high priority) are sent at once, even in quiet hours.',
} as const;

/** No preferences saved: every kind, by SMS and e-mail, at any hour. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  kinds: [...ALARM_KINDS],
  channels: [...HOLDER_CHANNELS],
  quietFrom: null,
  quietTo: null,
};

// ---------------------------------------------------------------------------------------------
// Escalation contacts

/** A contact as a form or a request holds it, whatever was left out. */
export interface EscalationContactDraft {
  name?: string | undefined;
  phoneCode?: string | undefined;
  phoneNumber?: string | undefined;
  email?: string | null | undefined;
}

/** The cellphone in its one stored form (E.164), or undefined when it is not a valid number. */
const e164Of = (contact: EscalationContactDraft) =>
  normalisePhone(contact.phoneCode, contact.phoneNumber ?? '')?.e164;

/**
 * One contact's field errors, keyed Name, PhoneCode, PhoneNumber and Email (the dialog's fields).
 * Name is required; the cellphone follows the holder's own rules (validatePhone: a whole number of
 * its country code, 27 when none is given); the e-mail is optional but a real address when given.
 * `others` are the list's other contacts: the same cellphone twice is refused at PhoneNumber.
 */
export function escalationContactErrors(
  contact: EscalationContactDraft,
  others: readonly EscalationContactDraft[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  const name = validateName(contact.name ?? '');
  if (name !== undefined) errors['Name'] = [name];
  Object.assign(errors, validatePhone(contact.phoneCode, contact.phoneNumber ?? ''));
  const email = (contact.email ?? '').trim();
  const emailError = email === '' ? undefined : validateEmail(email);
  if (emailError !== undefined) errors['Email'] = [emailError];
  const phone = e164Of(contact);
  if (
    errors['PhoneNumber'] === undefined &&
    phone !== undefined &&
    others.some((other) => e164Of(other) === phone)
  ) {
    errors['PhoneNumber'] = [NOTIFICATION_CONTACT_MESSAGES.duplicatePhone];
  }
  return errors;
}

/**
 * The field errors of a whole list, as PUT /Users/{id}/EscalationContacts answers them: Contacts
 * when there are more than ESCALATION_CONTACTS_MAX, and Contacts[i].Name, .PhoneCode, .PhoneNumber,
 * .Email for the contact at index i (0-based, the list's order). A cellphone already given higher
 * in the list is refused at the later contact. Undefined when the list may be saved.
 */
export function escalationContactsErrors(
  contacts: readonly EscalationContactDraft[] | undefined,
): FieldErrors | undefined {
  const list = contacts ?? [];
  const errors: FieldErrors = {};
  if (list.length > ESCALATION_CONTACTS_MAX) errors['Contacts'] = [NOTIFICATION_CONTACT_MESSAGES.tooMany];
  list.forEach((contact, index) => {
    for (const [field, messages] of Object.entries(escalationContactErrors(contact, list.slice(0, index)))) {
      errors[`Contacts[${index}].${field}`] = messages;
    }
  });
  return Object.keys(errors).length === 0 ? undefined : errors;
}

/**
 * The list as it is stored and answered: position 1 first (told first), names trimmed, each
 * cellphone in its one stored form (country code apart, no trunk 0, as users' numbers are), no
 * e-mail as null. Undefined when escalationContactsErrors finds fault with the list.
 */
export function normaliseEscalationContacts(
  contacts: readonly EscalationContactInput[],
): EscalationContact[] | undefined {
  if (escalationContactsErrors(contacts) !== undefined) return undefined;
  return contacts.map((contact, index) => {
    const phone = normalisePhone(contact.phoneCode, contact.phoneNumber)!;
    const email = (contact.email ?? '').trim();
    return {
      position: index + 1,
      name: contact.name.trim(),
      phoneCode: phone.phoneCode,
      phoneNumber: phone.phoneNumber,
      email: email === '' ? null : email,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Notification preferences

/** Preferences as a form or a request holds them, whatever was left out or mistyped. */
export interface NotificationPreferencesDraft {
  kinds?: readonly string[] | undefined;
  channels?: readonly string[] | undefined;
  quietFrom?: string | null | undefined;
  quietTo?: string | null | undefined;
}

/** A quiet-hours time as given: '' and null both mean none. */
const timeOf = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/**
 * The field errors of a holder's preferences (Kinds, Channels, QuietFrom, QuietTo); undefined when
 * they may be saved. Kinds come from ALARM_KINDS (none at all is allowed: the holder is told of
 * nothing, their contacts still are); channels from SMS and e-mail, at least one; quiet hours
 * are both times (HH:MM, Johannesburg time, different) or neither. A window whose end is before its
 * start runs past midnight (22:00 to 06:00).
 */
export function notificationPreferencesErrors(
  preferences: NotificationPreferencesDraft,
): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const kinds = preferences.kinds ?? [];
  if (kinds.some((kind) => !(ALARM_KINDS as readonly string[]).includes(kind))) {
    errors['Kinds'] = [NOTIFICATION_CONTACT_MESSAGES.unknownKind];
  }
  const channels = preferences.channels ?? [];
  if (channels.length === 0) errors['Channels'] = [NOTIFICATION_CONTACT_MESSAGES.channelsRequired];
  else if (channels.some((channel) => !(HOLDER_CHANNELS as readonly string[]).includes(channel))) {
    errors['Channels'] = [NOTIFICATION_CONTACT_MESSAGES.unknownChannel];
  }
  const from = timeOf(preferences.quietFrom);
  const to = timeOf(preferences.quietTo);
  if (from === null && to !== null)
    errors['QuietFrom'] = [NOTIFICATION_CONTACT_MESSAGES.quietHoursIncomplete];
  if (to === null && from !== null) errors['QuietTo'] = [NOTIFICATION_CONTACT_MESSAGES.quietHoursIncomplete];
  const fromMinutes = from === null ? undefined : minutesOfDay(from);
  const toMinutes = to === null ? undefined : minutesOfDay(to);
  if (from !== null && fromMinutes === undefined)
    errors['QuietFrom'] = [NOTIFICATION_CONTACT_MESSAGES.timeInvalid];
  if (to !== null && toMinutes === undefined) errors['QuietTo'] = [NOTIFICATION_CONTACT_MESSAGES.timeInvalid];
  else if (fromMinutes !== undefined && fromMinutes === toMinutes) {
    errors['QuietTo'] = [NOTIFICATION_CONTACT_MESSAGES.sameTimes];
  }
  return Object.keys(errors).length === 0 ? undefined : errors;
}

/**
 * The preferences as stored and answered: each kind and channel once, in ALARM_KINDS' and
 * HOLDER_CHANNELS' order, and no quiet hours as two nulls. Undefined when
 * notificationPreferencesErrors finds fault with them.
 */
export function normaliseNotificationPreferences(
  preferences: NotificationPreferencesDraft,
): NotificationPreferences | undefined {
  if (notificationPreferencesErrors(preferences) !== undefined) return undefined;
  const kinds: readonly string[] = preferences.kinds ?? [];
  const channels: readonly string[] = preferences.channels ?? [];
  const from = timeOf(preferences.quietFrom);
  const to = timeOf(preferences.quietTo);
  return {
    kinds: ALARM_KINDS.filter((kind) => kinds.includes(kind)),
    channels: HOLDER_CHANNELS.filter((channel) => channels.includes(channel)),
    quietFrom: from,
    quietTo: to,
  };
}

/** The quiet hours as the message rules take them (firstAttemptAt), or null when there are none. */
export function quietHoursOf(
  preferences: Pick<NotificationPreferences, 'quietFrom' | 'quietTo'>,
): { from: string; to: string } | null {
  return preferences.quietFrom === null || preferences.quietTo === null
    ? null
    : { from: preferences.quietFrom, to: preferences.quietTo };
}

/** Whether the holder wants to be told of this kind on this channel. */
export function wantsMessage(
  preferences: Pick<NotificationPreferences, 'kinds' | 'channels'>,
  kind: AlarmKind,
  channel: HolderChannel,
): boolean {
  return preferences.kinds.includes(kind) && preferences.channels.includes(channel);
}
