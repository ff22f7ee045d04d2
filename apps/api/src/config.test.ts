import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmOptions,
  assertProductionSettings,
  DEFAULT_DATABASE_FILE,
  devOutboxEnabled,
  gatewayOptions,
  loadOrCreateJwtSecret,
  readServerConfig,
  retentionOptions,
  secondFactorOptions,
  serverBuildOptions,
  simulatorEnabled,
} from './config';
import { DEFAULT_IMPORT_LIMITS, readImportLimits } from './imports/import-limits';
import { DEFAULT_REPLAY_MAX_FIXES } from './replay/replay-queries';
import { replaySettingsFromEnv } from './replay/routes';
import { readSmsCountries } from './sign-up/sms-countries';
import { alarmSettings } from './alarms/alarm-settings';
import { DEFAULT_RETENTION } from './retention/retention-settings';

describe('readServerConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    expect(readServerConfig({})).toEqual({
      port: 5080,
      host: '127.0.0.1',
      databaseFile: DEFAULT_DATABASE_FILE,
      jwtSecret: undefined,
      jwtPreviousSecrets: [],
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      refreshTokenAbsoluteTtlSeconds: 7_776_000,
      corsOrigins: undefined,
      logLevel: 'info',
      hub: {
        maxMessageBytes: 32_768,
        maxBufferedBytes: 1_048_576,
        maxConnectionsPerUser: 100,
        sendCoalesceMs: 20,
        negotiatePerMinute: { perUser: 120, perAddress: 600 },
      },
      authLimits: {
        perAddress: { max: 100, windowMs: 900_000 },
        perAccount: { max: 10, windowMs: 900_000 },
        refreshPerAddress: { max: 600, windowMs: 900_000 },
        signInConcurrency: availableParallelism(),
        signInQueue: 100,
        knownAddressMs: 30 * 24 * 3_600_000,
      },
      trustProxy: ['loopback'],
    });
    expect(DEFAULT_DATABASE_FILE).toMatch(/apps[/\\]api[/\\]\.data[/\\]sentinel\.db$/);
  });

  it('reads every setting', () => {
    expect(
      readServerConfig({
        PORT: '6000',
        HOST: '0.0.0.0',
        DATABASE_FILE: 'tmp/x.db',
        JWT_SECRET: 's3cret',
        JWT_PREVIOUS_SECRETS: ' old-s3cret, older-s3cret ,',
        ACCESS_TOKEN_TTL_SECONDS: '60',
        REFRESH_TOKEN_TTL_SECONDS: '3600',
        CORS_ORIGINS: 'https://a.example, https://b.example ,',
        LOG_LEVEL: 'warn',
        LIVE_MAX_MESSAGE_BYTES: '65536',
        LIVE_MAX_BUFFERED_BYTES: '2097152',
        LIVE_MAX_CONNECTIONS_PER_USER: '5',
        LIVE_SEND_COALESCE_MS: '0',
        LIVE_NEGOTIATE_PER_USER_PER_MINUTE: '30',
        LIVE_NEGOTIATE_PER_ADDRESS_PER_MINUTE: '300',
        REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS: '86400',
        AUTH_LIMIT_WINDOW_SECONDS: '60',
        AUTH_LIMIT_PER_ADDRESS: '20',
        AUTH_LIMIT_PER_ACCOUNT: '5',
        AUTH_LIMIT_REFRESH_PER_ADDRESS: '200',
        SIGN_IN_CONCURRENCY: '4',
        SIGN_IN_QUEUE: '0',
        TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback',
      }),
    ).toEqual({
      port: 6000,
      host: '0.0.0.0',
      databaseFile: resolve('tmp/x.db'),
      jwtSecret: 's3cret',
      jwtPreviousSecrets: ['old-s3cret', 'older-s3cret'],
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      corsOrigins: ['https://a.example', 'https://b.example'],
      logLevel: 'warn',
      hub: {
        maxMessageBytes: 65_536,
        maxBufferedBytes: 2_097_152,
        maxConnectionsPerUser: 5,
        sendCoalesceMs: 0,
        negotiatePerMinute: { perUser: 30, perAddress: 300 },
      },
      refreshTokenAbsoluteTtlSeconds: 86_400,
      authLimits: {
        perAddress: { max: 20, windowMs: 60_000 },
        perAccount: { max: 5, windowMs: 60_000 },
        refreshPerAddress: { max: 200, windowMs: 60_000 },
        signInConcurrency: 4,
        signInQueue: 0,
        knownAddressMs: 30 * 24 * 3_600_000,
      },
      trustProxy: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback'],
    });
  });

  it('keeps :memory: as it is', () => {
    expect(readServerConfig({ DATABASE_FILE: ':memory:' }).databaseFile).toBe(':memory:');
  });

  it('refuses a number that is not one', () => {
    expect(() => readServerConfig({ PORT: 'eighty' })).toThrow(
      "PORT must be a whole number of at least 0; it is 'eighty'.",
    );
    expect(() => readServerConfig({ ACCESS_TOKEN_TTL_SECONDS: '0' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('refuses a TRUST_PROXY that is not a list of addresses or ranges, naming it', () => {
    for (const value of [
      'nginx.internal',
      '10.0.0.5,',
      '10.0.0.0/33',
      '10.0.0.0/8/8',
      '300.0.0.1',
      'true',
      '*',
    ]) {
      expect(() => readServerConfig({ TRUST_PROXY: value }), value).toThrow(
        `TRUST_PROXY must be comma-separated addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16) or loopback; it is '${value}'.`,
      );
    }
  });

  it('hands TRUST_PROXY to the api', () => {
    const env = { TRUST_PROXY: '10.0.0.5', DATABASE_FILE: ':memory:' };
    expect(serverBuildOptions(env).trustProxy).toEqual(['10.0.0.5']);
    expect(serverBuildOptions({ DATABASE_FILE: ':memory:' }).trustProxy).toEqual(['loopback']);
  });
});

describe('loadOrCreateJwtSecret', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sentinel-secret-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a private key file beside the database once and reads it back after', async () => {
    const databaseFile = join(dir, 'data', 'sentinel.db');

    const first = loadOrCreateJwtSecret(databaseFile);
    const second = loadOrCreateJwtSecret(databaseFile);

    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect((await readFile(join(dir, 'data', 'jwt-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dir, 'data', 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'data'))).mode & 0o777).toBe(0o700);
  });
});

describe('with NODE_ENV=production', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'k7Qw-9zR2mXp4vB8nL1tY6sD3fH0jG5c',
    CORS_ORIGINS: 'https://dashboard.example',
  };

  it('accepts a 32-character JWT_SECRET and CORS_ORIGINS', () => {
    expect(() => assertProductionSettings(production)).not.toThrow();
  });

  it('refuses to start without JWT_SECRET, naming it', () => {
    expect(() => assertProductionSettings({ ...production, JWT_SECRET: '' })).toThrow(
      'JWT_SECRET must be set to at least 32 characters with NODE_ENV=production; it is not set.',
    );
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(() => assertProductionSettings({ ...production, JWT_SECRET: 'x'.repeat(31) })).toThrow(
      'JWT_SECRET must be set to at least 32 characters with NODE_ENV=production; it has 31.',
    );
  });

  it('refuses a JWT_SECRET of 32 characters or more with fewer than 10 different ones', () => {
    expect(() => assertProductionSettings({ ...production, JWT_SECRET: 'x'.repeat(64) })).toThrow(
      'JWT_SECRET must have at least 10 different characters with NODE_ENV=production; it has 1. Use a random value, e.g. openssl rand -base64 48.',
    );
    expect(() => assertProductionSettings({ ...production, JWT_SECRET: '123456789'.repeat(4) })).toThrow(
      /it has 9\./,
    );
  });

  it('refuses to start without CORS_ORIGINS, naming it', () => {
    expect(() => assertProductionSettings({ ...production, CORS_ORIGINS: ' ' })).toThrow(
      /^CORS_ORIGINS must be set with NODE_ENV=production/,
    );
  });

  it('asks for neither outside production', () => {
    expect(() => assertProductionSettings({})).not.toThrow();
  });

  it('turns the dev outbox off and refuses to turn it on', () => {
    expect(devOutboxEnabled(production)).toBe(false);
    expect(devOutboxEnabled({ ...production, DEV_OUTBOX: 'off' })).toBe(false);
    expect(() => devOutboxEnabled({ ...production, DEV_OUTBOX: 'on' })).toThrow(/^DEV_OUTBOX cannot be on/);
    expect(devOutboxEnabled({})).toBe(true);
  });

  it('runs the simulator only when SIMULATOR is on', () => {
    expect(simulatorEnabled(production)).toBe(false);
    expect(simulatorEnabled({ ...production, SIMULATOR: 'on' })).toBe(true);
    expect(simulatorEnabled({})).toBe(true);
  });
});

describe('the retention settings', () => {
  it('keeps every fix when POSITION_FIX_RETENTION_DAYS is unset, and deletes those older than the given days when set', () => {
    expect(retentionOptions({}).retention?.positionFixDays).toBe(0);
    expect(retentionOptions({ POSITION_FIX_RETENTION_DAYS: '90' }).retention?.positionFixDays).toBe(90);
  });

  it('refuses what is not a whole number of days, naming the setting', () => {
    expect(() => retentionOptions({ POSITION_FIX_RETENTION_DAYS: '0' })).toThrow(
      "POSITION_FIX_RETENTION_DAYS must be a whole number of at least 1; it is '0'.",
    );
    expect(() => retentionOptions({ POSITION_FIX_RETENTION_DAYS: 'a week' })).toThrow(
      'POSITION_FIX_RETENTION_DAYS must be a whole number',
    );
    expect(() => retentionOptions({ AUDIT_LOG_RETENTION_DAYS: '-1' })).toThrow(
      "AUDIT_LOG_RETENTION_DAYS must be a whole number of at least 0; it is '-1'.",
    );
  });

  it('hands the api every class with its default, and 0 where it is given', () => {
    expect(serverBuildOptions({}).retention).toEqual(DEFAULT_RETENTION);
    expect(
      retentionOptions({ VEHICLE_HISTORY_RETENTION_DAYS: '0', ONE_TIME_CODE_RETENTION_DAYS: '1' }).retention,
    ).toEqual({ ...DEFAULT_RETENTION, vehicleHistoryDays: 0, oneTimeCodeDays: 1 });
  });
});

describe('the import limits, the countries sent codes and the replay cap', () => {
  it('hands the defaults to the api for an empty environment', () => {
    const options = serverBuildOptions({});
    expect(options.importLimits).toEqual(DEFAULT_IMPORT_LIMITS);
    expect(options.smsCountries).toEqual(['ZA']);
    expect(replaySettingsFromEnv({}).maxFixes).toBe(DEFAULT_REPLAY_MAX_FIXES);
  });

  it('reads every IMPORT_* setting, SMS_COUNTRIES and REPLAY_MAX_FIXES', () => {
    const options = serverBuildOptions({
      IMPORT_MAX_ROWS: '500',
      IMPORT_MAX_CELL_CHARACTERS: '200',
      IMPORT_MAX_DECOMPRESSED_BYTES: '1048576',
      IMPORT_PREVIEW_TTL_SECONDS: '3600',
      IMPORT_COMPANY_ADMIN_ROWS_PER_DAY: '1000',
      SMS_COUNTRIES: 'za, na',
    });
    expect(options.importLimits).toEqual({
      maxRows: 500,
      maxCellCharacters: 200,
      maxDecompressedBytes: 1_048_576,
      previewTtlSeconds: 3_600,
      companyAdminRowsPerDay: 1_000,
    });
    expect(options.smsCountries).toEqual(['ZA', 'NA']);
    expect(replaySettingsFromEnv({ REPLAY_MAX_FIXES: '4000' }).maxFixes).toBe(4_000);
  });

  it('refuses a limit that is not a whole number and a country that is not two letters, naming them', () => {
    expect(() => readImportLimits({ IMPORT_MAX_ROWS: 'lots' })).toThrow(/IMPORT_MAX_ROWS/);
    expect(() => readImportLimits({ IMPORT_PREVIEW_TTL_SECONDS: '0' })).toThrow(/IMPORT_PREVIEW_TTL_SECONDS/);
    expect(() => readSmsCountries({ SMS_COUNTRIES: 'ZA,South Africa' })).toThrow(/SMS_COUNTRIES/);
  });
});

describe('the alarm settings', () => {
  it('hands the defaults to the api for an empty environment', () => {
    const settings = alarmSettings(alarmOptions({}));
    expect(settings.lowDeviceBatteryPercent).toBe(15);
    expect(settings.deviceReportIntervalSeconds).toBe(3600);
    expect(settings.silenceFactor).toBe(3);
    expect(settings.silenceWatchHours).toBe(24);
    expect(settings.deviceSilentSeconds).toBe(300);
    expect(settings.armingDriftMetres).toBe(150);
    expect(settings.acknowledgeWithinSeconds).toEqual({
      Tamper: 60,
      PowerCut: 60,
      GpsJammed: 60,
      GpsLost: 300,
      DeviceSilent: 300,
      LowDeviceBattery: 3600,
      ArmedMovement: 60,
      ArmedIgnition: 60,
      GeofenceBreach: 300,
      Panic: 30,
    });
    expect(serverBuildOptions({}).alarms).toEqual(alarmOptions({}));
  });

  it('reads ALARM_LOW_DEVICE_BATTERY_PERCENT, the silence settings, ARMING_DRIFT_METRES and one response target per kind', () => {
    const settings = alarmSettings(
      alarmOptions({
        ALARM_LOW_DEVICE_BATTERY_PERCENT: '20',
        DEVICE_REPORT_INTERVAL_SECONDS: '300',
        ALARM_SILENCE_FACTOR: '2.5',
        ALARM_SILENCE_WATCH_HOURS: '6',
        ALARM_DEVICE_SILENT_SECONDS: '120',
        ARMING_DRIFT_METRES: '300',
        ALARM_ACK_TARGET_SECONDS_TAMPER: '30',
        ALARM_ACK_TARGET_SECONDS_POWER_CUT: '45',
        ALARM_ACK_TARGET_SECONDS_LOW_DEVICE_BATTERY: '7200',
        ALARM_ACK_TARGET_SECONDS_ARMED_MOVEMENT: '30',
      }),
    );
    expect(settings.lowDeviceBatteryPercent).toBe(20);
    expect(settings.deviceReportIntervalSeconds).toBe(300);
    expect(settings.silenceFactor).toBe(2.5);
    expect(settings.silenceWatchHours).toBe(6);
    expect(settings.deviceSilentSeconds).toBe(120);
    expect(settings.armingDriftMetres).toBe(300);
    expect(settings.acknowledgeWithinSeconds).toEqual({
      Tamper: 30,
      PowerCut: 45,
      GpsJammed: 60,
      GpsLost: 300,
      DeviceSilent: 300,
      LowDeviceBattery: 7200,
      ArmedMovement: 30,
      ArmedIgnition: 60,
      GeofenceBreach: 300,
      Panic: 30,
    });
  });

  it('refuses what is not a whole number in range, naming the setting', () => {
    expect(() => alarmOptions({ ALARM_LOW_DEVICE_BATTERY_PERCENT: '101' })).toThrow(
      /ALARM_LOW_DEVICE_BATTERY_PERCENT must be a whole number from 0 to 100/,
    );
    expect(() => alarmOptions({ ALARM_DEVICE_SILENT_SECONDS: '0' })).toThrow(/ALARM_DEVICE_SILENT_SECONDS/);
    expect(() => alarmOptions({ DEVICE_REPORT_INTERVAL_SECONDS: '5 min' })).toThrow(
      /DEVICE_REPORT_INTERVAL_SECONDS must be a whole number of at least 1/,
    );
    expect(() => alarmOptions({ ALARM_SILENCE_FACTOR: '0.5' })).toThrow(
      /ALARM_SILENCE_FACTOR must be a number of at least 1; it is '0.5'/,
    );
    expect(() => alarmOptions({ ALARM_SILENCE_FACTOR: 'thrice' })).toThrow(/ALARM_SILENCE_FACTOR/);
    // A day's interval three times over is longer than the day's watch: nothing would ever be silent.
    expect(() => alarmOptions({ DEVICE_REPORT_INTERVAL_SECONDS: '86400' })).toThrow(
      /ALARM_SILENCE_WATCH_HOURS \(24\) must be longer than DEVICE_REPORT_INTERVAL_SECONDS × ALARM_SILENCE_FACTOR/,
    );
    expect(() => alarmOptions({ ARMING_DRIFT_METRES: '0' })).toThrow(
      /ARMING_DRIFT_METRES must be a whole number of at least 1/,
    );
    expect(() => alarmOptions({ ALARM_ACK_TARGET_SECONDS_GPS_JAMMED: 'soon' })).toThrow(
      /ALARM_ACK_TARGET_SECONDS_GPS_JAMMED must be a whole number/,
    );
  });
});

describe('GATEWAY_KEY', () => {
  it('lets no gateway speak unless set, and hands the key to the api when it is', () => {
    expect(gatewayOptions({})).toEqual({});
    expect(gatewayOptions({ GATEWAY_KEY: '  ' })).toEqual({});
    expect(serverBuildOptions({}).gatewayKey).toBeUndefined();
    expect(serverBuildOptions({ GATEWAY_KEY: 'dev-gateway' }).gatewayKey).toBe('dev-gateway');
  });

  it('needs at least 32 characters with NODE_ENV=production', () => {
    const production = { NODE_ENV: 'production' };
    expect(() => gatewayOptions({ ...production, GATEWAY_KEY: 'x'.repeat(31) })).toThrow(
      /^GATEWAY_KEY must have at least 32 characters with NODE_ENV=production; it has 31\./,
    );
    expect(gatewayOptions({ ...production, GATEWAY_KEY: 'k'.repeat(32) })).toEqual({
      gatewayKey: 'k'.repeat(32),
    });
    expect(gatewayOptions(production)).toEqual({});
  });
});

describe('LOCK_MAX_SPEED_KMH', () => {
  it('holds locks above 20 km/h unless set, and refuses what is not a whole number', () => {
    expect(serverBuildOptions({}).commands?.lockMaxSpeedKmh).toBe(20);
    expect(serverBuildOptions({ LOCK_MAX_SPEED_KMH: '35' }).commands?.lockMaxSpeedKmh).toBe(35);
    expect(() => serverBuildOptions({ LOCK_MAX_SPEED_KMH: 'fast' })).toThrow(/LOCK_MAX_SPEED_KMH/);
  });
});

describe('secondFactorOptions', () => {
  it('requires a second factor of staff in production and not otherwise, unless MFA_REQUIRED says', () => {
    expect(secondFactorOptions({})).toEqual({
      mfaRequired: false,
      stepUpMaxAgeSeconds: 300,
      staffIdleTimeoutSeconds: 1800,
    });
    expect(secondFactorOptions({ NODE_ENV: 'production' }).mfaRequired).toBe(true);
    expect(secondFactorOptions({ NODE_ENV: 'production', MFA_REQUIRED: 'off' }).mfaRequired).toBe(false);
    expect(secondFactorOptions({ MFA_REQUIRED: 'ON' }).mfaRequired).toBe(true);
    expect(() => secondFactorOptions({ MFA_REQUIRED: 'yes' })).toThrow('MFA_REQUIRED must be on or off');
  });

  it('reads the step-up age, the idle timeout and the relying party', () => {
    expect(
      secondFactorOptions({
        STEP_UP_MAX_AGE_SECONDS: '60',
        STAFF_IDLE_TIMEOUT_SECONDS: '900',
        WEBAUTHN_RP_ID: 'dashboard.example.com',
        WEBAUTHN_ORIGIN: 'https://dashboard.example.com/',
      }),
    ).toEqual({
      mfaRequired: false,
      stepUpMaxAgeSeconds: 60,
      staffIdleTimeoutSeconds: 900,
      rpId: 'dashboard.example.com',
      origin: 'https://dashboard.example.com',
    });
  });
});
