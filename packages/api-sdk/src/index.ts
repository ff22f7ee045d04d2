export { createApiClient } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { createAuthClient } from './auth-client';
export type { AuthClientOptions } from './auth-client';
export type { ConnectionOptions } from './connection';
export type { SessionStore } from './session';
export type { AuthApi, SignInByEmailRequest, SignInByEmailResponse, SignInStep, TokenPair } from './auth';
export { isSecondFactorChallenge } from './auth';
export type {
  SecondFactorApi,
  ChallengeRequest,
  ChallengeCodeRequest,
  SignInWithRecoveryCodes,
} from './second-factors';
export type { SessionsApi } from './sessions';
export type {
  SecondFactorChallenge,
  SecondFactorKind,
  TotpEnrolment,
  RecoveryCodes,
  MySecondFactors,
  StaffSession,
} from '@sentinel/domain';
export { StepUpRequiredError, isStepUpRequiredError } from './errors/step-up-required-error';
export {
  SecondFactorRequiredError,
  isSecondFactorRequiredError,
} from './errors/second-factor-required-error';
export type { RolesApi } from './roles';
export type { MyApi } from './my';
export { ApiError, isApiError } from './errors/api-error';
export { ContractError, isContractError } from './errors/contract-error';
export type { ContractIssue } from './errors/contract-error';
export type { ErrorBody } from './errors/api-error';
export { errorText, REQUEST_FAILED_TEXT } from './errors/error-text';
export { SessionExpiredError, isSessionExpiredError } from './errors/session-expired-error';
export { NetworkError, isNetworkError } from './errors/network-error';
export { allPages } from './all-pages';
export { loadAppSettings, DEFAULT_APP_SETTINGS } from './app-settings';
export type { AppSettings, LoadAppSettingsOptions } from './app-settings';
export type { ClientAuthApi } from './client';
export { createLiveClient } from './live/live-client';
export type {
  LiveClient,
  LiveClientOptions,
  LiveConnectionState,
  LiveLogger,
  Unsubscribe,
} from './live/live-client';
export {
  LIVE_RECONNECT_DELAYS_MS,
  LIVE_SERVER_TIMEOUT_MS,
  LIVE_KEEP_ALIVE_MS,
  LIVE_LONG_POLL_TIMEOUT_MS,
  LIVE_HUB_PATH,
} from './live/constants';
// The hub's messages are domain types, shared with the server that sends them.
export { LIVE_MESSAGE } from '@sentinel/domain';
export type {
  LiveMessageName,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
  VehicleOnboardingStatusMessage,
  DeviceCommandStatusMessage,
  AlarmChangedMessage,
  VehicleArmingMessage,
  DeviceBatteryMessage,
} from '@sentinel/domain';
export { eq, ne, gt, ge, lt, le, contains, and, or, not, orderBy, odataLiteral, odataParams } from './odata';
export type { ODataField, ODataFilter, ODataLiteral, ODataOrderBy, ODataQuery, UntypedFields } from './odata';
export { historyCsvFileName } from './history';
export type { UsersApi } from './users';
export type { VehiclesApi, HistoryCsv, HistoryPageRequest } from './vehicles';
export type { ReplayApi, ReplayFixesPageRequest } from './replay';
export type {
  ReplayFix,
  ReplayFixPage,
  ReplayPeriodQuery,
  ReplayTrips,
  Trip,
  Stop,
  ReplayEvent,
} from '@sentinel/domain';
export type { DriversApi } from './drivers';
export type { DevicesApi } from './devices';
export type { AuditApi } from './audit';
export { BREACH_REGISTER_CSV_FILE_NAME } from './breach-register';
export type { BreachRegisterApi, BreachRegisterCsv } from './breach-register';
export type {
  BreachIncident,
  BreachIncidentInput,
  BreachIncidentListFields,
  BreachDataClass,
} from '@sentinel/domain';
export { alarmFiguresCsvFileName } from './alarms';
export type { AlarmsApi, AlarmQueueRequest, AlarmFiguresCsv, AlarmPartner } from './alarms';
export type {
  Alarm,
  AlarmDetail,
  AlarmEvent,
  AlarmContact,
  AlarmFigures,
  AlarmFiguresQuery,
  AlarmFiguresRow,
  AlarmQueueTab,
  AlarmKind,
  AlarmState,
  AlarmPriority,
  AlarmResolution,
  ResolveAlarmRequest,
} from '@sentinel/domain';
export type { GeofencesApi, GeofenceListRequest } from './geofences';
export type { NotificationsApi } from './notifications';
export type { PanicAnswer, PanicRequest } from '@sentinel/domain';
export type { ShareLinksApi } from './share-links';
export type { DataAccessRequestsApi } from './data-access-requests';
export type {
  CreateDataAccessRequest,
  CreatedDataAccessRequest,
  DataAccessRequest,
  DataAccessRequestState,
} from '@sentinel/domain';
export type { PushApi } from './push';
export type { ErasureApi } from './erasure';
export type { Erasure, ErasureCounts, LegalHold, LegalHoldState, SubscriptionEnded } from '@sentinel/domain';
export type {
  Geofence,
  GeofenceInput,
  GeofenceShape,
  GeofenceScope,
  GeofenceScopeKind,
  GeofenceRule,
  GeofenceTrigger,
  GeofenceBreach,
  GeofencePreview,
  GeoPoint,
} from '@sentinel/domain';
export type { SubscriptionPlansApi } from './subscription-plans';
export type { CompaniesApi } from './companies';
export type { ImportsApi } from './imports';
export type { OnboardingApi } from './onboarding';
export type {
  CreateDriverRequest,
  CreateVehicleRequest,
  NewVehicle,
  OnboardingStatus,
  VehicleType,
  Region,
  FitmentCenter,
  AvailabilityQuery,
  AvailabilitySlot,
  CreateInstallationBookingRequest,
  UpdateInstallationBookingRequest,
  InstallationBooking,
  LinkDeviceFreeRequest,
  CreateSubscriptionRequest,
  Subscription,
} from '@sentinel/domain';
// The entities, requests and answers are the contract's, declared once in @sentinel/domain.
export type {
  SignUpRequest,
  PhoneVerification,
  ConfirmPhoneRequest,
  ResendPhoneConfirmationRequest,
  StartPasswordResetRequest,
  VerifyPasswordResetRequest,
  CompletePasswordResetRequest,
  CreatePasswordRequest,
  UpdatePasswordRequest,
  MessageAnswer,
  Page,
  ProblemDetails,
  Role,
  User,
  UserListFields,
  CreateAgentRequest,
  CreateAccountHolderRequest,
  ContactEditRequest,
  NewUser,
  Vehicle,
  VehicleListFields,
  ChangeLinkedDeviceRequest,
  ArmingSchedule,
  ArmingStatus,
  Weekday,
  PartnerAlertResult,
  LockResult,
  DeviceCommand,
  DeviceCommandType,
  DeviceCommandStatus,
  HistoryEntry,
  HistoryListFields,
  Driver,
  Device,
  DeviceListFields,
  DeviceStatusInfo,
  SubscriptionPlan,
  Company,
  CompanyId,
  CompanyLinkRole,
  CompanyListFields,
  CompanyUser,
  CompanyUserListFields,
} from '@sentinel/domain';
export { createBurnInClient } from './burn-in';
export type { BurnInApi, BurnInClientOptions } from './burn-in';
export type {
  BurnInUnitResult,
  BurnInTestResult,
  BurnInTestType,
  BurnInTestStatus,
  BurnInMessage,
} from '@sentinel/domain';
