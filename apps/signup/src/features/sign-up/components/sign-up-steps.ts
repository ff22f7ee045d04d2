import { PRODUCT_NAME } from '@sentinel/domain';
import type { SignUpStep } from '@sentinel/domain';

/** What the first screen says before any step: whose service this is and what comes after it. */
export const SIGN_UP_INTRO = `Create your ${PRODUCT_NAME} account in three short steps. We then text you a code to confirm your cellphone number, and you download the ${PRODUCT_NAME} app to track, lock and unlock your vehicle.`;

/** Each step's name in the progress indicator and the line saying what it is for. */
export const SIGN_UP_STEP_TEXT: Record<SignUpStep, { name: string; purpose: string }> = {
  email: {
    name: 'Email',
    purpose: `Your email address is how you sign in to the ${PRODUCT_NAME} app and where we send a link if you forget your password.`,
  },
  password: {
    name: 'Password',
    purpose: `Choose the password you will sign in to the ${PRODUCT_NAME} app with.`,
  },
  details: {
    name: 'Details',
    purpose:
      'We need your name and ID to know who the vehicle belongs to, and your cellphone number to text you a code and reach you about an alert.',
  },
};
