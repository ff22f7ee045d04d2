/*
 * Escalation contacts and notification preferences through the real api (SQLite): the lists'
 * round trips and order, the domain's field errors on the server, who may read and replace whose
 * lists, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_NOTIFICATION_PREFERENCES, MESSAGES, NOTIFICATION_CONTACT_MESSAGES } from '@sentinel/domain';
import type { EscalationContactList, NotificationPreferences, RoleName } from '@sentinel/domain';
import { build } from '../app';
import { userIdByEmail } from '../db/seed/users';
import { demoTokens } from '../test-support/demo-tokens';

let app: FastifyInstance;
let tokens: Record<RoleName, string>;
/** The demo holder (two seeded contacts), a holder of the demo Company-Admin's company and one outside it. */
let demoHolderId: number;
let karooHolderId: number;
let mzansiHolderId: number;

/** The first holder linked to the company of this name. */
async function holderOf(companyName: string): Promise<number> {
  const row = await app.db
    .selectFrom('companyUsers')
    .innerJoin('companies', 'companies.id', 'companyUsers.companyId')
    .select('companyUsers.userId')
    .where('companies.name', '=', companyName)
    .where('companyUsers.role', '=', 'Account-Holder')
    .orderBy('companyUsers.userId')
    .executeTakeFirstOrThrow();
  return row.userId;
}

beforeAll(async () => {
  app = await build({ seed: true });
  tokens = await demoTokens(app);
  demoHolderId = (await userIdByEmail(app.db, 'holder@sentinel.demo'))!;
  karooHolderId = await holderOf('Karoo Logistics');
  mzansiHolderId = await holderOf('Mzansi Couriers');
});

afterAll(async () => {
  await app.close();
});

type Caller = RoleName | 'anonymous';
interface Answer<T> {
  status: number;
  body: T & { message?: string; errors?: Record<string, string[]> };
}

