import type { SecondFactorApi, SecondFactorChallenge } from '@sentinel/api-sdk';
import type { SignInAnswer } from '@sentinel/domain';
import type { SecondFactorHandlers } from './second-factor-form';

/** The SDK's calls of a sign-in's second step (`client.secondFactor`). */
export type SecondFactorCalls = Pick<SecondFactorApi, 'totp' | 'recoveryCode' | 'passkeyOptions' | 'passkey'>;

/** The browser's passkey prompt: @simplewebauthn/browser's `startAuthentication({ optionsJSON })`. */
export type StartPasskey = (
  optionsJSON: Awaited<ReturnType<SecondFactorCalls['passkeyOptions']>>,
) => Promise<Parameters<SecondFactorCalls['passkey']>[0]['credential']>;

/**
 * The form's handlers for the second step of a sign-in: each sends its factor with the challenge's
 * token and hands the finished sign-in to `finish` (which keeps it as the app's session). Without
 * `startPasskey` no passkey is offered: the api takes passkeys from the dashboard's origin only.
 */
export function signInSteps(
  calls: SecondFactorCalls,
  { challengeToken }: Pick<SecondFactorChallenge, 'challengeToken'>,
  finish: (answer: SignInAnswer) => void | Promise<void>,
  startPasskey?: StartPasskey,
): SecondFactorHandlers {
  return {
    onCode: async (code) => finish(await calls.totp({ challengeToken, code })),
    onRecoveryCode: async (code) => finish(await calls.recoveryCode({ challengeToken, code })),
    onPasskey:
      startPasskey &&
      (async () => {
        const credential = await startPasskey(await calls.passkeyOptions({ challengeToken }));
        await finish(await calls.passkey({ challengeToken, credential }));
      }),
  };
}
