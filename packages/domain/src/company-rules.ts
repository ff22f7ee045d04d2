/*
 * Company rules shared by the Add Company form and the server: the name's checks and messages,
 * the link roles with their default, and the sort options of the company list.
 */
import { MESSAGES } from './messages';
import type { FieldErrors } from './messages';
import { MANAGER_ROLES, ROLE } from './roles';
import type { RoleName } from './roles';
import { SORT_OPTION } from './sort-search';

/** The longest company name accepted. */
export const COMPANY_NAME_MAX_LENGTH = 100;

export const COMPANY_MESSAGES = {
  nameTooLong: `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  duplicateName: 'A company with this name already exists',
  linkRoleMismatch: (role: string) => `Only a user with the ${role} role can be linked as ${role}`,
  alreadyLinked: 'This user is already linked to this company',
  deleteWithUsers: (name: string, count: number) =>
    `${name} still has ${count} linked ${count === 1 ? 'user' : 'users'}. Remove them from the company before deleting it.`,
} as const;

/** Company names compare without case and surrounding spaces: 'Acme ' and 'ACME' are one company. */
export function companyNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The Name field's message, or undefined when the name is fine. */
export function validateCompanyName(name: string): string | undefined {
  if (name.trim() === '') return MESSAGES.required;
  if (name.trim().length > COMPANY_NAME_MAX_LENGTH) return COMPANY_MESSAGES.nameTooLong;
  return undefined;
}

/** The Add Company form's errors, keyed as the server answers them (errors.CompanyName). */
export function validateCompany(input: { Name: string }): FieldErrors {
  const message = validateCompanyName(input.Name);
  return message === undefined ? {} : { CompanyName: [message] };
}

/** 'Add Company' is enabled once a name is typed. */
export function canSubmitCompany(input: { Name: string }): boolean {
  return input.Name.trim() !== '';
}

/** The link role chosen first on the Link User screen. */
export const DEFAULT_COMPANY_LINK_ROLE = ROLE.companyAdmin;

/**
 * The company list's sorts: 'A - Z' and 'Z - A' by name; with neither chosen it is ordered by id
 * (the spec's default, which has no label).
 */
export const COMPANY_SORT_OPTIONS: readonly CompanySortOption[] = [SORT_OPTION.aToZ, SORT_OPTION.zToA];
export type CompanySortOption = typeof SORT_OPTION.aToZ | typeof SORT_OPTION.zToA;

/**
 * Who may create and delete companies and link or unlink their users: Admin and Technical-Agent.
 * A Company-Admin reads their own companies only; letting them link users would mean listing
 * every user of the service to them.
 */
export const COMPANY_MANAGER_ROLES: readonly RoleName[] = MANAGER_ROLES;

/**
 * Who may move a vehicle's tracking device to another one: it draws on the device registry,
 * which is shared by every company, so not a Company-Admin.
 */
export const DEVICE_CHANGE_ROLES: readonly RoleName[] = MANAGER_ROLES;

export function mayManageCompanies(role: string): boolean {
  return (COMPANY_MANAGER_ROLES as readonly string[]).includes(role);
}

export function mayChangeDevice(role: string): boolean {
  return (DEVICE_CHANGE_ROLES as readonly string[]).includes(role);
}
