/*
 * How long each class of personal data is kept (the *_RETENTION_DAYS settings, api README
 * "Retention"). POPIA section 14 asks that a record be kept no longer than its purpose needs; each
 * default below is the shortest that still serves the purpose a vehicle-security operator in South
 * Africa has to defend, and says which.
 */

export interface RetentionSettings {
  /**
   * POSITION_FIX_RETENTION_DAYS: trip replay's fixes older than this go. 0 (the setting unset):
   * every fix is kept, as before the other classes had a retention.
   */
  positionFixDays: number;
  /**
   * VEHICLE_HISTORY_RETENTION_DAYS (0: kept). Three years: the Prescription Act's period for an
   * insurance claim or a dispute with the customer, which turn on the locks, tamper alerts and
   * call-outs the history records.
   */
  vehicleHistoryDays: number;
  /**
   * AUDIT_LOG_RETENTION_DAYS (0: kept). Five years: longer than the history it describes, so who
   * viewed or changed a holder's data can be answered (POPIA section 23) for as long as that data
   * is held, and the five years business records are kept for auditors.
   */
  auditLogDays: number;
  /**
   * SENT_MESSAGE_RETENTION_DAYS (0: kept): alarm notifications once sent, delivered or failed, and
   * the messages recorded in the outbox table. A year: enough to answer "was I told?" and to
   * reconcile the SMS provider's bills; the alarm's timeline keeps that contacts were told.
   */
  sentMessageDays: number;
  /**
   * IMPORT_RETENTION_DAYS (0: kept): a finished import's file name and rows (the cells as uploaded:
   * names, ID numbers, phone numbers). 30 days to download its report and fix the rows refused; what
   * was imported lives on in the accounts and vehicles.
   */
  importDays: number;
  /**
   * SHARE_LINK_VIEW_RETENTION_DAYS (0: kept): when a responder's live-location link was opened and
   * from which address. A year: incident reviews and complaints about a response come within it.
   */
  shareLinkViewDays: number;
  /**
   * REFRESH_TOKEN_RETENTION_DAYS: days a sign-in's tokens (and its entry in "Your sessions") are
   * kept after it ended, revoked or past its absolute end. 30: time to look into a stolen session;
   * 0 deletes them at the next sweep.
   */
  refreshTokenDays: number;
  /**
   * ONE_TIME_CODE_RETENTION_DAYS: days phone codes, password-reset and password-creation links and
   * second-factor challenges are kept after they expired, with the send log the code throttles count
   * (at least a day, their widest window). 7: time to look into a flood of codes or a reported
   * takeover; 0 deletes them at the next sweep.
   */
  oneTimeCodeDays: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  positionFixDays: 0,
  vehicleHistoryDays: 1095,
  auditLogDays: 1825,
  sentMessageDays: 365,
  importDays: 30,
  shareLinkViewDays: 365,
  refreshTokenDays: 30,
  oneTimeCodeDays: 7,
};

export interface RetentionOptions extends Partial<RetentionSettings> {
  /** How often the sweep runs. @default 3600000 (an hour) */
  sweepIntervalMs?: number;
}
