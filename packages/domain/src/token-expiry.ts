import { decodeJwt } from 'jose';

/**
 * True when the access token's exp claim (seconds since the epoch) is at or before now.
 * A token that cannot be read, or carries no exp, counts as expired so it is refreshed.
 */
export function isAccessTokenExpired(
  accessToken: string,
  nowMs: number = Date.now(),
  leewaySeconds = 0,
): boolean {
  const exp = readExpiry(accessToken);
  if (exp === undefined) return true;
  return exp - leewaySeconds <= nowMs / 1000;
}

/** The exp claim in seconds, or undefined when the token is not a readable JWT. */
export function readExpiry(accessToken: string): number | undefined {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}
