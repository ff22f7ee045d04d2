import type { SignInAnswer } from './contract/auth';

/** The signed-in user (the sign-in answer), kept in browser local storage under AUTHORISED_USER_KEY. */
export type AuthorisedUser = SignInAnswer;

export const AUTHORISED_USER_KEY = 'authorised-user';

export function isAuthorisedUser(value: unknown): value is AuthorisedUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['accessToken'] === 'string' &&
    typeof v['refreshToken'] === 'string' &&
    typeof v['userId'] === 'number' &&
    typeof v['userRole'] === 'string'
  );
}
