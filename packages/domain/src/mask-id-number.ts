import { ROLE } from './roles';
import type { RoleName } from './roles';

/**
 * National ID and passport numbers are special personal information under South Africa's POPIA
 * (section 26 and the minimality rule of section 10): a role sees the full number only when its
 * work needs it. The Admin answers for the data and sees it; agents and Company-Admins never edit
 * an ID (it is captured once, on creation) and see the last four characters, enough to match a
 * document a customer reads out.
 */
export const ID_NUMBER_FULL_VIEW_ROLES: readonly RoleName[] = [ROLE.admin];

/** What stands in for each hidden character. */
export const ID_NUMBER_MASK_CHARACTER = '•';

const VISIBLE = 4;

/** True when this role may read full ID and passport numbers. */
export function seesFullIdNumbers(role: RoleName): boolean {
  return ID_NUMBER_FULL_VIEW_ROLES.includes(role);
}

/** All but the last four characters hidden: '8505055009081' → '•••••••••9081'. Short values are hidden whole. */
export function maskIdNumber(value: string): string {
  if (value.length <= VISIBLE) return ID_NUMBER_MASK_CHARACTER.repeat(value.length);
  return ID_NUMBER_MASK_CHARACTER.repeat(value.length - VISIBLE) + value.slice(-VISIBLE);
}

/** True for a value maskIdNumber produced: a form must not send it back as if it were the number. */
export function isMaskedIdNumber(value: string): boolean {
  return value.includes(ID_NUMBER_MASK_CHARACTER);
}
