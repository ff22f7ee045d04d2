export { PRODUCT_NAME, agentPageTitle } from './product';
export {
  ROLE,
  ROLE_NAMES,
  STAFF_ROLES,
  MANAGER_ROLES,
  ADMIN_ROLES,
  COMPANY_LINK_ROLES,
  isRoleName,
  isStaffRole,
} from './roles';
export type { RoleName } from './roles';
export {
  PATHS,
  ROUTES,
  MENU,
  TOP_TABS,
  topTabsForRole,
  menuForRole,
  clientListLabel,
  MOBILE_BREAKPOINT_PX,
  WIDE_BREAKPOINT_PX,
} from './navigation';
export type { MenuItem } from './navigation';
export { rootRedirectPath } from './root-redirect';
export { isAccessTokenExpired, readExpiry } from './token-expiry';
export { ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE } from './token-claims';
export { MAX_LENGTH, MAX_FILTER_DEPTH, MAX_PAGE_INDEX, tooLongMessage, validateMaxLength } from './limits';
export { MESSAGES } from './messages';
export type { FieldErrors } from './messages';
export {
  required,
  validateEmail,
  validatePhoneNumber,
  digitsOnly,
  validateSouthAfricanId,
  validatePassport,
  validateIdNumber,
  validateName,
} from './validate-field';
export type { FieldRule } from './validate-field';
export {
  DEFAULT_PHONE_CODE,
  isSmsCountry,
  normalisePhone,
  smsCountryMessage,
  validatePhone,
  validatePhoneCode,
} from './phone-number';
export type { NormalisedPhone } from './phone-number';
export {
  trimCredential,
  canSubmitSignIn,
  validateSignIn,
  signInFailureMessage,
  dashboardSignInRefusal,
} from './sign-in';
export type { SignInRequest, SignInFailureBody } from './sign-in';
export { AUTHORISED_USER_KEY, isAuthorisedUser } from './authorised-user';
export type { AuthorisedUser } from './authorised-user';
export { HISTORY_TYPE, isAlertType } from './history-types';
export type { HistoryType } from './history-types';
export {
  BADGE,
  CAR_BATTERY_LOW_VOLTS,
  DEVICE_BATTERY_LOW_PERCENT,
  badgeState,
  isCarBatteryLow,
  isDeviceBatteryLow,
} from './badge-state';
export type { Badge, BadgeStateName, BadgeInput } from './badge-state';
export {
  validateAccountHolder,
  canSubmitAccountHolder,
  validateAgent,
  canSubmitAgent,
  validateContactEdit,
  canSubmitContactEdit,
} from './person-forms';
export type { AccountHolderInput, AgentInput, ContactEditInput } from './person-forms';
export { HISTORY_LOCALE, HISTORY_TIME_ZONE, formatHistoryDate, newestFirst } from './history-format';
export { neutraliseFormula } from './csv-cell';
export { SORT_OPTION, USER_SORT_OPTIONS, matchesSearch, sortUsers } from './sort-search';
export type { SortOption, SortableUser } from './sort-search';
export { LIVE_MESSAGE } from './live-messages';
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
} from './live-messages';
export {
  ID_NUMBER_FULL_VIEW_ROLES,
  ID_NUMBER_MASK_CHARACTER,
  isMaskedIdNumber,
  maskIdNumber,
  seesFullIdNumbers,
} from './mask-id-number';
export { CONTRACT_SCHEMAS } from './contract/index';
export {
  Nullable,
  Literals,
  ref,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  ListQuerySchema,
  PageSchema,
  ItemsSchema,
  ProblemDetailsSchema,
} from './contract/common';
export {
  SignInRequestSchema,
  SignInAnswerSchema,
  RefreshTokensRequestSchema,
  TokenPairSchema,
} from './contract/auth';
export { RoleSchema, RoleListSchema } from './contract/roles';
export { SubscriptionPlanSchema, SubscriptionPlanListSchema } from './contract/subscription-plans';
export { DriverSchema } from './contract/drivers';
export {
  DeviceSchema,
  DevicePageSchema,
  DEVICE_LIST_FIELDS,
  DeviceIngestKeySchema,
  DeviceStatusInfoRequestSchema,
  DeviceStatusInfoSchema,
  DevicePathSchema,
  NewDeviceSchema,
} from './contract/devices';
export {
  CAR_BATTERY_STATES,
  GPS_STATES,
  TELEMETRY_BATCH_MAX,
  TelemetryBatchResultSchema,
  TelemetryBatchSchema,
  TelemetryReportSchema,
  TelemetryResultSchema,
} from './contract/telemetry';
export type {
  CarBatteryState,
  GpsState,
  TelemetryBatch,
  TelemetryBatchResult,
  TelemetryReport,
  TelemetryResult,
} from './contract/telemetry';
export {
  UserSchema,
  UserPageSchema,
  USER_LIST_FIELDS,
  CreateAgentRequestSchema,
  CreateAccountHolderRequestSchema,
  NewUserSchema,
  ContactEditRequestSchema,
  PasswordCreationLinkSchema,
} from './contract/users';
export { HistoryEntrySchema, HistoryPageSchema, HISTORY_LIST_FIELDS } from './contract/history';
export {
  AuditEntrySchema,
  AuditPageSchema,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  AUDIT_LIST_FIELDS,
} from './contract/audit';
export {
  VehicleSchema,
  VehiclePageSchema,
  VEHICLE_LIST_FIELDS,
  LockResultSchema,
  PartnerAlertResultSchema,
  ChangeLinkedDeviceRequestSchema,
} from './contract/vehicles';
export {
  DeviceCommandSchema,
  DeviceCommandPageSchema,
  DeviceCommandDeliverySchema,
  DeviceCommandBatchSchema,
  DeviceCommandAckSchema,
  DeviceCommandAckResultSchema,
  DeviceCommandAckPathSchema,
  DeviceCommandPollQuerySchema,
  DEVICE_COMMAND_WAIT_SECONDS,
  DEVICE_COMMAND_TYPES,
  DEVICE_COMMAND_STATUSES,
  DEVICE_COMMAND_ACK_STATUSES,
  isOpenCommand,
} from './contract/commands';
export type {
  DeviceCommand,
  DeviceCommandType,
  DeviceCommandStatus,
  DeviceCommandDelivery,
  DeviceCommandBatch,
  DeviceCommandAck,
  DeviceCommandAckStatus,
  DeviceCommandAckResult,
  DeviceCommandAckPath,
  DeviceCommandPollQuery,
} from './contract/commands';
export { DeviceTestCommandRequestSchema, DeviceTestCommandSchema } from './contract/device-test-commands';
export type { DeviceTestCommand, DeviceTestCommandRequest } from './contract/device-test-commands';
export type { ListQuery, Page, ProblemDetails } from './contract/common';
export type { SignInAnswer, TokenPair } from './contract/auth';
export { LogoutRequestSchema } from './contract/sessions';
export type { LogoutRequest } from './contract/sessions';
export type { Role } from './contract/roles';
export type { SubscriptionPlan } from './contract/subscription-plans';
export type { Driver } from './contract/drivers';
export type {
  Device,
  DeviceIngestKey,
  DeviceListField,
  DeviceListFields,
  DeviceStatusInfo,
  DevicePath,
  NewDevice,
} from './contract/devices';
export type {
  User,
  UserListField,
  UserListFields,
  CreateAgentRequest,
  CreateAccountHolderRequest,
  NewUser,
  ContactEditRequest,
  PasswordCreationLink,
} from './contract/users';
export type { HistoryEntry, HistoryListField, HistoryListFields } from './contract/history';
export type {
  AuditAction,
  AuditEntry,
  AuditListField,
  AuditListFields,
  AuditTargetType,
} from './contract/audit';
export type {
  Vehicle,
  VehicleListField,
  VehicleListFields,
  LockResult,
  PartnerAlertResult,
  ChangeLinkedDeviceRequest,
} from './contract/vehicles';
export {
  CompanySchema,
  CompanyPageSchema,
  COMPANY_LIST_FIELDS,
  CompanyLinkRoleSchema,
  CompanyUserSchema,
  CompanyUserPageSchema,
  COMPANY_USER_LIST_FIELDS,
  CreateCompanyRequestSchema,
  CompanyIdSchema,
  CompanyUserRemovedSchema,
  AddCompanyUserRequestSchema,
} from './contract/companies';
export type {
  Company,
  CompanyListField,
  CompanyListFields,
  CompanyLinkRole,
  CompanyUser,
  CompanyUserListField,
  CompanyUserListFields,
  CreateCompanyRequest,
  CompanyId,
  CompanyUserRemoved,
  AddCompanyUserRequest,
} from './contract/companies';
export {
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_MESSAGES,
  COMPANY_SORT_OPTIONS,
  COMPANY_MANAGER_ROLES,
  DEVICE_CHANGE_ROLES,
  DEFAULT_COMPANY_LINK_ROLE,
  companyNameKey,
  validateCompanyName,
  validateCompany,
  canSubmitCompany,
  mayManageCompanies,
  mayChangeDevice,
} from './company-rules';
export type { CompanySortOption } from './company-rules';
export {
  DEVICE_SERIAL_MIN_LENGTH,
  DEVICE_SERIAL_MAX_LENGTH,
  IMEI_LENGTH,
  DEVICE_MESSAGES,
  DEVICE_REGISTRATION_ROLES,
  normaliseSerialNumber,
  luhnCheckDigit,
  isValidImei,
  validateSerialNumber,
  validateNewDevice,
  mayRegisterDevice,
} from './device-registration';
export {
  BURN_IN_ROLES,
  BURN_IN_TEST_TYPES,
  BURN_IN_TEST_STATUSES,
  BurnInTestTypeSchema,
  BurnInTestStatusSchema,
  BurnInTestDataSchema,
  BurnInTestResultSchema,
  BurnInUnitResultSchema,
  BurnInResultsSchema,
  BurnInStationsSchema,
  BurnInMessageSchema,
  AddUnitQuerySchema,
  UnitQuerySchema,
  UnitPathSchema,
  RetryUnitTestRequestSchema,
} from './contract/burn-in';
export type {
  BurnInTestType,
  BurnInTestStatus,
  BurnInTestData,
  BurnInTestResult,
  BurnInUnitResult,
  BurnInMessage,
  AddUnitQuery,
  UnitQuery,
  RetryUnitTestRequest,
} from './contract/burn-in';
export {
  BURN_IN_TITLE,
  BURN_IN_AUTO_REFRESH_MS,
  BURN_IN_NARROW_MAX_PX,
  BURN_IN_MEDIUM_MAX_PX,
  BURN_IN_RESIZE_DEBOUNCE_MS,
  BURN_IN_SEARCH_MIN_CHARS,
  BURN_IN_MESSAGES,
  retryingTestMessage,
  parseStationIds,
  countTests,
  isUnitActive,
  matchSerial,
} from './burn-in-bench';
export type { BurnInCounts } from './burn-in-bench';
export {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULES,
  passwordChecklist,
  isStrongPassword,
  validatePassword,
  validatePasswordConfirmation,
  canSubmitNewPassword,
} from './password-rules';
export type { PasswordRule } from './password-rules';
export {
  OTP_LENGTH,
  OTP_TTL_MS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_INTERVAL_MS,
  otpDigit,
  otpFromPaste,
  isOtpComplete,
  isOtpCode,
} from './otp';
export {
  SIGN_UP_STEPS,
  TURNSTILE_RETRY_MS,
  PHONE_VERIFICATION_KEY,
  validateSignUpEmailStep,
  validateSignUpPasswordStep,
  signUpStepForErrors,
} from './sign-up';
export { validateSignUpDetailsStep, validateSignUp } from './sign-up-details';
export type { SignUpStep, SignUpInput } from './sign-up';
export {
  SignUpRequestSchema,
  PhoneVerificationSchema,
  ConfirmPhoneRequestSchema,
  ResendPhoneConfirmationRequestSchema,
  StartPasswordResetRequestSchema,
  VerifyPasswordResetRequestSchema,
  CompletePasswordResetRequestSchema,
  CreatePasswordRequestSchema,
  UpdatePasswordRequestSchema,
  MessageAnswerSchema,
} from './contract/auth-flows';
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
} from './contract/auth-flows';
export {
  ONBOARDING_STATUS,
  ONBOARDING_MESSAGES,
  SEARCH_MIN_CHARACTERS,
  VEHICLE_SEARCH_RESULT_COUNT,
  REGISTRATION_YEARS_BACK,
  OLDER_THAN_1999,
  DEPOSIT_DUE_CENTS,
  registrationYearOptions,
  timeOfDay,
  formatRand,
  validateDriver,
  canSubmitDriver,
  validateVehicleDetails,
  canSubmitVehicleDetails,
  validateBookingTime,
  slotFullMessage,
  utcSlotInstant,
  installationSlotLabel,
  PAYMENT_CONSENTS,
  canSubmitPayment,
} from './onboarding-rules';
export type {
  OnboardingStatus,
  DriverInput,
  VehicleDetailsInput,
  BookingTimeInput,
} from './onboarding-rules';
export {
  VehicleTypeSchema,
  VehicleTypeSearchQuerySchema,
  VehicleTypeSearchAnswerSchema,
  CreateVehicleRequestSchema,
  NewVehicleSchema,
  CreateDriverRequestSchema,
  RegionSchema,
  RegionListSchema,
  FitmentCenterSchema,
  FitmentCenterListSchema,
  AvailabilityQuerySchema,
  AvailabilitySlotSchema,
  AvailabilityListSchema,
  CreateInstallationBookingRequestSchema,
  UpdateInstallationBookingRequestSchema,
  InstallationBookingSchema,
  LinkDeviceFreeRequestSchema,
  CreateSubscriptionRequestSchema,
  SubscriptionSchema,
  SUBSCRIPTION_STATUSES,
  SubscriptionStatusSchema,
  OnboardingStatusSchema,
} from './contract/onboarding';
export type {
  VehicleType,
  VehicleTypeSearchQuery,
  CreateVehicleRequest,
  NewVehicle,
  CreateDriverRequest,
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
  SubscriptionStatus,
} from './contract/onboarding';
export {
  IMPORT_ROLES,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_FIELDS,
  IMPORT_FIELD_KEYS,
  IMPORT_TEMPLATE_FILE_NAME,
  IMPORT_MESSAGES,
  IMPORT_ROWS_PAGE_SIZE,
  IMPORT_ROWS_MAX_PAGE_SIZE,
  ImportStatusSchema,
  ImportPlanSchema,
  ImportOutcomeSchema,
  ImportMappingSchema,
  ImportJobSchema,
  CreateImportRequestSchema,
  ImportMappingRequestSchema,
  StartImportRequestSchema,
  ImportRowSchema,
  ImportRowPageSchema,
  ImportRowsQuerySchema,
  importErrorsFileName,
  importReportFileName,
} from './contract/imports';
export type {
  ImportField,
  ImportStatus,
  ImportPlan,
  ImportOutcome,
  ImportMapping,
  ImportJob,
  CreateImportRequest,
  ImportRow,
  ImportRowsQuery,
} from './contract/imports';
export { privilegeOf, contactEditRefusal, PRIVILEGE_MESSAGES } from './privilege';
export {
  REPLAY_MAX_PAGE_SIZE,
  REPLAY_MAX_POINTS,
  REPLAY_MAX_PERIOD_DAYS,
  ReplayPeriodQuerySchema,
  ReplayFixesQuerySchema,
  ReplayFixSchema,
  ReplayFixPageSchema,
  StopSchema,
  TripSchema,
  ReplayEventSchema,
  ReplayTripsSchema,
} from './contract/replay';
export type {
  ReplayPeriodQuery,
  ReplayFixesQuery,
  ReplayFix,
  ReplayFixPage,
  Stop,
  Trip,
  ReplayEvent,
  ReplayTrips,
} from './contract/replay';
export { distanceMetres, pathMetres } from './trips/geo';
export type { Position } from './trips/geo';
export { orderFixes, speedAt, withSpeeds } from './trips/fixes';
export type { RecordedFix } from './trips/fixes';
export {
  DEFAULT_STOP_RADIUS_METRES,
  DEFAULT_STOP_MINIMUM_SECONDS,
  findStopSpans,
  tripsAndStops,
  fixesBetween,
} from './trips/trips';
export type { StopSettings, StopSpan } from './trips/trips';
export { thinFixes, thinnedIndices } from './trips/thin';
export { FixThinning, FixWindow, StopFinder, THIN_PIECE_FIXES, TripBuilder } from './trips/trip-stream';
export {
  REPLAY_PERIODS,
  johannesburgDate,
  replayPeriod,
  customReplayPeriod,
  replayPeriodError,
} from './trips/period';
export type { ReplayPeriodName } from './trips/period';
export {
  REPLAY_SPEEDS,
  TRACK_MS_PER_SECOND_AT_1X,
  SKIP_GAP_MS,
  fixIndexAt,
  markerAt,
  advance,
  formatReplayTime,
  formatReplayDayTime,
  formatDistance,
  formatDuration,
  formatCoordinates,
} from './trips/playback';
export type { ReplaySpeed, ReplayMarker } from './trips/playback';

