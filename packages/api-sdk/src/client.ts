import { createAuthApi } from './auth';
import type { AuthApi } from './auth';
import type { SecondFactorKind } from '@sentinel/domain';
import type { Caller } from './caller';
import type { ApiRequest } from './http';
import { asStepUpRequired } from './errors/step-up-required-error';
import { createSecondFactorApi } from './second-factors';
import type { SecondFactorApi } from './second-factors';
import { createErasureApi } from './erasure';
import type { ErasureApi } from './erasure';
import { createSessionsApi } from './sessions';
import type { SessionsApi } from './sessions';
import { createConnection } from './connection';
import type { ConnectionOptions } from './connection';
import { createRolesApi } from './roles';
import type { RolesApi } from './roles';
import { createTokenKeeper } from './session';
import type { SessionStore } from './session';
import { createAlarmsApi } from './alarms';
import type { AlarmsApi } from './alarms';
import { createAuditApi } from './audit';
import { createBreachRegisterApi } from './breach-register';
import type { BreachRegisterApi } from './breach-register';
import { createGeofencesApi } from './geofences';
import type { GeofencesApi } from './geofences';
import type { AuditApi } from './audit';
import { createCompaniesApi } from './companies';
import { createMyApi } from './my';
import type { MyApi } from './my';
import type { CompaniesApi } from './companies';
import { createDevicesApi } from './devices';
import { createImportsApi } from './imports';
import type { ImportsApi } from './imports';
import { createOnboardingApi } from './onboarding';
import type { OnboardingApi } from './onboarding';
import type { DevicesApi } from './devices';
import { createDriversApi } from './drivers';
import type { DriversApi } from './drivers';
import { createSubscriptionPlansApi } from './subscription-plans';
import type { SubscriptionPlansApi } from './subscription-plans';
import { createUsersApi } from './users';
import type { UsersApi } from './users';
import { createVehiclesApi } from './vehicles';
import { createReplayApi } from './replay';
import { createNotificationsApi } from './notifications';
import type { NotificationsApi } from './notifications';
import { createShareLinksApi } from './share-links';
import type { ShareLinksApi } from './share-links';
import { createDataAccessRequestsApi } from './data-access-requests';
import type { DataAccessRequestsApi } from './data-access-requests';
import { createPushApi } from './push';
import type { PushApi } from './push';
import type { ReplayApi } from './replay';
import type { VehiclesApi } from './vehicles';

export interface ApiClientOptions extends ConnectionOptions {
  /** Where the signed-in user is read from and written to (tokens rotate on refresh). */
  session: SessionStore;
  /** Called after a refused token refresh has cleared the session. @default no-op */
  onLogout?: () => void;
  /** The clock used to judge a token's exp claim, in milliseconds. @default Date.now */
  now?: () => number;
  /** A token expiring within this many seconds is refreshed before use. @default 10 */
  refreshLeewaySeconds?: number;
  /**
   * Asked when the server wants the second factor again before a privileged action (a 403 whose type
   * is 'step-up-required'), with the factors the person can use: confirm it (the `my.stepUp…` calls)
   * and resolve true, and the refused call is sent once more, so the action resumes on its own; resolve
   * false and the call throws StepUpRequiredError. Calls refused together share one prompt.
   * @default none: the call throws StepUpRequiredError
   */
  onStepUp?: (factors: readonly SecondFactorKind[]) => Promise<boolean>;
}

/** The auth calls, plus the session's access token for connections the client does not make itself. */
export interface ClientAuthApi extends AuthApi {
  /**
   * The stored access token, refreshed first through the client's single-flight refresh when its exp
   * claim says it is expired; for the live hub's accessTokenFactory. Rejects with SessionExpiredError
   * when signed out or when the refresh is refused (the session is then cleared and onLogout called).
   */
  freshAccessToken(): Promise<string>;
  /**
   * Signs out: clears the stored session at once, then asks the server to end the sign-in
   * (POST /Auth/Logout with its refresh token), so a copied refresh token stops working too.
   * Resolves either way: the person is signed out on this device even when the server is unreachable.
   */
  signOut(): Promise<void>;
}

