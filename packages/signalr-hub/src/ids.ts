import { randomBytes } from 'node:crypto';

/** A random id (connections, connection tokens, instances, group-change acks): 128 bits, URL-safe. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
