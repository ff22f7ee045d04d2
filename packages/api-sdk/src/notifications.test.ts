import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { DEFAULT_NOTIFICATION_PREFERENCES, MESSAGES, NOTIFICATION_CONTACT_MESSAGES } from '@sentinel/domain';
import type { UserListFields } from '@sentinel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { and, eq } from './odata';

let api: RunningApi;
let agent: ApiClient;
let holderId: number;

// One real api per file, with the demo data; answers checked against the contract.
beforeAll(async () => {
  api = await startApi();
  agent = await signedInClient(api.url, 'Technical-Agent');
  const [holder] = (
    await agent.users.list({
      filter: and(
        eq<UserListFields>('role', 'Account-Holder'),
        eq<UserListFields>('email', 'holder@sentinel.demo'),
      ),
    })
  ).items;
  if (!holder) throw new Error('no demo holder');
  holderId = holder.id;
});

afterAll(async () => {
  await api.close();
});

describe('notifications.escalationContacts and saveEscalationContacts', () => {
  it("reads the holder's contacts in order, replaces them, and reads back what was stored", async () => {
    const seeded = await agent.notifications.escalationContacts(holderId);
    expect(seeded.map((contact) => [contact.position, contact.name])).toEqual([
      [1, 'Sipho Nkosi'],
      [2, 'Naledi Dube'],
    ]);

    // A stored contact goes back as it came, moved to the end.
    const saved = await agent.notifications.saveEscalationContacts(holderId, [
      { name: 'Thabo Mokoena', phoneNumber: '0821110001', email: 'thabo@example.co.za' },
      seeded[0]!,
    ]);
    expect(saved).toEqual([
      {
        position: 1,
        name: 'Thabo Mokoena',
        phoneCode: '27',
        phoneNumber: '821110001',
        email: 'thabo@example.co.za',
      },
      { ...seeded[0]!, position: 2 },
    ]);
    expect(await agent.notifications.escalationContacts(holderId)).toEqual(saved);
  });

  it('rejects a wrong list with ApiError field errors keyed by the contact, and saves nothing', async () => {
    const before = await agent.notifications.escalationContacts(holderId);
    const refused = await agent.notifications
      .saveEscalationContacts(holderId, [
        { name: 'Thabo Mokoena', phoneNumber: '0821110001' },
        { name: 'Lerato Khumalo', phoneNumber: '082 111 0001', email: 'lerato@' },
      ])
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(400);
    expect(isApiError(refused) && refused.errors).toEqual({
      'Contacts[1].PhoneNumber': [NOTIFICATION_CONTACT_MESSAGES.duplicatePhone],
      'Contacts[1].Email': [MESSAGES.email],
    });
    expect(await agent.notifications.escalationContacts(holderId)).toEqual(before);
  });

  it("is refused to the account holder's own token", async () => {
    const holder = await signedInClient(api.url, 'Account-Holder');
    const refused = await holder.notifications.escalationContacts(holderId).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(403);
  });
});

describe('notifications.preferences and savePreferences', () => {
  it('reads the defaults, saves a choice and reads it back', async () => {
    expect(await agent.notifications.preferences(holderId)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const chosen = {
      kinds: ['Tamper' as const, 'Panic' as const],
      channels: ['sms' as const],
      quietFrom: '21:30',
      quietTo: '06:00',
    };
    expect(await agent.notifications.savePreferences(holderId, chosen)).toEqual(chosen);
    expect(await agent.notifications.preferences(holderId)).toEqual(chosen);
  });

  it('rejects preferences without a channel at Channels', async () => {
    const refused = await agent.notifications
      .savePreferences(holderId, { ...DEFAULT_NOTIFICATION_PREFERENCES, channels: [] })
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.errors).toEqual({
      Channels: [NOTIFICATION_CONTACT_MESSAGES.channelsRequired],
    });
  });
});
