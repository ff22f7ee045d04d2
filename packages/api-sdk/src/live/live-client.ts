import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection, ILogger } from '@microsoft/signalr';
import {
  LIVE_HUB_PATH,
  LIVE_KEEP_ALIVE_MS,
  LIVE_LONG_POLL_TIMEOUT_MS,
  LIVE_RECONNECT_DELAYS_MS,
  LIVE_SERVER_TIMEOUT_MS,
} from './constants';
import { LIVE_MESSAGE } from '@sentinel/domain';
import { isSessionExpiredError } from '../errors/session-expired-error';
import type {
  AlarmChangedMessage,
  VehicleArmingMessage,
  DeviceBatteryMessage,
  DeviceCommandStatusMessage,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
  VehicleOnboardingStatusMessage,
} from '@sentinel/domain';

/** The connection states of spec part 1 §4 (the official client's HubConnectionState values). */
export type LiveConnectionState =
  'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

/** Where connection problems are written. `console` fits. */
export interface LiveLogger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
}

export interface LiveClientOptions {
  /** The vehicle API's base URL (appsettings.json's baseURL); the hub is `${baseUrl}/DefaultHub`. */
  baseUrl: string;
  /**
   * Answers a usable access token; called on every (re)connect and when the hub refuses a token.
   * Pass the ApiClient's `client.auth.freshAccessToken`, so an expired token is refreshed through the
   * client's single-flight refresh rather than a second, competing one.
   */
  accessToken: () => Promise<string>;
  /** Where connection errors (time-out, handshake, negotiation) go; they are never thrown. @default console */
  logger?: LiveLogger;
  /**
   * Waits before each reconnect attempt after a lost connection; after the last one it stops. A first
   * connection that finds no server is tried again after the same delays, the first (immediate) one aside.
   * @default LIVE_RECONNECT_DELAYS_MS (0, 2, 10, 30 s)
   */
  reconnectDelaysMs?: readonly number[];
}

export type Unsubscribe = () => void;

export interface LiveClient {
  /**
   * Connects. Resolves once connected or once the first try failed; failures are logged, never thrown,
   * and leave the state Disconnected. A try that found no server is repeated in the background after
   * the reconnect delays (not a refused token). Calling it while not Disconnected does nothing.
   */
  start(): Promise<void>;
  /** Disconnects for good (no reconnect). Never throws. */
  stop(): Promise<void>;
  /** The current connection state. */
  readonly state: LiveConnectionState;
  onStateChange(listener: (state: LiveConnectionState) => void): Unsubscribe;
  onGpsLocation(listener: (message: DeviceGpsLocationMessage) => void): Unsubscribe;
  onLockUnlock(listener: (message: DeviceLockUnlockMessage) => void): Unsubscribe;
  onTamper(listener: (message: DeviceTamperMessage) => void): Unsubscribe;
  /** A vehicle moved between onboarding tabs (status null once installed), whoever moved it. */
  onOnboardingStatus(listener: (message: VehicleOnboardingStatusMessage) => void): Unsubscribe;
  /** DeviceCommandStatusMessage: a lock or unlock command was asked for, delivered, answered, expired or cancelled. */
  onCommandStatus(listener: (message: DeviceCommandStatusMessage) => void): Unsubscribe;
  /**
   * AlarmChangedMessage: an alarm was opened, joined by a repeat, acknowledged, escalated or resolved;
   * the alarm as GET /Alarms answers it (state Open with eventCount 1 is a new alarm).
   */
  onAlarmChanged(listener: (message: AlarmChangedMessage) => void): Unsubscribe;
  /**
   * VehicleArmingMessage: a vehicle was armed or disarmed by hand or its schedule set or removed, by
   * staff or its owner; the vehicle's ArmingStatus as the arming calls answer it. A schedule's window
   * opening or closing by the clock sends nothing.
   */
  onArming(listener: (message: VehicleArmingMessage) => void): Unsubscribe;
  /**
   * DeviceBatteryMessage: a device report changed the vehicle's car battery volts or device battery
   * percent; both as stored now (null when never reported).
   */
  onBattery(listener: (message: DeviceBatteryMessage) => void): Unsubscribe;
}

