/** The signed-in user, kept in browser local storage under AUTHORISED_USER_KEY. */
export interface AuthorisedUser {
  accessToken: string;
  refreshToken: string;
  userId: number;
  userRole: string;
}

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
