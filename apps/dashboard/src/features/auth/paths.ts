/** Sign-in's second step and the enrolment at sign-in, after the password at /login. */
export const SECOND_FACTOR_PATHS = {
  secondFactor: '/login/second-factor',
  enrol: '/login/enrol',
} as const;
