import { describe, expect, it } from 'vitest';
import { ALARM_KINDS } from './alarms';
import { MESSAGES } from './messages';
import { tooLongMessage } from './limits';
import { ESCALATION_CONTACTS_MAX } from './contract/notifications';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  escalationContactErrors,
  escalationContactsErrors,
  NOTIFICATION_CONTACT_MESSAGES,
  normaliseEscalationContacts,
  normaliseNotificationPreferences,
  notificationPreferencesErrors,
  quietHoursOf,
  wantsMessage,
} from './notification-contacts';

const sipho = { name: 'Sipho Nkosi', phoneNumber: '0825550101', email: 'sipho.nkosi@example.co.za' };
const naledi = { name: 'Naledi Dube', phoneNumber: '0835550202' };

describe('escalationContactErrors (one contact, the dialog)', () => {
  it('accepts a name and a cellphone; the e-mail may be left out, empty or null', () => {
    expect(escalationContactErrors(sipho)).toEqual({});
    expect(escalationContactErrors(naledi)).toEqual({});
    expect(escalationContactErrors({ ...naledi, email: '' })).toEqual({});
    expect(escalationContactErrors({ ...naledi, email: null })).toEqual({});
  });

  it("refuses a missing name, a number that is none and an address that is none, in the spec's words", () => {
    expect(escalationContactErrors({ name: '  ', phoneNumber: '12345', email: 'sipho@' })).toEqual({
      Name: [MESSAGES.required],
      PhoneNumber: [MESSAGES.phoneNumber],
      Email: [MESSAGES.email],
    });
    expect(escalationContactErrors({ name: 'Sipho', phoneNumber: '' })).toEqual({
      PhoneNumber: [MESSAGES.required],
    });
    expect(escalationContactErrors({ name: 'Sipho', phoneCode: '999', phoneNumber: '0825550101' })).toEqual({
      PhoneCode: [MESSAGES.phoneCode],
    });
  });

  it('refuses a name longer than a name field holds', () => {
    expect(escalationContactErrors({ ...naledi, name: 'N'.repeat(101) })).toEqual({
      Name: [tooLongMessage(100)],
    });
  });

  it('refuses a cellphone another contact has, however it is written', () => {
    expect(escalationContactErrors({ ...naledi, phoneNumber: '+27 82 555 0101' }, [sipho])).toEqual({
      PhoneNumber: [NOTIFICATION_CONTACT_MESSAGES.duplicatePhone],
    });
  });
});

describe('escalationContactsErrors (the whole list, as the api answers)', () => {
  it('accepts none and up to five', () => {
    expect(escalationContactsErrors([])).toBeUndefined();
    const five = Array.from({ length: ESCALATION_CONTACTS_MAX }, (_, index) => ({
      name: `Contact ${index + 1}`,
      phoneNumber: `082555010${index}`,
    }));
    expect(escalationContactsErrors(five)).toBeUndefined();
  });

  it('refuses a sixth at Contacts', () => {
    const six = Array.from({ length: 6 }, (_, index) => ({
      name: `Contact ${index + 1}`,
      phoneNumber: `082555010${index}`,
    }));
    expect(escalationContactsErrors(six)).toEqual({ Contacts: [NOTIFICATION_CONTACT_MESSAGES.tooMany] });
  });

  it('keys each error by the contact’s index, and refuses a repeated cellphone at the later contact', () => {
    expect(
      escalationContactsErrors([
        sipho,
        { ...naledi, email: 'naledi' },
        { name: 'Thabo', phoneNumber: '825550101' },
      ]),
    ).toEqual({
      'Contacts[1].Email': [MESSAGES.email],
      'Contacts[2].PhoneNumber': [NOTIFICATION_CONTACT_MESSAGES.duplicatePhone],
    });
  });
});

describe('normaliseEscalationContacts', () => {
  it('numbers the list from 1 in its order and stores each number as users’ are', () => {
    expect(normaliseEscalationContacts([{ ...naledi, name: '  Naledi Dube ', email: ' ' }, sipho])).toEqual([
      { position: 1, name: 'Naledi Dube', phoneCode: '27', phoneNumber: '835550202', email: null },
      {
        position: 2,
        name: 'Sipho Nkosi',
        phoneCode: '27',
        phoneNumber: '825550101',
        email: 'sipho.nkosi@example.co.za',
      },
    ]);
  });

  it('gives nothing for a list the rules refuse', () => {
    expect(normaliseEscalationContacts([sipho, sipho])).toBeUndefined();
  });
});