/** Every transport, negotiated in the official client's order: WebSockets, SSE, long polling. */
const ANY_TRANSPORT =
  HttpTransportType.WebSockets | HttpTransportType.ServerSentEvents | HttpTransportType.LongPolling;

/**
 * The official client's own log lines, warnings and errors only, into the given logger. Once stop()
 * was asked for, its complaints about the interrupted start are expected and dropped.
 */
function signalrLogger(logger: LiveLogger, stopping: () => boolean): ILogger {
  return {
    log(level, message) {
      if (stopping()) return;
      if (level >= LogLevel.Error && level !== LogLevel.None) logger.error(`[live] ${message}`);
      else if (level === LogLevel.Warning) logger.warn(`[live] ${message}`);
    },
  };
}

/**
 * A first connection that failed for want of a server (the api restarting, the network down) is tried
 * again; one the hub refused (401 or 403 on negotiate: the official client keeps the status only in its
 * message) or that had no token (signed out) is not, since trying again cannot help.
 */
function worthRetrying(error: unknown): boolean {
  if (isSessionExpiredError(error)) return false;
  return !/Status code '40[13]'/.test(error instanceof Error ? error.message : String(error));
}

class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(
    private readonly logger: LiveLogger,
    private readonly name: string,
  ) {}

  add(listener: (value: T) => void): Unsubscribe {
    // Wrapped, so the same function may be added twice and removed once per unsubscribe.
    const entry = (value: T) => listener(value);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) {
      // One failing listener must neither stop the others nor reach the connection.
      try {
        listener(value);
      } catch (error) {
        this.logger.error(`[live] A ${this.name} listener failed`, error);
      }
    }
  }
}

