/*
 * Passkeys (WebAuthn through @simplewebauthn/server): registration and authentication with user
 * verification preferred, the signature counter stored, and the origin and relying party id taken
 * from the settings (the dashboard's URL), never from the request.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { SecondFactorSettings } from './settings';

function transportsOf(stored: string | null): AuthenticatorTransportFuture[] | undefined {
  return stored === null ? undefined : (JSON.parse(stored) as AuthenticatorTransportFuture[]);
}

export async function registrationOptions(
  db: Kysely<Database>,
  settings: SecondFactorSettings,
  user: { id: number; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db
    .selectFrom('passkeys')
    .select(['credentialId', 'transports'])
    .where('userId', '=', user.id)
    .execute();
  return generateRegistrationOptions({
    rpName: settings.rpName,
    rpID: settings.rpId,
    userName: user.email,
    userID: new TextEncoder().encode(`sentinel-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      ...(row.transports === null ? {} : { transports: transportsOf(row.transports) }),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Verifies a registration against the stored challenge and keeps the passkey; false when it fails. */
export async function registerPasskey(
  db: Kysely<Database>,
  settings: SecondFactorSettings,
  userId: number,
  expectedChallenge: string,
  response: unknown,
  name: string | undefined,
): Promise<boolean> {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  const { credential } = verification.registrationInfo;
  const count = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('passkeys')
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports === undefined ? null : JSON.stringify(credential.transports),
      name: name?.trim() || `Passkey ${Number(count.count) + 1}`,
      createdAt: instant(),
      lastUsedAt: null,
    })
    .execute();
  return true;
}

export async function authenticationOptions(
  db: Kysely<Database>,
  settings: SecondFactorSettings,
  userId: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await db
    .selectFrom('passkeys')
    .select(['credentialId', 'transports'])
    .where('userId', '=', userId)
    .execute();
  return generateAuthenticationOptions({
    rpID: settings.rpId,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((row) => ({
      id: row.credentialId,
      ...(row.transports === null ? {} : { transports: transportsOf(row.transports) }),
    })),
  });
}

/** Verifies an assertion by one of the user's passkeys and moves its counter on; false when it fails. */
export async function authenticatePasskey(
  db: Kysely<Database>,
  settings: SecondFactorSettings,
  userId: number,
  expectedChallenge: string,
  response: unknown,
): Promise<boolean> {
  const credentialId = (response as { id?: unknown } | null)?.id;
  if (typeof credentialId !== 'string') return false;
  const passkey = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('userId', '=', userId)
    .where('credentialId', '=', credentialId)
    .executeTakeFirst();
  if (!passkey) return false;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: Number(passkey.counter),
        ...(passkey.transports === null ? {} : { transports: transportsOf(passkey.transports) }),
      },
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  await db
    .updateTable('passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: instant() })
    .where('id', '=', passkey.id)
    .execute();
  return true;
}