/** One property per resource of the API; each holds one function per call in the spec. */
export interface ApiClient {
  auth: ClientAuthApi;
  roles: RolesApi;
  users: UsersApi;
  vehicles: VehiclesApi;
  replay: ReplayApi;
  drivers: DriversApi;
  devices: DevicesApi;
  subscriptionPlans: SubscriptionPlansApi;
  companies: CompaniesApi;
  onboarding: OnboardingApi;
  my: MyApi;
  imports: ImportsApi;
  audit: AuditApi;
  /** The breach register (POPIA section 22): Admins record incidents, the list and its CSV. */
  breachRegister: BreachRegisterApi;
  alarms: AlarmsApi;
  /** Geofences: circles and polygons with their rules, and the 7-day try-out of unsaved rules. */
  geofences: GeofencesApi;
  /** Second factors: sign-in's second step and enrolment, the signed-in user's factors, step-up. */
  secondFactor: SecondFactorApi;
  /** Sign-ins (sessions): the signed-in user's own, and an Admin's view of a staff user's. */
  sessions: SessionsApi;
  /** An account holder's escalation contacts and notification preferences. */
  notifications: NotificationsApi;
  /** Live-location links for responders, made from an alarm. */
  shareLinks: ShareLinksApi;
  /** Access requests (POPIA section 23): an Admin's download of everything held about one account holder. */
  dataAccessRequests: DataAccessRequestsApi;
  /** Web Push subscriptions of this browser (staff). */
  push: PushApi;
  /** Erasure of an account holder and the legal hold that stops it (Admin). */
  erasure: ErasureApi;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { http, readAnswer, call } = createConnection(options);
  const auth = createAuthApi({ call });

  const tokens = createTokenKeeper({
    session: options.session,
    refreshTokens: auth.refreshTokens,
    onLogout: options.onLogout,
    now: options.now ?? Date.now,
    leewaySeconds: options.refreshLeewaySeconds ?? 10,
  });

  /** Sends with the session's token; a token refused despite its exp claim is refreshed once. */
  async function sendAuthorised(request: ApiRequest): Promise<Response> {
    const user = await tokens.current();
    const response = await http.send(request, user.accessToken);
    // Revoked or expired on the server despite its exp claim: refresh once and try again.
    if (response.status !== 401) return response;
    await response.body?.cancel();
    const renewed = await tokens.renew(user);
    return http.send(request, renewed.accessToken);
  }

  // One prompt for every call the server refuses while it is open (a screen that locks two vehicles).
  let stepUpPrompt: Promise<boolean> | undefined;
  function confirmStepUp(factors: readonly SecondFactorKind[]): Promise<boolean> {
    const onStepUp = options.onStepUp;
    if (onStepUp === undefined) return Promise.resolve(false);
    stepUpPrompt ??= onStepUp(factors).finally(() => (stepUpPrompt = undefined));
    return stepUpPrompt;
  }

  const caller: Caller = {
    call,
    async callAuthorised(request, schema) {
      try {
        return await readAnswer(await sendAuthorised(request), request, schema);
      } catch (error) {
        const stepUp = asStepUpRequired(error);
        if (stepUp === undefined) throw error;
        if (!(await confirmStepUp(stepUp.factors))) throw stepUp;
      }
      // Confirmed: the same call once more; a second refusal is thrown, not prompted for again.
      try {
        return await readAnswer(await sendAuthorised(request), request, schema);
      } catch (error) {
        throw asStepUpRequired(error) ?? error;
      }
    },
  };

  return {
    auth: {
      ...auth,
      freshAccessToken: async () => (await tokens.current()).accessToken,
      async signOut() {
        const user = options.session.get();
        options.session.clear();
        if (user === null) return;
        await auth.logout({ refreshToken: user.refreshToken }).catch(() => undefined);
      },
    },
    roles: createRolesApi(caller),
    users: createUsersApi(caller),
    vehicles: createVehiclesApi(caller),
    replay: createReplayApi(caller),
    drivers: createDriversApi(caller),
    devices: createDevicesApi(caller),
    subscriptionPlans: createSubscriptionPlansApi(caller),
    companies: createCompaniesApi(caller),
    onboarding: createOnboardingApi(caller),
    my: createMyApi(caller),
    imports: createImportsApi(caller),
    audit: createAuditApi(caller),
    breachRegister: createBreachRegisterApi(caller),
    alarms: createAlarmsApi(caller),
    geofences: createGeofencesApi(caller),
    notifications: createNotificationsApi(caller),
    shareLinks: createShareLinksApi(caller),
    dataAccessRequests: createDataAccessRequestsApi(caller),
    push: createPushApi(caller),
    secondFactor: createSecondFactorApi(caller),
    sessions: createSessionsApi(caller),
    erasure: createErasureApi(caller),
  };
}
