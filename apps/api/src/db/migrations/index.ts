import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationResult } from 'kysely';
import type { Database } from '../schema';
import { authMigration } from './0001-auth';
import { vehiclesMigration } from './0002-vehicles';
import { listIndexesMigration } from './0003-list-indexes';
import { passwordsAndOtpMigration } from './0004-passwords-and-otp';
import { companiesMigration } from './0005-companies';
import { onboardingMigration } from './0006-onboarding';
import { auditLogMigration } from './0007-audit-log';
import { deviceCommandsMigration } from './0008-device-commands';
import { positionFixesMigration } from './0009-position-fixes';
import { importsMigration } from './0010-imports';
import { deviceTestCommandsMigration } from './0013-device-test-commands';
import { oneDeviceCommandsTableMigration } from './0014-one-device-commands-table';
import { importLimitsMigration } from './0015-import-limits';
import { normalisedPhonesMigration } from './0016-normalised-phones';
import { alarmsMigration } from './0017-alarms';
import { secondFactorsMigration } from './0018-second-factors';
import { lockReasonsAndHoldsMigration } from './0019-lock-reasons-and-holds';
import { armingMigration } from './0020-arming';
import { geofencesMigration } from './0021-geofences';
import { deviceSignalMigration } from './0022-device-signal';
import { notificationsMigration } from './0023-notifications';
import { commandTraceContextMigration } from './0024-command-trace-context';
import { privacyMigration } from './0025-privacy';
import { retentionIndexesMigration } from './0026-retention-indexes';

/*
 * Migrations live in code (no folder scan), so they run the same from source, from a bundle and
 * in tests. Kysely's Migrator applies them in name order; add new ones with the next number.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-auth': authMigration,
  '0002-vehicles': vehiclesMigration,
  '0003-list-indexes': listIndexesMigration,
  '0004-passwords-and-otp': passwordsAndOtpMigration,
  '0005-companies': companiesMigration,
  '0006-onboarding': onboardingMigration,
  '0007-audit-log': auditLogMigration,
  '0008-device-commands': deviceCommandsMigration,
  '0009-position-fixes': positionFixesMigration,
  '0010-imports': importsMigration,
  '0013-device-test-commands': deviceTestCommandsMigration,
  '0014-one-device-commands-table': oneDeviceCommandsTableMigration,
  '0015-import-limits': importLimitsMigration,
  '0016-normalised-phones': normalisedPhonesMigration,
  '0017-alarms': alarmsMigration,
  '0018-second-factors': secondFactorsMigration,
  '0019-lock-reasons-and-holds': lockReasonsAndHoldsMigration,
  '0020-arming': armingMigration,
  '0021-geofences': geofencesMigration,
  '0022-device-signal': deviceSignalMigration,
  '0023-notifications': notificationsMigration,
  '0024-command-trace-context': commandTraceContextMigration,
  '0025-privacy': privacyMigration,
  '0026-retention-indexes': retentionIndexesMigration,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
  return results ?? [];
}
