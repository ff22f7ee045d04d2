import { describe, expect, it } from 'vitest';
import { clientListLabel, menuForRole, ROUTES, topTabsForRole } from './navigation';
import { rootRedirectPath } from './root-redirect';

const labels = (role: string) => menuForRole(role).map((item) => item.label);

describe('menuForRole', () => {
  it('gives an Admin the full staff menu, Alarms, Geofences, Import, the audit log, the breach register and Security', () => {
    expect(labels('Admin')).toEqual([
      'Clients',
      'Alarms',
      'Geofences',
      'Onboarding',
      'Companies',
      'Add a new account',
      'Add agent to dashboard',
      'Add company to dashboard',
      'Import',
      'Audit log',
      'Breach register',
      'Security',
      'Change password',
      'Logout',
    ]);
  });
  it('gives a Technical-Agent the full staff menu with Alarms and Geofences, without Import or the audit log', () => {
    expect(labels('Technical-Agent')).toEqual([
      'Clients',
      'Alarms',
      'Geofences',
      'Onboarding',
      'Companies',
      'Add a new account',
      'Add agent to dashboard',
      'Add company to dashboard',
      'Security',
      'Change password',
      'Logout',
    ]);
  });
  it('gives a Company-Admin Users, Alarms, Geofences, Companies and Import', () => {
    expect(labels('Company-Admin')).toEqual([
      'Users',
      'Alarms',
      'Geofences',
      'Companies',
      'Import',
      'Security',
      'Change password',
      'Logout',
    ]);
  });
  it('gives any other role Clients and Onboarding', () => {
    expect(labels('Fitter')).toEqual(['Clients', 'Onboarding', 'Change password', 'Logout']);
  });
  it('links each item to its spec path, and Logout to none', () => {
    const menu = Object.fromEntries(menuForRole('Admin').map((item) => [item.label, item.path]));
    expect(menu).toEqual({
      Clients: '/agent/clients/all',
      Alarms: '/agent/alarms',
      Geofences: '/agent/geofences',
      Onboarding: '/agent/onboarding',
      Companies: '/agent/companies/all',
      'Add a new account': '/agent/onboarding/client/add',
      'Add agent to dashboard': '/admin/add-agent',
      'Add company to dashboard': '/admin/add-company',
      Import: '/agent/import',
      'Audit log': '/admin/audit-log',
      'Breach register': '/admin/breach-register',
      Security: '/agent/security',
      'Change password': '/reset-password',
      Logout: undefined,
    });
  });
  it('labels the client list Users for a Company-Admin only', () => {
    expect(clientListLabel('Company-Admin')).toBe('Users');
    expect(clientListLabel('Admin')).toBe('Clients');
  });
});

describe('topTabsForRole', () => {
  it('gives agents the four tabs and a Company-Admin Users and Companies', () => {
    expect(topTabsForRole('Admin').map((tab) => tab.label)).toEqual([
      'Clients',
      'Onboarding',
      'Companies',
      'Burn In',
    ]);
    expect(topTabsForRole('Company-Admin')).toEqual([
      { label: 'Users', path: '/agent/clients/all' },
      { label: 'Companies', path: '/agent/companies/all' },
    ]);
  });
});

describe('rootRedirectPath', () => {
  it('sends app. hosts to sign-up', () => expect(rootRedirectPath('app.sentinel.co.za')).toBe('/sign-up'));
  it('sends other hosts to login', () => {
    expect(rootRedirectPath('localhost')).toBe('/login');
    expect(rootRedirectPath('dashboard.app.example')).toBe('/login');
  });
});

describe('ROUTES', () => {
  it('builds the id-carrying paths of the route table', () => {
    expect(ROUTES.viewAccount(7)).toBe('/agent/clients/7/account/view');
    expect(ROUTES.vehicleHistory(7, 12)).toBe('/agent/clients/7/vehicle/12/history');
    expect(ROUTES.addDriver(7)).toBe('/agent/onboarding/client/7/add-driver');
    expect(ROUTES.linkCompanyUser(3)).toBe('/agent/companies/3/link-user');
  });
});
