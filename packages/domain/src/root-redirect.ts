import { PATHS } from './navigation';

/** Where '/' sends a visitor: the customer sign-up on an 'app.' host, the staff sign-in elsewhere. */
export function rootRedirectPath(hostname: string): string {
  return hostname.toLowerCase().startsWith('app.') ? PATHS.signUp : PATHS.login;
}
