import {
  ConfirmPhoneRequestSchema,
  isOtpCode,
  MESSAGES,
  MessageAnswerSchema,
  PhoneVerificationSchema,
  ref,
  ResendPhoneConfirmationRequestSchema,
  ROLE,
  SignUpRequestSchema,
  validateSignUp,
} from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { hashPassword } from '../auth/passwords';
import { isUniqueViolation } from '../db/database';
import { ApiError, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { storedPhoneNumber } from '../routes/schemas';
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

const phoneKey = (phoneCode: string, phoneNumber: string) => `otp-phone:${phoneCode}${phoneNumber}`;
const phoneCodeOf = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? '27' : value.trim();

const CODE_ERRORS = {
  invalid: MESSAGES.otpInvalid,
  expired: MESSAGES.otpExpired,
  tooManyAttempts: MESSAGES.otpTooManyAttempts,
} as const;

/** Customer sign-up and phone confirmation: public routes (the customer has no session yet). */
export const signUpRoutes = routePlugin(
  'sign-up',
  async (app) => {
    app.post(
      '/Auth/SignUp',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Sign up as an account holder; texts a code to confirm the phone',
          description:
            'Every field is checked with the same rules as the form; an e-mail or phone already in use ' +
            'is a field error. The answer is the number to confirm, as stored (without the leading 0).',
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
        if (app.botChallenge && !(await app.botChallenge.verify(body.turnstileToken ?? '', request.ip))) {
          throw new ApiError('validation', { TurnstileToken: [MESSAGES.botChallengeFailed] });
        }
        const phoneCode = phoneCodeOf(body.PhoneCode);
        const phoneNumber = storedPhoneNumber(body.PhoneNumber);
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
            },
            ROLE.accountHolder,
          );
        } catch (error) {
          // Another sign-up took the address between the check and the insert.
          if (isUniqueViolation(error)) throw new ApiError('validation', { Email: [MESSAGES.emailInUse] });
          throw error;
        }
        await setPasswordHash(app.db, id, passwordHash);
        await allowSend(app.db, phoneKey(phoneCode, phoneNumber), app.phoneCodeLimits);
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
        const user = await findAwaitingPhoneConfirmation(
          app.db,
          phoneCodeOf(request.body.PhoneCode),
          storedPhoneNumber(request.body.PhoneNumber),
        );
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
            'At most once a minute and five times an hour per phone, 20 times an hour per address; ' +
            'the answer is the same whether or not the number awaits a code.',
          body: ResendPhoneConfirmationRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef, 429: ProblemDetailsRef },
        },
      },
      async (request) => {
        const phoneCode = phoneCodeOf(request.body.phoneCode);
        const phoneNumber = storedPhoneNumber(request.body.phoneNumber);
        if (phoneNumber === '') throw new ApiError('validation', { PhoneNumber: [MESSAGES.required] });
        const allowed =
          (await allowSend(app.db, `otp-ip:${request.ip}`, ADDRESS_LIMITS)) &&
          (await allowSend(app.db, phoneKey(phoneCode, phoneNumber), app.phoneCodeLimits));
        if (!allowed) throw new ApiError('throttled', { PhoneNumber: [MESSAGES.otpResendTooSoon] });
        const user = await findAwaitingPhoneConfirmation(app.db, phoneCode, phoneNumber);
        if (user) await app.phoneCodes.send({ id: user.id, phoneCode, phoneNumber });
        return { message: MESSAGES.otpSent };
      },
    );
  },
  {
    dependencies: ['sentinel-accounts'],
    decorators: ['db', 'phoneCodes', 'botChallenge', 'phoneCodeLimits'],
  },
);
