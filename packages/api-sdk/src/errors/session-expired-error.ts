/**
 * The call needed a signed-in user and there is none any more: no stored session, or the refresh
 * of an expired access token was refused (the session has then been cleared and onLogout called).
 */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';

  constructor(options?: { cause?: unknown }) {
    super('The session has expired; sign in again.', options);
  }
}

export function isSessionExpiredError(error: unknown): error is SessionExpiredError {
  return error instanceof SessionExpiredError;
}
