/*
 * Tests only: a push service on 127.0.0.1 speaking the documented protocol (RFC 8030's POST to the
 * subscription's endpoint), and the browser at the other end of a subscription.
 *
 * The browser makes its keys as a real one does (a P-256 key pair and 16 random auth bytes) and
 * reads a message as RFC 8291 says, with node:crypto rather than the library that wrote it. The
 * push service checks what a real one checks before it takes a message: the VAPID header
 * (RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT ES256-signed by that key, its audience the
 * endpoint's origin, its expiry in the future and within a day) and the aes128gcm body. It
 * answers 201 as the services do, or the status a test asks for by the endpoint's last segment.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type { PushTarget } from './push-plugin';

/** A browser's side of one subscription: what it hands the api, and its secret half. */
export interface StandInBrowser {
  /** The subscription at `endpoint` as the api stores it. */
  subscription(endpoint: string): PushTarget;
  /** The message text of an aes128gcm body encrypted for this browser (throws when it is not). */
  decrypt(body: Buffer): string;
}

export function standInBrowser(): StandInBrowser {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: (endpoint) => ({
      endpoint,
      p256dh: keys.getPublicKey('base64url'),
      auth: auth.toString('base64url'),
    }),
    decrypt(body) {
      // The header: salt (16), record size (4), key id length (1), key id: the sender's public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = keys.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.getPublicKey(), senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then any zero padding.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end -= 1;
      if (plain[end] !== 2) throw new Error('The record does not end with the last-record delimiter.');
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

/** A message the stand-in took, with what its request said about it. */
export interface PushedMessage {
  path: string;
  body: Buffer;
  ttl: string | undefined;
  urgency: string | undefined;
  contentEncoding: string | undefined;
  /** The VAPID JWT's claims, once verified. */
  claims: { aud: unknown; exp: unknown; sub: unknown };
  /** The VAPID public key the request named (k=). */
  vapidKey: string;
}

export interface PushServiceStandIn {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** An endpoint at the stand-in; its last segment picks the answer: 'gone' 410, 'busy' 503, 'too-big' 413, else 201. */
  endpoint(name: string): string;
  /** The messages taken (201), oldest first. */
  taken: PushedMessage[];
  /** Requests refused for their VAPID header, with the reason. */
  refused: string[];
  close(): Promise<void>;
}

const ANSWERS: Record<string, number> = { gone: 410, busy: 503, 'too-big': 413 };

/** Checks the VAPID header against the origin; the claims when good, else throws with the reason. */
async function verifyVapid(request: IncomingMessage, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
  if (!match) throw new Error('no vapid Authorization header');
  const [, token, k] = match as unknown as [string, string, string];
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['ES256'],
    audience: origin,
    requiredClaims: ['exp', 'aud', 'sub'],
  });
  if ((payload.exp ?? 0) > Date.now() / 1000 + 24 * 3600) throw new Error('exp more than 24 hours ahead');
  return { claims: { aud: payload.aud, exp: payload.exp, sub: payload.sub }, vapidKey: k };
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const taken: PushedMessage[] = [];
  const refused: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const path = request.url ?? '/';
        if (request.method !== 'POST' || !path.startsWith('/push/')) {
          response.writeHead(404).end();
          return;
        }
        let vapid: Awaited<ReturnType<typeof verifyVapid>>;
        try {
          vapid = await verifyVapid(request, origin);
        } catch (error) {
          refused.push((error as Error).message);
          response.writeHead(401).end();
          return;
        }
        const status = ANSWERS[path.split('/').pop() ?? ''] ?? 201;
        if (status === 201) {
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          taken.push({
            path,
            body: Buffer.concat(chunks),
            ttl: header('ttl'),
            urgency: header('urgency'),
            contentEncoding: header('content-encoding'),
            ...vapid,
          });
          response.writeHead(201, { location: `${origin}/messages/${taken.length}` }).end();
          return;
        }
        response.writeHead(status).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name) => `${origin}/push/${name}`,
    taken,
    refused,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
