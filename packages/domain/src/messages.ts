/** Every user-facing validation message, word for word from the specification. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Please provide a valid email address',
  phoneNumber: 'Please provide a valid phone number',
  phoneCode: 'Please provide a valid country code, such as 27',
  smsCountry: 'We can only send an OTP to numbers in',
  phoneNotConfirmed: 'Please confirm your cellphone number with the OTP we sent you before you log in.',
  idNumber: 'Please provide a valid ID number',
  passport: 'Please provide a valid passport number',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidSignIn: 'Invalid email and password',
  passwordWeak:
    'Password needs at least 8 characters, one lowercase, one uppercase, one number and one special character',
  passwordTooLong: 'Password may have at most 128 characters',
  termsRequired: 'Please accept the terms and conditions and the privacy policy',
  emailInUse: 'This email address is already in use',
  phoneInUse: 'This phone number is already in use',
  botChallengeFailed: 'Please confirm that you are not a robot',
  phoneConfirmed: 'Your cellphone number is confirmed.',
  otpSent: 'A new OTP has been sent.',
  otpInvalid: 'The OTP is not valid',
  otpExpired: 'The OTP has expired. Please request a new one',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP',
  otpResendTooSoon: 'Please wait a minute before requesting another OTP',
  passwordLinkInvalid: 'This link is not valid or has expired. Please request a new one',
  passwordCreated: 'Password created successfully!',
  passwordCreatedNext: 'You can now log in on the mobile app using your new password.',
  passwordCreateFailed: 'An error occurred while creating your password',
  passwordResetStarted:
    'If an account exists for this email address, we have sent a link to reset its password.',
  passwordLinkValid: 'The link is valid.',
  passwordReset: 'Your password has been reset.',
  resetTooSoon: 'Too many requests. Please try again later',
  passwordUpdated: 'Your password has been changed.',
  /** A password change asks for a recent sign-in: a stolen access token alone cannot change it. */
  signInAgainToChangePassword: 'Sign in again to change your password.',
  /** So is a staff member's e-mail address, where their password links go. */
  signInAgainToChangeStaffEmail: "Sign in again to change a staff member's email address.",
} as const;

/** Field name to its messages, the shape both the server's 400 answers and the forms use. */
export type FieldErrors = Record<string, string[]>;
