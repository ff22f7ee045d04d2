import { Navigate } from 'react-router';
import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import {
  ADMIN_ROLES,
  BURN_IN_ROLES,
  COMPANY_MANAGER_ROLES,
  IMPORT_ROLES,
  MANAGER_ROLES,
  ONBOARDING_STATUS,
  PATHS,
  STAFF_ROLES,
} from '@sentinel/domain';
import { PlaceholderPage } from './placeholder-page';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { SECOND_FACTOR_PATHS } from '../features/auth/paths';
import { RedirectSignedIn, RequireUser, RootRedirect } from './guards';
import { InstallationChecklistPage } from './installation-checklist-page';
import { NotFoundPage } from './not-found-page';
import { ReachesProvider, reachedBy, RoleGuard } from './route-access';

/**
 * A route whose screen is loaded when it is first visited, so each screen's code is its own chunk and
 * the sign-in page downloads only what it needs (the bundle budget in .size-limit.js checks it).
 * Every new route follows this pattern: `{ path, ...lazyScreen(() => import('...'), (m) => m.Page) }`.
 * Never import a screen statically here: it would join the entry chunk of every visit.
 */
function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/** The same for a screen that takes props from the route table. */
function lazyElement<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactElement,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

const pipelineTab = () => import('../features/onboarding/components/pipeline-tab');

/**
 * Every route of the spec (part 1, section 2). Screens that later issues build show their title.
 * The sign-in comes with the app (a first visit starts there); the agent area's frame (menus, the live
 * connection) and each feature's screen load when first visited.
 * No errorElement anywhere: React Router's default shows 'Unexpected Application Error!' and the
 * error's message, which is what the spec asks for.
 *
 * Roles: the signed-in area is for staff; a route whose calls the api gives fewer roles says which
 * with `handle: reachedBy(...)`, the same domain list as the api's route config. Another role sees
 * the api's refusal in the agent layout instead of the screen, and its menus do not offer the route.
 */
const passwordPages = () => import('../features/passwords/components/password-pages');

