import type { DeviceTestCommand } from '@sentinel/domain';
import { askHost } from './test-host';

interface Limit {
  max: number;
  windowMs: number;
}

/**
 * How to build the api, as JSON: the options of the api's build() the test host takes (see
 * BuildOptions in apps/api/src/app.ts, where each is described); the host refuses any other.
 */
export interface ApiOptions {
  /** A SQLite file instead of the default in-memory database, for tests that open it too. */
  databaseFile?: string;
  /** The demo data. @default true */
  seed?: boolean;
  jwtSecret?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  refreshTokenAbsoluteTtlSeconds?: number;
  /** @default lifted: a suite signs in as a few demo users from one address many times */
  authLimits?: {
    perAddress?: Limit;
    perAccount?: Limit;
    refreshPerAddress?: Limit;
    signInConcurrency?: number;
    signInQueue?: number;
    knownAddressMs?: number;
  };
  /** Live hub timings and limits, e.g. `{ maxConnectionsPerUser: 100_000 }`. */
  hub?: Record<string, unknown>;
  simulator?: boolean | { tickMs?: number; seed?: number; movingShare?: number };
  /** Serve GET /Dev/Outbox. */
  devOutbox?: boolean;
  /** @default any origin: test pages (jsdom's http://localhost:3000) are not the apps' own */
  corsOrigins?: readonly string[];
  otpResendIntervalMs?: number;
  /** Lock command timings, e.g. `{ expiryMs: 2_000 }`. */
  commands?: Record<string, number>;
  /**
   * Second factors and step-up, e.g. `{ mfaRequired: true }`: every member of staff gives a second
   * factor at sign-in, and one without any is asked to set one up (MFA_REQUIRED=on).
   * @default not required: staff who enrolled a factor give it, others sign in with the password
   */
  secondFactors?: {
    mfaRequired?: boolean;
    stepUpMaxAgeSeconds?: number;
    staffIdleTimeoutSeconds?: number;
    /** The passkeys' relying party id. @default 'localhost' */
    rpId?: string;
    /** The only origin passkeys are accepted from. @default 'http://localhost:5173' */
    origin?: string;
  };
  /**
   * The device gateway's key (GATEWAY_KEY): `Authorization: Gateway <key>` reports and takes commands
   * for devices with numeric serials. @default unset: no gateway may speak
   */
  gatewayKey?: string;
  /**
   * Web Push to staff browsers (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): a P-256 key
   * pair, base64url as web-push's generateVAPIDKeys gives it. @default unset: browsers cannot subscribe
   */
  webPush?: { publicKey: string; privateKey: string; subject: string };
}

/** A message the api recorded instead of sending it. */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

export interface RunningApi {
  /** Base URL of the listening api, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Stops the api and closes its database. */
  close: () => Promise<void>;
  /** Stores a vehicle's position as a device's report does, and announces it on the live hub. */
  recordGpsFix: (fix: { vehicleId: number; latitude: number; longitude: number }) => Promise<void>;
  /** Stores a vehicle's lock state as a device's report does, and announces it. */
  recordLockChange: (change: {
    vehicleId: number;
    locked: boolean;
    byUserId: number | null;
    byAdmin: boolean;
  }) => Promise<void>;
  /** Raises (or cancels) a vehicle's tamper alert as a device's report does, and announces it. */
  recordTamper: (report: {
    vehicleId: number;
    active: boolean;
    carBatteryState?: string | null;
    gpsState?: string | null;
  }) => Promise<void>;
  /** Who the api takes this access token to be; null when it refuses the token. */
  verifyAccessToken: (token: string) => Promise<{ userId: number; role: string } | null>;
  /** Every vehicle's id and registration number, in id order. */
  vehicles: () => Promise<{ id: number; registrationNumber: string }[]>;
  /** What the api holds for a device: its readings as it last reported them. */
  device: (serialNumber: string) => Promise<{
    serialNumber: string;
    vehicleId: number | null;
    applicationVersion: string | null;
    deviceBatteryPercent: number | null;
    carBatteryVolts: number | null;
  }>;
  /** A free device's test command as the api answers it, with the name of who asked for it. */
  testCommand: (commandId: number) => Promise<DeviceTestCommand & { requestedBy: string | null }>;
  /** The e-mails and texts the api recorded, newest first, optionally to one recipient. */
  outbox: (recipient?: string) => Promise<OutboxMessage[]>;
}

/**
 * Starts the real api on a random local port, in the run's test host: by default on an in-memory
 * database seeded with the demo users, so every caller gets a fresh, isolated api, with the
 * sign-in limits lifted and any origin allowed. Any option overrides them; `port` reopens an api
 * where a closed one listened.
 */
export async function startApi(options: ApiOptions = {}, port?: number): Promise<RunningApi> {
  const { id, url } = await askHost<{ id: string; url: string }>('/instances', {
    body: { options, ...(port === undefined ? {} : { port }) },
  });
  const at = `/instances/${id}`;
  return {
    url,
    close: () => askHost(at, { method: 'DELETE' }),
    recordGpsFix: (fix) => askHost(`${at}/gps-fixes`, { body: fix }),
    recordLockChange: (change) => askHost(`${at}/lock-changes`, { body: change }),
    recordTamper: (report) => askHost(`${at}/tampers`, { body: report }),
    verifyAccessToken: async (token) =>
      (
        await askHost<{ subject: { userId: number; role: string } | null }>(`${at}/access-tokens/verify`, {
          body: { token },
        })
      ).subject,
    vehicles: () => askHost(`${at}/vehicles`),
    device: (serialNumber) => askHost(`${at}/devices/${encodeURIComponent(serialNumber)}`),
    testCommand: (commandId) => askHost(`${at}/test-commands/${commandId}`),
    outbox: (recipient) =>
      askHost(`${at}/outbox${recipient === undefined ? '' : `?recipient=${encodeURIComponent(recipient)}`}`),
  };
}