export {
  ALARM_KINDS,
  ALARM_KIND_LABELS,
  ALARM_STATES,
  ALARM_RESOLUTIONS,
  ALARM_RESOLUTION_LABELS,
  ALARM_PRIORITIES,
  ALARM_PRIORITY_LABELS,
  ALARM_KIND_DEFAULTS,
  ALARM_NOTE_MAX_LENGTH,
  ALARM_MESSAGES,
  alarmNoteErrors,
  alarmResolutionErrors,
  isActiveAlarm,
  responseClock,
} from './alarms';
export type { AlarmKind, AlarmPriority, AlarmResolution, AlarmState } from './alarms';
export {
  AlarmSchema,
  AlarmPageSchema,
  AlarmQueueQuerySchema,
  ALARM_QUEUE_TABS,
  ALARM_EVENT_TYPES,
  AlarmEventSchema,
  AlarmContactSchema,
  AlarmDetailSchema,
  ResolveAlarmRequestSchema,
  AlarmNoteRequestSchema,
  EscalateAlarmRequestSchema,
  AlarmFiguresQuerySchema,
  AlarmFiguresRowSchema,
  AlarmFiguresSchema,
} from './contract/alarms';
export type {
  Alarm,
  AlarmQueueQuery,
  AlarmQueueTab,
  AlarmEventType,
  AlarmEvent,
  AlarmContact,
  AlarmDetail,
  ResolveAlarmRequest,
  AlarmNoteRequest,
  EscalateAlarmRequest,
  AlarmFiguresQuery,
  AlarmFiguresRow,
  AlarmFigures,
} from './contract/alarms';

// Staff second factors, sessions and step-up; safe immobilisation.
export * from './second-factors';
export * from './contract/second-factors';
export * from './immobilisation';
export * from './contract/immobilisation';
export * from './import-template';
// Arming: a vehicle armed by hand or by its schedule raises an alarm when it moves or starts.
export * from './arming';
export * from './contract/arming';
export * from './geofences';
export * from './contract/geofences';
export * from './contract/gateway';
export * from './notification-contacts';
export * from './notification-messages';
export * from './contract/notifications';
export * from './contract/share-links';
export * from './contract/push';
export * from './contract/panic';
// The breach register (POPIA section 22).
export * from './breach-register';
export * from './contract/breach-incidents';
// POPIA: erasure of an account holder, and the legal hold that stops it.
export * from './erasure-rules';
export * from './contract/privacy';
// POPIA: an Admin's download of everything held about one account holder.
export * from './contract/data-access-requests';
