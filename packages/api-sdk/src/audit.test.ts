import type { AuditListFields, UserListFields } from '@sentinel/domain';
import { demoSignIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { and, eq, ge } from './odata';

let api: RunningApi;

const signedIn = (role: 'Admin' | 'Technical-Agent'): Promise<ApiClient> => signedInClient(api.url, role);

// Starting a seeded api takes a while on a busy machine.
beforeAll(async () => {
  api = await startApi();
}, 60_000);

afterAll(async () => {
  await api.close();
});

describe('audit.list', () => {
  it('gives an Admin the sign-ins, filtered by action, user and date, newest first', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const admin = await signedIn('Admin');
    // Signing in is what the log records.
    await signedIn('Technical-Agent');
    const agentEmail = demoSignIn('Technical-Agent').email;
    const [agent] = (await admin.users.list({ filter: eq<UserListFields>('email', agentEmail) })).items;
    const agentId = agent!.id;

    const page = await admin.audit.list({
      filter: and(
        eq<AuditListFields>('action', 'SignIn'),
        eq<AuditListFields>('userId', agentId),
        ge<AuditListFields>('dateTime', since),
      ),
      pageSize: 10,
    });
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.pageSize).toBe(10);
    expect(page.items[0]).toMatchObject({ action: 'SignIn', userId: agentId, targetType: 'User' });
  });

  it('is refused to a Technical-Agent with a typed 403', async () => {
    const agent = await signedIn('Technical-Agent');
    const error: unknown = await agent.audit.list().catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(403);
  });
});
