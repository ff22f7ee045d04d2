import { ROLE } from './roles';

export interface MenuItem {
  readonly label: string;
  /** Absent for Logout, which signs the user out instead of navigating. */
  readonly path?: string;
}

export const PATHS = {
  root: '/',
  login: '/login',
  signUp: '/sign-up',
  verifyAccount: '/verify-account',
  success: '/success',
  createPassword: '/create-password',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  agent: '/agent',
  clients: '/agent/clients/all',
  onboarding: '/agent/onboarding',
  outstandingDetails: '/agent/onboarding/outstanding-details',
  bookingPending: '/agent/onboarding/booking-pending',
  scheduled: '/agent/onboarding/scheduled',
  addAccount: '/agent/onboarding/client/add',
  companies: '/agent/companies/all',
  burnIn: '/agent/burnin/all',
  addAgent: '/admin/add-agent',
  addCompany: '/admin/add-company',
  importData: '/agent/import',
  auditLog: '/admin/audit-log',
  breachRegister: '/admin/breach-register',
  alarms: '/agent/alarms',
  alarmFigures: '/agent/alarms/figures',
  geofences: '/agent/geofences',
  security: '/agent/security',
  installationChecklist: '/installation-checklist',
} as const;

/** Route builders for the paths that carry ids. */
export const ROUTES = {
  viewAccount: (clientId: number | string) => `/agent/clients/${clientId}/account/view`,
  vehicleHistory: (clientId: number | string, vehicleId: number | string) =>
    `/agent/clients/${clientId}/vehicle/${vehicleId}/history`,
  vehicleReplay: (clientId: number | string, vehicleId: number | string) =>
    `/agent/clients/${clientId}/vehicle/${vehicleId}/replay`,
  addDriver: (clientId: number | string) => `/agent/onboarding/client/${clientId}/add-driver`,
  installation: (vehicleId: number | string) => `/agent/onboarding/client/${vehicleId}/installation`,
  payment: (clientId: number | string) => `/agent/onboarding/client/${clientId}/payment`,
  viewCompany: (companyId: number | string) => `/agent/companies/${companyId}/view`,
  linkCompanyUser: (companyId: number | string) => `/agent/companies/${companyId}/link-user`,
  alarm: (alarmId: number | string) => `/agent/alarms/${alarmId}`,
} as const;

export const MENU = {
  clients: { label: 'Clients', path: PATHS.clients },
  alarms: { label: 'Alarms', path: PATHS.alarms },
  geofences: { label: 'Geofences', path: PATHS.geofences },
  users: { label: 'Users', path: PATHS.clients },
  onboarding: { label: 'Onboarding', path: PATHS.onboarding },
  outstandingDetails: { label: 'Outstanding details', path: PATHS.outstandingDetails },
  bookingPending: { label: 'Booking pending', path: PATHS.bookingPending },
  scheduled: { label: 'Scheduled', path: PATHS.scheduled },
  addAccount: { label: 'Add a new account', path: PATHS.addAccount },
  companies: { label: 'Companies', path: PATHS.companies },
  addAgent: { label: 'Add agent to dashboard', path: PATHS.addAgent },
  addCompany: { label: 'Add company to dashboard', path: PATHS.addCompany },
  importData: { label: 'Import', path: PATHS.importData },
  auditLog: { label: 'Audit log', path: PATHS.auditLog },
  breachRegister: { label: 'Breach register', path: PATHS.breachRegister },
  security: { label: 'Security', path: PATHS.security },
  changePassword: { label: 'Change password', path: PATHS.resetPassword },
  logout: { label: 'Logout' },
} as const satisfies Record<string, MenuItem>;

/** The dropdown menu for a signed-in role (part 1, section 6). */
export function menuForRole(role: string): readonly MenuItem[] {
  switch (role) {
    // Ours, not the spec's: bulk import is for Admins (and Company-Admins), not Technical-Agents;
    // the audit log is the Admin's alone (GET /AuditLog answers 403 to others). Alarms are ours
    // too: the control room's queue, for every staff role (a Company-Admin's holds their
    // companies' vehicles). Security (second factors and sessions) is every staff member's own.
    // Geofences are ours as well, beside the alarms they raise: every staff role (the api keeps a
    // Company-Admin to their companies' scopes). The breach register (POPIA section 22) is the
    // Admin's, beside the audit log.
    case ROLE.admin:
      return [
        MENU.clients,
        MENU.alarms,
        MENU.geofences,
        MENU.onboarding,
        MENU.companies,
        MENU.addAccount,
        MENU.addAgent,
        MENU.addCompany,
        MENU.importData,
        MENU.auditLog,
        MENU.breachRegister,
        MENU.security,
        MENU.changePassword,
        MENU.logout,
      ];
    case ROLE.technicalAgent:
      return [
        MENU.clients,
        MENU.alarms,
        MENU.geofences,
        MENU.onboarding,
        MENU.companies,
        MENU.addAccount,
        MENU.addAgent,
        MENU.addCompany,
        MENU.security,
        MENU.changePassword,
        MENU.logout,
      ];
    case ROLE.companyAdmin:
      // Ours, not the spec's: bulk import into their own companies.
      return [
        MENU.users,
        MENU.alarms,
        MENU.geofences,
        MENU.companies,
        MENU.importData,
        MENU.security,
        MENU.changePassword,
        MENU.logout,
      ];
    default:
      return [MENU.clients, MENU.onboarding, MENU.changePassword, MENU.logout];
  }
}

export const TOP_TABS: readonly MenuItem[] = [
  { label: 'Clients', path: PATHS.clients },
  { label: 'Onboarding', path: PATHS.onboarding },
  { label: 'Companies', path: PATHS.companies },
  { label: 'Burn In', path: PATHS.burnIn },
];

/**
 * The top tabs a role sees. A Company-Admin gets the same two destinations as their menu, 'Users'
 * and 'Companies': onboarding and the burn-in bench are not theirs, and a tab should not lead to a
 * screen whose every call the server refuses.
 */
export function topTabsForRole(role: string): readonly MenuItem[] {
  if (role === ROLE.companyAdmin) return [MENU.users, MENU.companies];
  return TOP_TABS;
}

/** The client list is called 'Users' for a Company-Admin, 'Clients' for everyone else. */
export function clientListLabel(role: string): string {
  return role === ROLE.companyAdmin ? 'Users' : 'Clients';
}

/** Widths at or below this use the mobile layout: the top tabs are hidden. */
export const MOBILE_BREAKPOINT_PX = 768;
export const WIDE_BREAKPOINT_PX = 1030;