async function call<T>(
  caller: Caller,
  method: 'GET' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url,
    headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

const contactsOf = (caller: Caller, userId: number) =>
  call<EscalationContactList>(caller, 'GET', `/Users/${userId}/EscalationContacts`);
const saveContacts = (caller: Caller, userId: number, contacts: unknown) =>
  call<EscalationContactList>(caller, 'PUT', `/Users/${userId}/EscalationContacts`, { contacts });
const preferencesOf = (caller: Caller, userId: number) =>
  call<NotificationPreferences>(caller, 'GET', `/Users/${userId}/NotificationPreferences`);
const savePreferences = (caller: Caller, userId: number, preferences: unknown) =>
  call<NotificationPreferences>(caller, 'PUT', `/Users/${userId}/NotificationPreferences`, preferences);

function auditEntries(action: string, userId: number) {
  return app.db
    .selectFrom('auditLog')
    .select(['userEmail', 'detail'])
    .where('action', '=', action)
    .where('targetType', '=', 'User')
    .where('targetId', '=', String(userId))
    .orderBy('id')
    .execute();
}

const thabo = { name: ' Thabo Mokoena ', phoneNumber: '0821110001', email: 'thabo@example.co.za' };
const lerato = { name: 'Lerato Khumalo', phoneCode: '27', phoneNumber: '+27 83 111 0002' };
const pieter = { name: 'Pieter van Wyk', phoneNumber: '0841110003', email: '' };

describe('escalation contacts', () => {
  it("reads the demo holder's seeded contacts, position 1 first", async () => {
    const { status, body } = await contactsOf('Technical-Agent', demoHolderId);
    expect(status).toBe(200);
    expect(body).toEqual({
      userId: demoHolderId,
      contacts: [
        {
          position: 1,
          name: 'Sipho Nkosi',
          phoneCode: '27',
          phoneNumber: '825550101',
          email: 'sipho.nkosi@example.co.za',
        },
        { position: 2, name: 'Naledi Dube', phoneCode: '27', phoneNumber: '835550202', email: null },
      ],
    });
  });

  it('replaces the list whole, in the order sent, stored in one form, and answers and reads it back so', async () => {
    const saved = await saveContacts('Admin', karooHolderId, [thabo, lerato, pieter]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = [
      {
        position: 1,
        name: 'Thabo Mokoena',
        phoneCode: '27',
        phoneNumber: '821110001',
        email: 'thabo@example.co.za',
      },
      { position: 2, name: 'Lerato Khumalo', phoneCode: '27', phoneNumber: '831110002', email: null },
      { position: 3, name: 'Pieter van Wyk', phoneCode: '27', phoneNumber: '841110003', email: null },
    ];
    expect(saved.body).toEqual({ userId: karooHolderId, contacts: stored });
    expect((await contactsOf('Admin', karooHolderId)).body.contacts).toEqual(stored);

    // Moved: Pieter first, Thabo removed.
    const moved = await saveContacts('Admin', karooHolderId, [pieter, lerato]);
    expect(moved.body.contacts.map((contact) => [contact.position, contact.name])).toEqual([
      [1, 'Pieter van Wyk'],
      [2, 'Lerato Khumalo'],
    ]);
    expect((await contactsOf('Admin', karooHolderId)).body).toEqual(moved.body);

    const emptied = await saveContacts('Admin', karooHolderId, []);
    expect(emptied.body).toEqual({ userId: karooHolderId, contacts: [] });
  });

  it('refuses a sixth contact at Contacts and keeps the list as it was', async () => {
    await saveContacts('Admin', karooHolderId, [thabo]);
    const six = Array.from({ length: 6 }, (_, index) => ({
      name: `Contact ${index + 1}`,
      phoneNumber: `082111000${index}`,
    }));
    const refused = await saveContacts('Admin', karooHolderId, six);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ Contacts: [NOTIFICATION_CONTACT_MESSAGES.tooMany] });
    expect((await contactsOf('Admin', karooHolderId)).body.contacts.map((contact) => contact.name)).toEqual([
      'Thabo Mokoena',
    ]);
  });

  it("answers a bad name, cellphone or e-mail with the form's field errors, keyed by the contact's index", async () => {
    const refused = await saveContacts('Technical-Agent', karooHolderId, [
      { ...thabo, email: 'thabo@' },
      { name: '', phoneNumber: '12345' },
      { name: 'Naledi', phoneNumber: '' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ title: 'One or more validation errors occurred.', status: 400 });
    expect(refused.body.errors).toEqual({
      'Contacts[0].Email': [MESSAGES.email],
      'Contacts[1].Name': [MESSAGES.required],
      'Contacts[1].PhoneNumber': [MESSAGES.phoneNumber],
      'Contacts[2].PhoneNumber': [MESSAGES.required],
    });
  });

  it('refuses the same cellphone twice, however it is written, at the later contact', async () => {
    const refused = await saveContacts('Admin', karooHolderId, [
      thabo,
      { ...lerato, phoneNumber: '+27 82 111 0001' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'Contacts[1].PhoneNumber': [NOTIFICATION_CONTACT_MESSAGES.duplicatePhone],
    });
  });

  it('answers a body that is no list with a 400, never a 500', async () => {
    for (const body of [
      {},
      { contacts: 'Thabo' },
      { contacts: [null] },
      { contacts: [{ name: 3, phoneNumber: [] }] },
    ]) {
      const response = await call('Admin', 'PUT', `/Users/${karooHolderId}/EscalationContacts`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('lets a Company-Admin reach only their companies’ holders, and nobody reach a user who holds no account', async () => {
    expect((await contactsOf('Company-Admin', karooHolderId)).status).toBe(200);
    expect((await saveContacts('Company-Admin', karooHolderId, [thabo])).status).toBe(200);
    const outside = await contactsOf('Company-Admin', mzansiHolderId);
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe(`Account holder ${mzansiHolderId} was not found.`);
    expect((await saveContacts('Company-Admin', mzansiHolderId, [thabo])).status).toBe(404);
    expect((await contactsOf('Admin', mzansiHolderId)).status).toBe(200);

    const agentId = (await userIdByEmail(app.db, 'agent@sentinel.demo'))!;
    expect((await contactsOf('Admin', agentId)).status).toBe(404);
    expect((await saveContacts('Admin', 987_654, [thabo])).status).toBe(404);
  });

  it("refuses an account holder's own token (403) and no token (401)", async () => {
    expect((await contactsOf('Account-Holder', demoHolderId)).status).toBe(403);
    expect((await saveContacts('Account-Holder', demoHolderId, [thabo])).status).toBe(403);
    expect((await contactsOf('anonymous', demoHolderId)).status).toBe(401);
  });

  it('audits each replacement: who, whose list, and the list before and after', async () => {
    await saveContacts('Admin', mzansiHolderId, [thabo]);
    await saveContacts('Technical-Agent', mzansiHolderId, [lerato, thabo]);
    const entries = await auditEntries('EscalationContactsChanged', mzansiHolderId);
    expect(entries).toHaveLength(2);
    expect(entries[1]!.userEmail).toBe('agent@sentinel.demo');
    expect(JSON.parse(entries[1]!.detail!)).toEqual({
      from: ['Thabo Mokoena +27821110001'],
      to: ['Lerato Khumalo +27831110002', 'Thabo Mokoena +27821110001'],
    });
  });
});

describe('notification preferences', () => {
  it('reads every kind, SMS and e-mail and no quiet hours for a holder who saved none', async () => {
    const { status, body } = await preferencesOf('Technical-Agent', karooHolderId);
    expect(status).toBe(200);
    expect(body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('stores what is chosen, each once and in order, reads it back, and audits the change', async () => {
    const chosen = {
      kinds: ['Panic', 'Tamper', 'Tamper'],
      channels: ['email'],
      quietFrom: '22:00',
      quietTo: '06:00',
    };
    const saved = await savePreferences('Company-Admin', karooHolderId, chosen);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = { kinds: ['Tamper', 'Panic'], channels: ['email'], quietFrom: '22:00', quietTo: '06:00' };
    expect(saved.body).toEqual(stored);
    expect((await preferencesOf('Admin', karooHolderId)).body).toEqual(stored);

    const again = await savePreferences('Admin', karooHolderId, {
      ...stored,
      channels: ['sms', 'email'],
      quietFrom: null,
      quietTo: null,
    });
    expect(again.body).toEqual({ ...stored, channels: ['sms', 'email'], quietFrom: null, quietTo: null });

    const entries = await auditEntries('NotificationPreferencesChanged', karooHolderId);
    expect(entries.map((entry) => entry.userEmail)).toEqual([
      'company.admin@sentinel.demo',
      'admin@sentinel.demo',
    ]);
    expect(JSON.parse(entries[0]!.detail!)).toEqual({ from: DEFAULT_NOTIFICATION_PREFERENCES, to: stored });
  });

  it("answers wrong preferences with the form's field errors, and keeps the saved ones", async () => {
    const before = (await preferencesOf('Admin', karooHolderId)).body;
    const refused = await savePreferences('Admin', karooHolderId, {
      kinds: ['Tamper', 'Fire'],
      channels: [],
      quietFrom: '22:00',
      quietTo: null,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      Kinds: [NOTIFICATION_CONTACT_MESSAGES.unknownKind],
      Channels: [NOTIFICATION_CONTACT_MESSAGES.channelsRequired],
      QuietTo: [NOTIFICATION_CONTACT_MESSAGES.quietHoursIncomplete],
    });
    const sameTimes = await savePreferences('Admin', karooHolderId, {
      kinds: [],
      channels: ['push'],
      quietFrom: '7:00',
      quietTo: '07:00',
    });
    expect(sameTimes.body.errors).toEqual({
      Channels: [NOTIFICATION_CONTACT_MESSAGES.unknownChannel],
      QuietFrom: [NOTIFICATION_CONTACT_MESSAGES.timeInvalid],
    });
    expect((await savePreferences('Admin', karooHolderId, { channels: ['sms'] })).status).toBe(400);
    expect((await preferencesOf('Admin', karooHolderId)).body).toEqual(before);
  });

  it('is staff only, inside their scope', async () => {
    expect((await preferencesOf('Company-Admin', mzansiHolderId)).status).toBe(404);
    expect(
      (await savePreferences('Company-Admin', mzansiHolderId, DEFAULT_NOTIFICATION_PREFERENCES)).status,
    ).toBe(404);
    expect((await preferencesOf('Account-Holder', demoHolderId)).status).toBe(403);
    expect(
      (await savePreferences('Account-Holder', demoHolderId, DEFAULT_NOTIFICATION_PREFERENCES)).status,
    ).toBe(403);
  });
});
