/*
 * The bench follows the api through a JWT_SECRET rotation: with the api's new key as JWT_SECRET and
 * the old one in JWT_PREVIOUS_SECRETS it accepts the tokens the api signed with the old key (their
 * kid is the api's), and refuses them once the old key is removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { build } from './app';
import { readConfig } from './config';

const OLD_KEY = 'the-old-signing-key-A-of-at-least-32-chars';
const NEW_KEY = 'the-new-signing-key-B-of-at-least-32-chars';

let api: RunningApi;
/** Signed by the api while its JWT_SECRET was still A. */
let oldKeyToken: string;
let rotating: FastifyInstance;
let rotated: FastifyInstance;

beforeAll(async () => {
  api = await startApi({ jwtSecret: OLD_KEY });
  oldKeyToken = (await signIn(api.url, 'Technical-Agent')).accessToken;
  rotating = await build({ jwtSecret: NEW_KEY, jwtPreviousSecrets: [OLD_KEY], apiUrl: api.url });
  rotated = await build({ jwtSecret: NEW_KEY, apiUrl: api.url });
}, 60_000);

afterAll(async () => {
  await Promise.all([rotating?.close(), rotated?.close(), api?.close()]);
});

async function stations(bench: FastifyInstance, token: string): Promise<number> {
  const response = await bench.inject({
    method: 'GET',
    url: '/TestRunner/Stations',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.statusCode;
}

describe('given the api rotating JWT_SECRET from A to B', () => {
  it('accepts the api’s token signed with A while A is a previous key', async () => {
    expect(await stations(rotating, oldKeyToken)).toBe(200);
  });

  it('refuses it once A is removed', async () => {
    expect(await stations(rotated, oldKeyToken)).toBe(401);
  });

  it('reads JWT_PREVIOUS_SECRETS, refusing a short key in production', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: NEW_KEY,
      CORS_ORIGINS: 'https://burnin.example',
    };
    expect(readConfig({ ...production, JWT_PREVIOUS_SECRETS: `${OLD_KEY}, ` }).jwtPreviousSecrets).toEqual([
      OLD_KEY,
    ]);
    expect(() => readConfig({ ...production, JWT_PREVIOUS_SECRETS: `${OLD_KEY},short` })).toThrow(
      'JWT_PREVIOUS_SECRETS (key 2) must have at least 32 characters with NODE_ENV=production; it has 5.',
    );
  });
});
