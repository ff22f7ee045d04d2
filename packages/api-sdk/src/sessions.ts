import { StaffSessionListSchema } from '@sentinel/domain';
import type { StaffSession } from '@sentinel/domain';
import { Type } from '@sinclair/typebox';
import type { Caller } from './caller';

/** Sign-ins (sessions) of staff: the signed-in user's own, and an Admin's view of any staff user's. */
export interface SessionsApi {
  /** GET /My/Sessions: the signed-in user's sessions, `current` marking this one. */
  mySessions(): Promise<StaffSession[]>;
  /** DELETE /My/Sessions/{id}: signs that session out (its tokens stop working at once). */
  endSession(id: string): Promise<void>;
  /** POST /My/Sessions/EndOthers: signs out every session but this one. */
  endOtherSessions(): Promise<void>;
  /** GET /Users/{id}/Sessions (Admin): a staff user's sessions. */
  userSessions(userId: number): Promise<StaffSession[]>;
  /** POST /Users/{id}/EndSessions (Admin): signs the user out everywhere. */
  endUserSessions(userId: number): Promise<void>;
}

/** A 204 answer: nothing to read. */
const NO_CONTENT = Type.Unknown();

export function createSessionsApi(caller: Pick<Caller, 'callAuthorised'>): SessionsApi {
  const act = async (method: 'post' | 'delete', path: string) => {
    await caller.callAuthorised({ method, path, ...(method === 'post' ? { json: {} } : {}) }, NO_CONTENT);
  };
  return {
    mySessions: () => caller.callAuthorised({ method: 'get', path: 'My/Sessions' }, StaffSessionListSchema),
    endSession: (id) => act('delete', `My/Sessions/${encodeURIComponent(id)}`),
    endOtherSessions: () => act('post', 'My/Sessions/EndOthers'),
    userSessions: (userId) =>
      caller.callAuthorised({ method: 'get', path: `Users/${userId}/Sessions` }, StaffSessionListSchema),
    endUserSessions: (userId) => act('post', `Users/${userId}/EndSessions`),
  };
}
