import { describe, expect, it } from 'vitest';
import { base64urlLength, isPushEndpoint, PUSH_MESSAGES, pushSubscriptionErrors } from './push';

// RFC 8291's example subscription (section 5): the user agent's public key and auth secret.
const RFC_8291 = {
  p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
};

describe('a browser’s push subscription', () => {
  it('takes the keys of RFC 8291’s example at a push service’s https endpoint', () => {
    expect(base64urlLength(RFC_8291.p256dh)).toBe(65);
    expect(base64urlLength(RFC_8291.auth)).toBe(16);
    expect(base64urlLength(`${RFC_8291.auth}==`)).toBe(16);
    expect(
      pushSubscriptionErrors({ endpoint: 'https://fcm.googleapis.com/fcm/send/c1KrmpTuRm', keys: RFC_8291 }),
    ).toEqual({});
  });

  it('refuses keys of the wrong length or alphabet', () => {
    expect(base64urlLength('BTBZMqHH6r4Tts7J_aSI')).toBe(15);
    expect(base64urlLength('BTBZMqHH6r4Tts7J_aSIg')).toBeUndefined();
    expect(base64urlLength('BTBZ+qHH6r4Tts7J/aSIgg')).toBeUndefined();
    expect(base64urlLength('A')).toBeUndefined();
    expect(base64urlLength('BTBZMqHH6r4Tts7J_aSIgg=')).toBeUndefined();
    expect(
      pushSubscriptionErrors({
        endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
        keys: { p256dh: RFC_8291.auth, auth: RFC_8291.p256dh },
      }),
    ).toEqual({ 'Keys.P256dh': [PUSH_MESSAGES.p256dh], 'Keys.Auth': [PUSH_MESSAGES.auth] });
  });

  it('is sent only to an https push service named by host', () => {
    expect(isPushEndpoint('https://web.push.apple.com/QGuQyavXutnMi')).toBe(true);
    expect(isPushEndpoint('http://fcm.googleapis.com/fcm/send/1')).toBe(false);
    expect(isPushEndpoint('https://user:pass@fcm.googleapis.com/fcm/send/1')).toBe(false);
    expect(isPushEndpoint('https://10.0.0.5/send/1')).toBe(false);
    expect(isPushEndpoint('https://[::1]/send/1')).toBe(false);
    expect(isPushEndpoint('https://localhost/send/1')).toBe(false);
    expect(isPushEndpoint('https://metadata/computeMetadata')).toBe(false);
    expect(isPushEndpoint('not a url')).toBe(false);
    expect(isPushEndpoint(`https://fcm.googleapis.com/${'a'.repeat(1000)}`)).toBe(false);
  });
});
