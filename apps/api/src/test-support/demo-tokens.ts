/* For the api's tests: every demo user signed in through the real sign-in route. */
import type { FastifyInstance } from 'fastify';
import type { RoleName } from '@sentinel/domain';
import { DEMO_SIGN_INS } from '../db/seed';

/** The access token of each demo user, by role. */
export async function demoTokens(app: FastifyInstance): Promise<Record<RoleName, string>> {
  const tokens: Partial<Record<RoleName, string>> = {};
  for (const demo of DEMO_SIGN_INS) {
    const response = await app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      payload: { email: demo.email, password: demo.password },
    });
    if (response.statusCode !== 200)
      throw new Error(`Sign-in of ${demo.email} answered ${response.statusCode}.`);
    tokens[demo.role] = response.json<{ accessToken: string }>().accessToken;
  }
  return tokens as Record<RoleName, string>;
}
