import {
  ConfirmPhoneRequestSchema,
  isOtpCode,
  isSmsCountry,
  MESSAGES,
  MessageAnswerSchema,
  normalisePhone,
  PhoneVerificationSchema,
  ref,
  ResendPhoneConfirmationRequestSchema,
  ROLE,
  SignUpRequestSchema,
  smsCountryMessage,
  validatePhone,
  validateSignUp,
} from '@sentinel/domain';
import type { FieldErrors, NormalisedPhone } from '@sentinel/domain';
import { hashPassword } from '../auth/passwords';
import { isUniqueViolation } from '../db/database';
import { ApiError, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { allowSend } from '../throttle/send-log';
import {
  emailInUse,
  findAwaitingPhoneConfirmation,
  insertUser,
  phoneInUse,
  setPasswordHash,
} from '../users/user-queries';

/** One caller address: 20 codes an hour (the per-phone limits are app.phoneCodeLimits). */
const ADDRESS_LIMITS = [{ max: 20, windowMs: 3_600_000 }];

/** The OTP throttles count per number in its E.164 form, however it was typed. */
const phoneKey = (phone: NormalisedPhone) => `otp-phone:${phone.e164.slice(1)}`;

const CODE_ERRORS = {
  invalid: MESSAGES.otpInvalid,
  expired: MESSAGES.otpExpired,
  tooManyAttempts: MESSAGES.otpTooManyAttempts,
} as const;

/** Customer sign-up and phone confirmation: public routes (the customer has no session yet). */
export const signUpRoutes = routePlugin(
  'sign-up',
  async (app) => {
    /**
     * The number in its stored form, or a 400 at PhoneCode or PhoneNumber: not a number of its
     * country code, or of a country not texted (SMS_COUNTRIES).
     */
    const textablePhone = (phoneCode: string | undefined, phoneNumber: string): NormalisedPhone => {
      throwIfInvalid(validatePhone(phoneCode, phoneNumber));
      const phone = normalisePhone(phoneCode, phoneNumber);
      if (!phone) throw new ApiError('validation', { PhoneNumber: [MESSAGES.phoneNumber] });
      if (!isSmsCountry(phone, app.smsCountries)) {
        throw new ApiError('validation', { PhoneNumber: [smsCountryMessage(app.smsCountries)] });
      }
      return phone;
    };

    app.post(
      '/Auth/SignUp',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Sign up as an account holder; texts a code to confirm the phone',
          description:
            'Every field is checked with the same rules as the form; an e-mail or phone already in use ' +
            'is a field error. PhoneCode is a country calling code (digits, default 27) and the number ' +
            'one of its country, in any common form; only numbers of the countries SMS_COUNTRIES lists ' +
            '(default ZA) are taken. The answer is the number to confirm, as stored (without the leading 0).',
          body: SignUpRequestSchema,
          response: { 200: ref(PhoneVerificationSchema), 400: ProblemDetailsRef, 429: ProblemDetailsRef },
        },
      },
      async (request) => {
        const body = request.body;
        throwIfInvalid(
          validateSignUp({
            ...body,
            acceptedToAllowInformationToBeUsedToContact:
              body.acceptedToAllowInformationToBeUsedToContact ?? false,
          }),
        );
        const phone = textablePhone(body.PhoneCode, body.PhoneNumber);
        if (app.botChallenge && !(await app.botChallenge.verify(body.turnstileToken ?? '', request.ip))) {
          throw new ApiError('validation', { TurnstileToken: [MESSAGES.botChallengeFailed] });
        }
        const { phoneCode, phoneNumber } = phone;
        const errors: FieldErrors = {};
        if (await emailInUse(app.db, body.Email)) errors['Email'] = [MESSAGES.emailInUse];
        if (await phoneInUse(app.db, phoneCode, phoneNumber)) errors['PhoneNumber'] = [MESSAGES.phoneInUse];
        throwIfInvalid(errors);
        if (!(await allowSend(app.db, `otp-ip:${request.ip}`, ADDRESS_LIMITS))) {
          throw new ApiError('throttled', { PhoneNumber: [MESSAGES.otpResendTooSoon] });
        }

        const passwordHash = await hashPassword(body.Password);
        let id: number;
        try {
          id = await insertUser(
            app.db,
            {
              firstName: body.FirstName,
              lastName: body.LastName,
              email: body.Email,
              phoneCode,
              phoneNumber,
              idNumber: body.IdNumber,
              idNumberIsSouthAfrican: body.IdNumberIsSouthAfrican,
              // A number typed into the sign-up form counts once a texted code proves it.
              phoneConfirmed: false,
            },
            ROLE.accountHolder,
          );
        } catch (error) {
          // Another sign-up took the address between the check and the insert.
          if (isUniqueViolation(error)) throw new ApiError('validation', { Email: [MESSAGES.emailInUse] });
          throw error;
        }
        await setPasswordHash(app.db, id, passwordHash);
        await allowSend(app.db, phoneKey(phone), app.phoneCodeLimits);
        await app.phoneCodes.send({ id, phoneCode, phoneNumber });
        return { PhoneNumber: phoneNumber, PhoneCode: phoneCode };
      },
    );

    app.post(
      '/Auth/ConfirmPhone',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Confirm the phone with the texted code',
          description:
            'A code is six digits, valid 10 minutes, works once and allows 5 tries; errors name ' +
            'PhoneConfirmationToken.',
          body: ConfirmPhoneRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef },
        },
      },
      async (request) => {
        const code = request.body.PhoneConfirmationToken.trim();
        if (!isOtpCode(code))
          throw new ApiError('validation', { PhoneConfirmationToken: [MESSAGES.otpInvalid] });
        throwIfInvalid(validatePhone(request.body.PhoneCode, request.body.PhoneNumber));
        const phone = normalisePhone(request.body.PhoneCode, request.body.PhoneNumber);
        const user =
          phone && (await findAwaitingPhoneConfirmation(app.db, phone.phoneCode, phone.phoneNumber));
        const outcome = user ? await app.phoneCodes.confirm(user.id, code) : 'expired';
        if (outcome !== 'confirmed') {
          throw new ApiError('validation', { PhoneConfirmationToken: [CODE_ERRORS[outcome]] });
        }
        return { message: MESSAGES.phoneConfirmed };
      },
    );

    app.post(
      '/Auth/ResendPhoneConfirmation',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Text a new code to a phone awaiting confirmation',
          description:
            'At most once a minute and five times an hour per phone (however it is written), 20 times ' +
            'an hour per address; a number outside SMS_COUNTRIES is a field error; otherwise the answer ' +
            'is the same whether or not the number awaits a code.',
          body: ResendPhoneConfirmationRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef, 429: ProblemDetailsRef },
        },
      },
      async (request) => {
        const phone = textablePhone(request.body.phoneCode, request.body.phoneNumber);
        const allowed =
          (await allowSend(app.db, `otp-ip:${request.ip}`, ADDRESS_LIMITS)) &&
          (await allowSend(app.db, phoneKey(phone), app.phoneCodeLimits));
        if (!allowed) throw new ApiError('throttled', { PhoneNumber: [MESSAGES.otpResendTooSoon] });
        const user = await findAwaitingPhoneConfirmation(app.db, phone.phoneCode, phone.phoneNumber);
        if (user) await app.phoneCodes.send({ id: user.id, ...phone });
        return { message: MESSAGES.otpSent };
      },
    );
  },
  {
    dependencies: ['sentinel-accounts'],
    decorators: ['db', 'phoneCodes', 'botChallenge', 'phoneCodeLimits', 'smsCountries'],
  },
);