/**
 * The live-hub client (spec part 1 §4): one connection to `${baseUrl}/DefaultHub` on the official
 * @microsoft/signalr client, with the product's reconnect delays and timeouts, typed message
 * subscriptions and a state you can watch.
 */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const logger = options.logger ?? console;
  let stopRequested = false;
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`${options.baseUrl.replace(/\/+$/, '')}/${LIVE_HUB_PATH}`, {
      accessTokenFactory: options.accessToken,
      transport: ANY_TRANSPORT,
      timeout: LIVE_LONG_POLL_TIMEOUT_MS,
    })
    .withAutomaticReconnect([...(options.reconnectDelaysMs ?? LIVE_RECONNECT_DELAYS_MS)])
    .withServerTimeout(LIVE_SERVER_TIMEOUT_MS)
    .withKeepAliveInterval(LIVE_KEEP_ALIVE_MS)
    .configureLogging(signalrLogger(logger, () => stopRequested))
    .build();

  const stateListeners = new Listeners<LiveConnectionState>(logger, 'state');
  const gps = new Listeners<DeviceGpsLocationMessage>(logger, LIVE_MESSAGE.gpsLocation);
  const lock = new Listeners<DeviceLockUnlockMessage>(logger, LIVE_MESSAGE.lockUnlock);
  const tamper = new Listeners<DeviceTamperMessage>(logger, LIVE_MESSAGE.tamper);
  const onboarding = new Listeners<VehicleOnboardingStatusMessage>(logger, LIVE_MESSAGE.onboardingStatus);
  const commandStatus = new Listeners<DeviceCommandStatusMessage>(logger, LIVE_MESSAGE.commandStatus);
  const alarmChanged = new Listeners<AlarmChangedMessage>(logger, LIVE_MESSAGE.alarmChanged);
  const arming = new Listeners<VehicleArmingMessage>(logger, LIVE_MESSAGE.arming);
  const battery = new Listeners<DeviceBatteryMessage>(logger, LIVE_MESSAGE.battery);
  connection.on(LIVE_MESSAGE.commandStatus, (message: DeviceCommandStatusMessage) =>
    commandStatus.emit(message),
  );
  connection.on(LIVE_MESSAGE.alarmChanged, (message: AlarmChangedMessage) => alarmChanged.emit(message));
  connection.on(LIVE_MESSAGE.arming, (message: VehicleArmingMessage) => arming.emit(message));
  connection.on(LIVE_MESSAGE.battery, (message: DeviceBatteryMessage) => battery.emit(message));

  connection.on(LIVE_MESSAGE.gpsLocation, (message: DeviceGpsLocationMessage) => gps.emit(message));
  connection.on(LIVE_MESSAGE.lockUnlock, (message: DeviceLockUnlockMessage) => lock.emit(message));
  connection.on(LIVE_MESSAGE.tamper, (message: DeviceTamperMessage) => tamper.emit(message));
  connection.on(LIVE_MESSAGE.onboardingStatus, (message: VehicleOnboardingStatusMessage) =>
    onboarding.emit(message),
  );

  // The official client has no state event, so the state is compared after everything that can
  // change it (start, stop, reconnecting, reconnected, close) and announced when it differs.
  let announced = connection.state as LiveConnectionState;
  const announce = () => {
    const state = connection.state as LiveConnectionState;
    if (state === announced) return;
    announced = state;
    stateListeners.emit(state);
  };

  let starting: Promise<void> | null = null;
  // The official client reconnects only a connection that was up once; a first start that finds no
  // server is retried here with the same delays (after the immediate first try), then given up.
  const startRetryDelays = (options.reconnectDelaysMs ?? LIVE_RECONNECT_DELAYS_MS).slice(1);
  let startRetry: ReturnType<typeof setTimeout> | undefined;

  const attemptStart = (retryIndex: number): Promise<void> => {
    const started = connection.start();
    announce();
    starting = started
      .catch((error: unknown) => {
        // stop() during start rejects start() on purpose; that is no failure worth logging.
        if (stopRequested) return;
        logger.error('[live] Could not connect', error);
        const delay = startRetryDelays[retryIndex];
        if (delay !== undefined && worthRetrying(error)) {
          startRetry = setTimeout(() => {
            startRetry = undefined;
            if (!stopRequested && connection.state === HubConnectionState.Disconnected) {
              void attemptStart(retryIndex + 1);
            }
          }, delay);
        }
      })
      .finally(() => {
        starting = null;
        announce();
      });
    return starting;
  };

  connection.onreconnecting((error) => {
    logger.warn('[live] Connection lost; reconnecting', error);
    announce();
  });
  connection.onreconnected(() => announce());
  connection.onclose((error) => {
    // Not asked for: the server closed for good, or reconnecting ran out of delays (no error then).
    if (!stopRequested) logger.error('[live] Connection closed; live updates stopped', error);
    announce();
  });

  return {
    get state() {
      return connection.state as LiveConnectionState;
    },

    start() {
      if (starting) return starting;
      if (connection.state !== HubConnectionState.Disconnected) return Promise.resolve();
      stopRequested = false;
      clearTimeout(startRetry);
      return attemptStart(0);
    },

    async stop() {
      stopRequested = true;
      clearTimeout(startRetry);
      const stopped = connection.stop();
      announce();
      try {
        await stopped;
      } catch (error) {
        logger.error('[live] Could not stop cleanly', error);
      }
      // A start() under way settles after the stop; wait for it, so the state is final.
      await starting;
      announce();
    },

    onStateChange: (listener) => stateListeners.add(listener),
    onGpsLocation: (listener) => gps.add(listener),
    onLockUnlock: (listener) => lock.add(listener),
    onTamper: (listener) => tamper.add(listener),
    onOnboardingStatus: (listener) => onboarding.add(listener),
    onCommandStatus: (listener) => commandStatus.add(listener),
    onAlarmChanged: (listener) => alarmChanged.add(listener),
    onArming: (listener) => arming.add(listener),
    onBattery: (listener) => battery.add(listener),
  };
}
