import fp from 'fastify-plugin';

/** How second factors, step-up and staff sessions behave (MFA_REQUIRED, STEP_UP_MAX_AGE_SECONDS, ...). */
export interface SecondFactorSettings {
  /** Every staff role must give a second factor at sign-in. @default false */
  mfaRequired: boolean;
  /** How old the session's last second factor may be before a privileged action asks again. @default 300 */
  stepUpMaxAgeSeconds: number;
  /** A staff session unused for longer is refused at refresh. @default 1800 */
  staffIdleTimeoutSeconds: number;
  /** The WebAuthn relying party id: the dashboard's host name. @default 'localhost' */
  rpId: string;
  /** The origin passkeys are accepted from: the dashboard's. @default 'http://localhost:5173' */
  origin: string;
  /** The name authenticators show. @default 'Sentinel' */
  rpName: string;
  /** The key TOTP secrets are encrypted with (any string; a key is derived from it). */
  secretKey: string;
}

export type SecondFactorOptions = Partial<Omit<SecondFactorSettings, 'secretKey'>>;

declare module 'fastify' {
  interface FastifyInstance {
    secondFactorSettings: SecondFactorSettings;
  }
}

/** The settings, with the dashboard's URL giving the relying party when none is set apart. */
export function secondFactorSettings(
  options: SecondFactorOptions,
  secretKey: string,
  dashboardUrl = 'http://localhost:5173',
): SecondFactorSettings {
  const dashboard = new URL(dashboardUrl);
  return {
    mfaRequired: options.mfaRequired ?? false,
    stepUpMaxAgeSeconds: options.stepUpMaxAgeSeconds ?? 300,
    staffIdleTimeoutSeconds: options.staffIdleTimeoutSeconds ?? 1800,
    rpId: options.rpId ?? dashboard.hostname,
    origin: options.origin ?? dashboard.origin,
    rpName: options.rpName ?? 'Sentinel',
    secretKey,
  };
}

export const secondFactorSettingsPlugin = fp<{ settings: SecondFactorSettings }>(
  (app, { settings }, done) => {
    app.decorate('secondFactorSettings', settings);
    done();
  },
  { name: 'sentinel-second-factor-settings' },
);
