/** The four roles of the product; Account-Holder is the customer and is refused at dashboard sign-in. */
export const ROLE = {
  admin: 'Admin',
  technicalAgent: 'Technical-Agent',
  companyAdmin: 'Company-Admin',
  accountHolder: 'Account-Holder',
} as const;

export type RoleName = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_NAMES: readonly RoleName[] = Object.values(ROLE);

/** Roles that may sign in to the staff dashboard. */
export const STAFF_ROLES: readonly RoleName[] = [ROLE.admin, ROLE.technicalAgent, ROLE.companyAdmin];

/** Staff who manage the fleet: add users, lock/unlock, alert partners, change devices. */
export const MANAGER_ROLES: readonly RoleName[] = [ROLE.admin, ROLE.technicalAgent];

/** Only an Admin: the development outbox. */
export const ADMIN_ROLES: readonly RoleName[] = [ROLE.admin];

/** Roles a user can hold inside a company. */
export const COMPANY_LINK_ROLES: readonly RoleName[] = [ROLE.companyAdmin, ROLE.accountHolder];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

export function isStaffRole(role: string): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