describe('notificationPreferencesErrors', () => {
  it('accepts the defaults, no kinds at all, and quiet hours past midnight', () => {
    expect(notificationPreferencesErrors(DEFAULT_NOTIFICATION_PREFERENCES)).toBeUndefined();
    expect(notificationPreferencesErrors({ kinds: [], channels: ['email'] })).toBeUndefined();
    expect(
      notificationPreferencesErrors({
        kinds: ['Tamper'],
        channels: ['sms'],
        quietFrom: '22:00',
        quietTo: '06:00',
      }),
    ).toBeUndefined();
  });

  it('needs a channel, and only kinds and channels it knows', () => {
    expect(notificationPreferencesErrors({ kinds: ['Tamper', 'Fire'], channels: [] })).toEqual({
      Kinds: [NOTIFICATION_CONTACT_MESSAGES.unknownKind],
      Channels: [NOTIFICATION_CONTACT_MESSAGES.channelsRequired],
    });
    expect(notificationPreferencesErrors({ kinds: [], channels: ['push'] })).toEqual({
      Channels: [NOTIFICATION_CONTACT_MESSAGES.unknownChannel],
    });
  });

  it('needs both quiet-hours times or neither, each HH:MM, and not the same', () => {
    const base = { kinds: [], channels: ['sms'] };
    expect(notificationPreferencesErrors({ ...base, quietFrom: '22:00', quietTo: null })).toEqual({
      QuietTo: [NOTIFICATION_CONTACT_MESSAGES.quietHoursIncomplete],
    });
    expect(notificationPreferencesErrors({ ...base, quietFrom: '', quietTo: '06:00' })).toEqual({
      QuietFrom: [NOTIFICATION_CONTACT_MESSAGES.quietHoursIncomplete],
    });
    expect(notificationPreferencesErrors({ ...base, quietFrom: '24:00', quietTo: '6am' })).toEqual({
      QuietFrom: [NOTIFICATION_CONTACT_MESSAGES.timeInvalid],
      QuietTo: [NOTIFICATION_CONTACT_MESSAGES.timeInvalid],
    });
    expect(notificationPreferencesErrors({ ...base, quietFrom: '22:00', quietTo: '22:00' })).toEqual({
      QuietTo: [NOTIFICATION_CONTACT_MESSAGES.sameTimes],
    });
  });
});

describe('normaliseNotificationPreferences', () => {
  it('keeps each kind and channel once, in the lists’ order, and no quiet hours as nulls', () => {
    expect(
      normaliseNotificationPreferences({
        kinds: ['Panic', 'Tamper', 'Panic'],
        channels: ['email', 'sms', 'email'],
        quietFrom: '',
        quietTo: '',
      }),
    ).toEqual({ kinds: ['Tamper', 'Panic'], channels: ['sms', 'email'], quietFrom: null, quietTo: null });
    expect(normaliseNotificationPreferences({ kinds: [], channels: [] })).toBeUndefined();
  });
});

describe('what the sending reads of the preferences', () => {
  it('tells a holder with no preferences of every kind on both channels, at any hour', () => {
    for (const kind of ALARM_KINDS) {
      expect(wantsMessage(DEFAULT_NOTIFICATION_PREFERENCES, kind, 'sms')).toBe(true);
      expect(wantsMessage(DEFAULT_NOTIFICATION_PREFERENCES, kind, 'email')).toBe(true);
    }
    expect(quietHoursOf(DEFAULT_NOTIFICATION_PREFERENCES)).toBeNull();
  });

  it('tells a holder only of the kinds and on the channels chosen, and gives their quiet hours', () => {
    const chosen = {
      kinds: ['Tamper' as const],
      channels: ['email' as const],
      quietFrom: '22:00',
      quietTo: '06:00',
    };
    expect(wantsMessage(chosen, 'Tamper', 'email')).toBe(true);
    expect(wantsMessage(chosen, 'Tamper', 'sms')).toBe(false);
    expect(wantsMessage(chosen, 'LowDeviceBattery', 'email')).toBe(false);
    expect(quietHoursOf(chosen)).toEqual({ from: '22:00', to: '06:00' });
  });
});
