import { isStaffRole, ROLE } from './roles';
import type { RoleName } from './roles';

/** How much each role may do, highest first: a user's privilege is that of their highest role. */
const PRIVILEGE: Record<RoleName, number> = {
  [ROLE.admin]: 3,
  [ROLE.technicalAgent]: 2,
  [ROLE.companyAdmin]: 1,
  [ROLE.accountHolder]: 0,
};

/** The privilege of a user holding these roles (unknown role names count for nothing). */
export function privilegeOf(roles: readonly string[]): number {
  return Math.max(-1, ...roles.map((role) => (role in PRIVILEGE ? PRIVILEGE[role as RoleName] : -1)));
}

export const PRIVILEGE_MESSAGES = {
  outranked: 'You may not change the details of a user with more privilege than your own.',
  staffEmailNeedsAdmin: "Only an Admin may change a staff member's email address.",
  /** A password-creation link goes only to an account without a password: the customer resets theirs. */
  hasPassword: 'This account already has a password: ask the customer to use Forgot password',
  /** Links to one user are throttled; `minutes` is how long the person should wait. */
  linkTooSoon: (minutes: number) =>
    `A link was sent a moment ago: try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}`,
} as const;

/**
 * Why `editorRole` may not change a user's contact details, or undefined when they may: nobody
 * edits a user with more privilege than their own, and a staff member's e-mail needs an Admin
 * (the e-mail is where their password links go).
 */
export function contactEditRefusal(
  editorRole: RoleName,
  targetRoles: readonly string[],
  changesEmail: boolean,
): string | undefined {
  if (privilegeOf(targetRoles) > privilegeOf([editorRole])) return PRIVILEGE_MESSAGES.outranked;
  if (changesEmail && editorRole !== ROLE.admin && targetRoles.some(isStaffRole)) {
    return PRIVILEGE_MESSAGES.staffEmailNeedsAdmin;
  }
  return undefined;
}
