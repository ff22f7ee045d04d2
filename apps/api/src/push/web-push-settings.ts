/*
 * The Web Push settings (VAPID_* in the README). Unset, staff browsers cannot subscribe.
 *
 * VAPID (RFC 8292) is how a push service knows who sends: the api signs each request with its
 * private key, and the browser's subscription is bound to the public key it subscribed with, so a
 * key pair must stay the same for as long as the subscriptions made with it should work.
 */
import { createECDH } from 'node:crypto';

export interface WebPushOptions {
  /** VAPID_PUBLIC_KEY: base64url of the uncompressed P-256 point (65 bytes), as web-push's generateVAPIDKeys gives it. */
  publicKey?: string;
  /** VAPID_PRIVATE_KEY: base64url of the 32-byte P-256 private key of that public key. */
  privateKey?: string;
  /** VAPID_SUBJECT: a mailto: or https: URL the push services can reach the operator at. */
  subject?: string;
  /** How long a push service keeps an alarm for a browser that is offline: an older one is stale. @default 3600 */
  ttlSeconds?: number;
  /** How long a push service has to answer one message. @default 10000 */
  timeoutMs?: number;
}

/** The keys and subject of a server that sends Web Push; the options hold all three or none. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Throws, naming the setting, unless the two keys are one P-256 key pair in web-push's encoding.
 * A public key of another pair would sign requests no push service accepts, so it is checked here.
 */
export function checkVapidKeys(publicKey: string, privateKey: string): void {
  if (!BASE64URL.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes, base64url without padding.');
  }
  if (!BASE64URL.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65) {
    throw new Error('VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes, base64url without padding.');
  }
  const curve = createECDH('prime256v1');
  try {
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    throw new Error('VAPID_PRIVATE_KEY is not a valid P-256 private key.');
  }
  if (curve.getPublicKey('base64url') !== publicKey) {
    throw new Error("VAPID_PUBLIC_KEY is not VAPID_PRIVATE_KEY's public key: set the two of one pair.");
  }
}

/** Throws, naming VAPID_SUBJECT, unless it is a mailto: address or an https: URL. */
export function checkVapidSubject(subject: string): void {
  let url: URL | undefined;
  try {
    url = new URL(subject);
  } catch {
    url = undefined;
  }
  const ok =
    (url?.protocol === 'mailto:' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(url.pathname)) ||
    (url?.protocol === 'https:' && url.hostname !== 'localhost');
  if (!ok) {
    throw new Error(
      `VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you; it is '${subject}'.`,
    );
  }
}

/**
 * The subject SMTP_FROM gives ('Sentinel <alerts@sentinel.co.za>' -> 'mailto:alerts@sentinel.co.za'),
 * when it names an address push services could write to (not a localhost one).
 */
export function subjectFromEmailFrom(from: string | undefined): string | undefined {
  const address = (from?.match(/<([^<>\s]+)>\s*$/)?.[1] ?? from)?.trim();
  const domain = address?.match(/^[^@\s]+@([^@\s]+\.[^@\s]+)$/)?.[1]?.toLowerCase();
  if (address === undefined || domain === undefined) return undefined;
  if (domain === 'localhost' || domain.endsWith('.localhost')) return undefined;
  return `mailto:${address}`;
}

const text = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither) and VAPID_SUBJECT, which defaults to
 * SMTP_FROM's address when that is a real one. Throws, naming the setting, when one is wrong.
 */
export function webPushOptions(env: NodeJS.ProcessEnv = process.env): WebPushOptions {
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  if (publicKey === undefined && privateKey === undefined) return {};
  if (publicKey === undefined || privateKey === undefined) {
    const missing = publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    const given = publicKey === undefined ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new Error(`${missing} must be set with ${given} (Web Push needs both keys of the pair).`);
  }
  checkVapidKeys(publicKey, privateKey);
  const subject = text(env, 'VAPID_SUBJECT') ?? subjectFromEmailFrom(text(env, 'SMTP_FROM'));
  if (subject === undefined) {
    throw new Error(
      'VAPID_SUBJECT must be set with the VAPID keys (SMTP_FROM names no address to use): ' +
        'a mailto: address or an https: URL where push services can reach you.',
    );
  }
  checkVapidSubject(subject);
  return { publicKey, privateKey, subject };
}

/** The VAPID details of the options; undefined when Web Push is off. Throws on half a set, naming it. */
export function vapidDetails(options: WebPushOptions): VapidDetails | undefined {
  const { publicKey, privateKey, subject } = options;
  if (publicKey === undefined && privateKey === undefined && subject === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined || subject === undefined) {
    throw new Error('Web Push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together.');
  }
  checkVapidKeys(publicKey, privateKey);
  checkVapidSubject(subject);
  return { publicKey, privateKey, subject };
}