export const routes: RouteObject[] = [
  { path: PATHS.root, element: <RootRedirect /> },
  {
    path: PATHS.login,
    element: (
      <RedirectSignedIn>
        <SignInPage />
      </RedirectSignedIn>
    ),
  },
  // The second factor after the password, and its enrolment; the challenge is held in memory.
  {
    path: SECOND_FACTOR_PATHS.secondFactor,
    ...lazyElement(
      () => import('../features/auth/components/second-factor-page'),
      ({ SecondFactorPage }) => (
        <RedirectSignedIn>
          <SecondFactorPage />
        </RedirectSignedIn>
      ),
    ),
  },
  {
    path: SECOND_FACTOR_PATHS.enrol,
    ...lazyElement(
      () => import('../features/auth/components/enrol-page'),
      ({ EnrolPage }) => (
        <RedirectSignedIn>
          <EnrolPage />
        </RedirectSignedIn>
      ),
    ),
  },
  // Customer and password screens: the signup app owns the customer flow; see the README.
  { path: PATHS.signUp, element: <PlaceholderPage title="Sign up" /> },
  { path: '/verify-account', element: <PlaceholderPage title="Confirm your cellphone number" /> },
  { path: '/success', element: <PlaceholderPage title="Success" /> },
  // The password screens are the shared ones of @sentinel/screens/passwords.
  { path: PATHS.forgotPassword, ...lazyScreen(passwordPages, (module) => module.ForgotPasswordPage) },
  { path: PATHS.resetPassword, ...lazyScreen(passwordPages, (module) => module.ResetPasswordPage) },
  { path: PATHS.createPassword, ...lazyScreen(passwordPages, (module) => module.CreatePasswordPage) },
  { path: PATHS.installationChecklist, element: <InstallationChecklistPage /> },
  // A responder's live-location link: public (the token is the key), read-only, whoever is signed in.
  {
    path: '/shared/:token',
    ...lazyScreen(
      () => import('../features/shared-location/components/shared-location-page'),
      (module) => module.SharedLocationPage,
    ),
  },
  {
    element: <RequireUser />,
    children: [
      {
        // Read when the menus render, by then the table below is complete.
        element: <ReachesProvider routes={() => routes} />,
        children: [
          {
            ...lazyScreen(
              () => import('./screens/agent-area'),
              (module) => module.AgentArea,
            ),
            children: [
              {
                element: <RoleGuard />,
                handle: reachedBy(STAFF_ROLES),
                children: [
                  {
                    path: PATHS.agent,
                    children: [
                      { index: true, element: <Navigate to={PATHS.clients} replace /> },
                      {
                        path: 'clients',
                        children: [
                          { index: true, element: <Navigate to={PATHS.clients} replace /> },
                          {
                            path: 'all',
                            ...lazyScreen(
                              () => import('./screens/client-list-screen'),
                              (module) => module.ClientListScreen,
                            ),
                          },
                          {
                            path: ':clientId/account/view',
                            ...lazyScreen(
                              () => import('./screens/view-account-screen'),
                              (module) => module.ViewAccountScreen,
                            ),
                          },
                          {
                            path: ':clientId/vehicle/:vehicleId/history',
                            ...lazyScreen(
                              () => import('../features/history/components/vehicle-history-page'),
                              (module) => module.VehicleHistoryPage,
                            ),
                          },
                          {
                            path: ':clientId/vehicle/:vehicleId/replay',
                            ...lazyScreen(
                              () => import('../features/replay/components/vehicle-replay-page'),
                              (module) => module.VehicleReplayPage,
                            ),
                          },
                        ],
                      },
                      {
                        path: 'onboarding',
                        children: [
                          {
                            ...lazyScreen(
                              () => import('../features/onboarding/components/onboarding-layout'),
                              (module) => module.OnboardingLayout,
                            ),
                            children: [
                              { index: true, element: <Navigate to={PATHS.outstandingDetails} replace /> },
                              {
                                path: 'outstanding-details',
                                ...lazyElement(pipelineTab, ({ PipelineTab }) => (
                                  <PipelineTab
                                    title="Outstanding details"
                                    status={ONBOARDING_STATUS.outstandingDetails}
                                  />
                                )),
                              },
                              {
                                path: 'booking-pending',
                                ...lazyElement(pipelineTab, ({ PipelineTab }) => (
                                  <PipelineTab
                                    title="Booking pending"
                                    status={ONBOARDING_STATUS.bookingPending}
                                  />
                                )),
                              },
                              {
                                path: 'scheduled',
                                ...lazyElement(pipelineTab, ({ PipelineTab }) => (
                                  <PipelineTab title="Scheduled" status={ONBOARDING_STATUS.scheduled} />
                                )),
                              },
                            ],
                          },
                          {
                            path: 'client/add',
                            handle: reachedBy(MANAGER_ROLES),
                            ...lazyScreen(
                              () => import('../features/onboarding/components/account-holder-page'),
                              (module) => module.AccountHolderPage,
                            ),
                          },
                          {
                            path: 'client/:clientId/add-driver',
                            ...lazyScreen(
                              () => import('../features/onboarding/components/add-driver-page'),
                              (module) => module.AddDriverPage,
                            ),
                          },
                          {
                            path: 'client/:clientId/installation',
                            ...lazyScreen(
                              () => import('../features/onboarding/components/installation-page'),
                              (module) => module.InstallationPage,
                            ),
                          },
                          {
                            path: 'client/:clientId/payment',
                            ...lazyScreen(
                              () => import('../features/onboarding/components/payment-page'),
                              (module) => module.PaymentPage,
                            ),
                          },
                        ],
                      },
                      {
                        path: 'companies',
                        children: [
                          { index: true, element: <Navigate to={PATHS.companies} replace /> },
                          {
                            path: 'all',
                            ...lazyScreen(
                              () => import('../features/companies/components/company-list-page'),
                              (module) => module.CompanyListPage,
                            ),
                          },
                          {
                            path: ':companyId/view',
                            ...lazyScreen(
                              () => import('../features/companies/components/view-company-page'),
                              (module) => module.ViewCompanyPage,
                            ),
                          },
                          {
                            path: ':companyId/link-user',
                            handle: reachedBy(COMPANY_MANAGER_ROLES),
                            ...lazyScreen(
                              () => import('../features/companies/components/link-user-page'),
                              (module) => module.LinkUserPage,
                            ),
                          },
                        ],
                      },
                      {
                        path: 'burnin',
                        handle: reachedBy(BURN_IN_ROLES),
                        children: [
                          { index: true, element: <Navigate to={PATHS.burnIn} replace /> },
                          {
                            path: 'all',
                            ...lazyScreen(
                              () => import('../features/burn-in/components/burn-in-page'),
                              (module) => module.BurnInPage,
                            ),
                          },
                        ],
                      },
                      {
                        path: 'alarms',
                        children: [
                          {
                            index: true,
                            ...lazyScreen(
                              () => import('../features/alarms/components/alarm-queue-page'),
                              (module) => module.AlarmQueuePage,
                            ),
                          },
                          {
                            path: 'figures',
                            ...lazyScreen(
                              () => import('../features/alarms/components/alarm-figures-page'),
                              (module) => module.AlarmFiguresPage,
                            ),
                          },
                          {
                            path: ':alarmId',
                            ...lazyScreen(
                              () => import('./screens/alarm-screen'),
                              (module) => module.AlarmScreen,
                            ),
                          },
                        ],
                      },
                      {
                        path: 'geofences',
                        ...lazyScreen(
                          () => import('../features/geofences/components/geofences-page'),
                          (module) => module.GeofencesPage,
                        ),
                      },
                      {
                        path: 'security',
                        ...lazyScreen(
                          () => import('../features/security/components/security-page'),
                          (module) => module.SecurityPage,
                        ),
                      },
                      {
                        path: 'import',
                        handle: reachedBy(IMPORT_ROLES),
                        ...lazyScreen(
                          () => import('../features/import/components/import-page'),
                          (module) => module.ImportPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: PATHS.addAgent,
                    handle: reachedBy(MANAGER_ROLES),
                    ...lazyScreen(
                      () => import('../features/admin/components/add-agent-page'),
                      (module) => module.AddAgentPage,
                    ),
                  },
                  {
                    path: PATHS.addCompany,
                    handle: reachedBy(COMPANY_MANAGER_ROLES),
                    ...lazyScreen(
                      () => import('../features/companies/components/add-company-page'),
                      (module) => module.AddCompanyPage,
                    ),
                  },
                  {
                    path: PATHS.auditLog,
                    // The words this screen has always given the other roles.
                    handle: reachedBy(ADMIN_ROLES, 'Only an Admin can read the audit log'),
                    ...lazyScreen(
                      () => import('../features/audit/components/audit-log-page'),
                      (module) => module.AuditLogPage,
                    ),
                  },
                  {
                    path: PATHS.breachRegister,
                    handle: reachedBy(ADMIN_ROLES),
                    ...lazyScreen(
                      () => import('../features/breach-register/components/breach-register-page'),
                      (module) => module.BreachRegisterPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
