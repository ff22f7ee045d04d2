/*
 * Self-verifying connection tokens, so that any instance of a hub sharing the secret can accept
 * the transport requests of a connection another instance negotiated (see README, "Negotiate on
 * one instance, connect to another").
 *
 *   <version>.<id>.<expiry, ms base 36>.<user tag>.<HMAC-SHA256 of everything before, and the hub>
 *
 * The user tag is a keyed hash of the negotiating user's id: a token works only for that user (the
 * user is re-authenticated from each request's own access token), and the id never appears in
 * URLs or logs. Every part is base64url or base 36, so the token needs no escaping in `?id=`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token that verified says. */
interface ConnectionTicket {
  /** The negotiate version the token was issued for: 0 uses the token itself as connection id. */
  negotiateVersion: 0 | 1;
  connectionId: string;
  /** Epoch ms after which the token opens nothing. */
  expiresAt: number;
  userTag: string;
  /** The MAC, unique per token: names a spent token without repeating the token. */
  signature: string;
}

const USER_TAG_BYTES = 12;

export class ConnectionTokens {
  private readonly key: Buffer;

  /**
   * @param secret shared by every instance of the hub
   * @param hub    the hub's backplane channel, so a token of one hub opens nothing on another
   */
  constructor(
    secret: string,
    private readonly hub: string,
  ) {
    if (secret === '') throw new Error('The hub secret must not be empty.');
    // A key of its own: a secret also used for something else (the api's JWT key) signs nothing
    // here that could pass there, or the other way round.
    this.key = createHmac('sha256', secret).update('signalr-hub connection token').digest();
  }

  /** A token for a new connection; `userId` undefined for an anonymous one. */
  issue(
    negotiateVersion: 0 | 1,
    connectionId: string,
    userId: string | undefined,
    expiresAt: number,
  ): string {
    const body = `${negotiateVersion}.${connectionId}.${expiresAt.toString(36)}.${this.userTag(userId)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The ticket of a token this hub signed and that has not expired; undefined for anything else. */
  verify(token: string, now: number): ConnectionTicket | undefined {
    const parts = token.split('.');
    if (parts.length !== 5) return undefined;
    const [version, connectionId = '', expiry = '', userTag = '', mac = ''] = parts;
    if (version !== '0' && version !== '1') return undefined;
    const expected = Buffer.from(this.mac(token.slice(0, token.length - mac.length - 1)));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const expiresAt = Number.parseInt(expiry, 36);
    if (!(expiresAt > now)) return undefined;
    return { negotiateVersion: version === '0' ? 0 : 1, connectionId, expiresAt, userTag, signature: mac };
  }

  /** Whether the ticket was issued to this user. */
  isFor(ticket: ConnectionTicket, userId: string | undefined): boolean {
    const expected = Buffer.from(this.userTag(userId));
    const given = Buffer.from(ticket.userTag);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private userTag(userId: string | undefined): string {
    // Anonymous and every user id hash apart: the prefix tells "no user" from a user named ''.
    const subject = userId === undefined ? 'anonymous' : `user:${userId}`;
    return createHmac('sha256', this.key)
      .update(subject)
      .digest()
      .subarray(0, USER_TAG_BYTES)
      .toString('base64url');
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`${this.hub}\n${body}`).digest('base64url');
  }
}
