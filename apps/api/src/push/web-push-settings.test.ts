import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { serverBuildOptions } from '../config';
import { DeliveryError } from '../providers/messages';
import { pushPlugin } from './push-plugin';
import { subjectFromEmailFrom, webPushOptions } from './web-push-settings';

const keys = webPush.generateVAPIDKeys();
const other = webPush.generateVAPIDKeys();
const env = (more: Record<string, string>) => ({
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  ...more,
});

describe('the Web Push settings', () => {
  it('are off when no VAPID key is set', () => {
    expect(webPushOptions({})).toEqual({});
    expect(webPushOptions({ VAPID_SUBJECT: 'mailto:ops@sentinel.example' })).toEqual({});
  });

  it('take a key pair of generateVAPIDKeys with a mailto: or https: subject', () => {
    expect(webPushOptions(env({ VAPID_SUBJECT: 'mailto:ops@sentinel.example' }))).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:ops@sentinel.example',
    });
    expect(webPushOptions(env({ VAPID_SUBJECT: 'https://sentinel.example/contact' })).subject).toBe(
      'https://sentinel.example/contact',
    );
    expect(serverBuildOptions(env({ VAPID_SUBJECT: 'mailto:ops@sentinel.example' })).webPush).toMatchObject({
      publicKey: keys.publicKey,
    });
  });

  it("take the subject from SMTP_FROM's address when it is a real one, and ask for it otherwise", () => {
    expect(webPushOptions(env({ SMTP_FROM: 'Sentinel <alerts@sentinel.co.za>' })).subject).toBe(
      'mailto:alerts@sentinel.co.za',
    );
    expect(subjectFromEmailFrom('alerts@sentinel.co.za')).toBe('mailto:alerts@sentinel.co.za');
    expect(subjectFromEmailFrom('Sentinel <no-reply@localhost>')).toBeUndefined();
    expect(() => webPushOptions(env({ SMTP_FROM: 'Sentinel <no-reply@localhost>' }))).toThrow(
      /^VAPID_SUBJECT must be set with the VAPID keys/,
    );
    expect(() => webPushOptions(env({}))).toThrow(/^VAPID_SUBJECT must be set/);
  });

  it('refuse half a pair, keys that are not P-256 keys, two keys of different pairs, and a subject of another kind', () => {
    const subject = { VAPID_SUBJECT: 'mailto:ops@sentinel.example' };
    expect(() => webPushOptions({ VAPID_PUBLIC_KEY: keys.publicKey, ...subject })).toThrow(
      'VAPID_PRIVATE_KEY must be set with VAPID_PUBLIC_KEY',
    );
    expect(() => webPushOptions({ VAPID_PRIVATE_KEY: keys.privateKey, ...subject })).toThrow(
      'VAPID_PUBLIC_KEY must be set with VAPID_PRIVATE_KEY',
    );
    expect(() => webPushOptions(env({ ...subject, VAPID_PRIVATE_KEY: 'not-a-key' }))).toThrow(
      /^VAPID_PRIVATE_KEY must be a P-256 private key/,
    );
    expect(() => webPushOptions(env({ ...subject, VAPID_PUBLIC_KEY: `${keys.publicKey}=` }))).toThrow(
      /^VAPID_PUBLIC_KEY must be a P-256 public key/,
    );
    expect(() => webPushOptions(env({ ...subject, VAPID_PUBLIC_KEY: other.publicKey }))).toThrow(
      /^VAPID_PUBLIC_KEY is not VAPID_PRIVATE_KEY's public key/,
    );
    expect(() => webPushOptions(env({ VAPID_SUBJECT: 'ops@sentinel.example' }))).toThrow(
      /^VAPID_SUBJECT must be a mailto: address or an https: URL/,
    );
    expect(() => webPushOptions(env({ VAPID_SUBJECT: 'http://sentinel.example' }))).toThrow(/^VAPID_SUBJECT/);
  });
});

describe('the push plugin', () => {
  it('without VAPID keys offers no key and refuses every message for good', async () => {
    const app = Fastify();
    await app.register(pushPlugin, {});
    await app.ready();
    expect(app.webPush.publicKey).toBeUndefined();
    const error = await app.webPush
      .send({ endpoint: 'https://push.example.test/1', p256dh: '', auth: '' }, '{}')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ permanent: true });
    await app.close();
  });

  it('refuses to start with half the settings', async () => {
    const app = Fastify();
    void app.register(pushPlugin, { publicKey: keys.publicKey, privateKey: keys.privateKey });
    await expect(app.ready()).rejects.toThrow(/VAPID_SUBJECT/);
  });
});
