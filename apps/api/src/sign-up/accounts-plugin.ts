import fp from 'fastify-plugin';
import { MessageAnswerSchema, OTP_RESEND_INTERVAL_MS, PhoneVerificationSchema } from '@sentinel/domain';
import type { SendLimit } from '../throttle/send-log';
import type { BotChallenge } from './bot-challenge';
import { createPhoneCodeService } from './phone-codes';
import { DEFAULT_SMS_COUNTRIES } from './sms-countries';
import type { PhoneCodeService } from './phone-codes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends and checks the phone confirmation codes. */
    phoneCodes: PhoneCodeService;
    /** Checks the sign-up bot challenge; undefined when no secret is configured (no challenge). */
    botChallenge: BotChallenge | undefined;
    /** Where staff reset their password (the dashboard); customers' links go to signupUrl. */
    dashboardUrl: string;
    /** How often one phone may be sent a code. */
    phoneCodeLimits: readonly SendLimit[];
    /** The countries (ISO 3166-1 alpha-2) whose numbers are sent codes; any other is refused. */
    smsCountries: readonly string[];
  }
}

export interface AccountsPluginOptions {
  /** Keys the codes' HMAC. */
  codeKey: string;
  botChallenge: BotChallenge | undefined;
  dashboardUrl: string;
  /** The shortest time between two codes to one phone. @default OTP_RESEND_INTERVAL_MS (a minute) */
  resendIntervalMs?: number | undefined;
  /** The countries (ISO 3166-1 alpha-2) whose numbers are sent codes. @default DEFAULT_SMS_COUNTRIES (ZA) */
  smsCountries?: readonly string[] | undefined;
}

/** What sign-up and the password flows share: the code service, the bot check, the app URLs. */
export const accountsPlugin = fp<AccountsPluginOptions>(
  (app, options, done) => {
    // The answers of the sign-up and password routes, listed once in the OpenAPI document.
    app.addSchema(MessageAnswerSchema);
    app.addSchema(PhoneVerificationSchema);
    const smsCountries = options.smsCountries ?? DEFAULT_SMS_COUNTRIES;
    app.decorate('smsCountries', smsCountries);
    app.decorate('phoneCodes', createPhoneCodeService(app.db, app.messages, options.codeKey, smsCountries));
    app.decorate('botChallenge', options.botChallenge);
    app.decorate('dashboardUrl', options.dashboardUrl.replace(/\/+$/, ''));
    // One code per interval and five an hour per phone.
    app.decorate('phoneCodeLimits', [
      { max: 1, windowMs: options.resendIntervalMs ?? OTP_RESEND_INTERVAL_MS },
      { max: 5, windowMs: 3_600_000 },
    ]);
    done();
  },
  { name: 'sentinel-accounts', dependencies: ['sentinel-db', 'sentinel-providers'] },
);
