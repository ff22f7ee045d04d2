/** Every user-facing validation message, word for word from the specification. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Please provide a valid email address',
  phoneNumber: 'Please provide a valid phone number',
  idNumber: 'Please provide a valid ID number',
  passport: 'Please provide a valid passport number',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidSignIn: 'Invalid email and password',
} as const;

/** Field name to its messages, the shape both the server's 400 answers and the forms use. */
export type FieldErrors = Record<string, string[]>;
