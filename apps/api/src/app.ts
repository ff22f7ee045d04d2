import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import { IN_MEMORY, openReader } from './db/database';
import { openReadyDatabase } from './db/ready-database';
import { ProblemDetails, registerErrorHandling } from './errors';
import { authPlugin } from './plugins/auth';
import { commonAnswersPlugin } from './plugins/common-answers';
import { inputBoundsPlugin } from './plugins/input-bounds';
import { idNumberMaskingPlugin } from './privacy/mask-id-numbers';
import { authLimitsPlugin } from './plugins/auth-limits';
import { loggerOptions } from './plugins/log-redaction';
import { answerRequestId, requestIdOptions } from './plugins/request-id';
import type { LoggerSetting } from './plugins/log-redaction';
import { securityHeadersPlugin } from './plugins/security-headers';
import type { AuthLimits } from './plugins/auth-limits';
import { caseInsensitiveBodyPlugin } from './plugins/case-insensitive-body';
import { databasePlugin } from './plugins/database';
import { liveHubPlugin } from './live/live-hub';
import type { LiveHubOptions } from './live/live-hub';
import { vehicleEventsPlugin } from './plugins/vehicle-events';
import { authRoutes } from './routes/auth';
import { logoutRoute } from './auth/logout-route';
import { healthRoutes } from './routes/health';
import { readinessPlugin } from './plugins/readiness';
import { rolesRoutes } from './routes/roles';
import { registerResourceRoutes } from './routes/resources';
import type { ImportLimits } from './imports/import-limits';
import { providersPlugin } from './plugins/providers';
import { staffOnly } from './plugins/route-groups';
import { sharedSchemaCompilers } from './plugins/schema-compilers';
import { outboxMessageSender } from './providers/messages';
import type { MessageSender } from './providers/messages';
import { smtpMessageSender } from './providers/smtp';
import { accountsPlugin } from './sign-up/accounts-plugin';
import type { BotChallenge } from './sign-up/bot-challenge';
import { signUpRoutes } from './sign-up/routes';
import { myPasswordRoutes, passwordRoutes } from './passwords/routes';
import { adminsOnly, signedIn } from './plugins/route-groups';
import { outboxPartnerAlerts, partnerAlertsByPartner } from './providers/partner-alerts';
import type {
  Partner,
  PartnerAlertProvider,
  PartnerWebhook,
  WebhookOptions,
} from './providers/partner-alerts';
import { commandsPlugin } from './commands/commands-plugin';
import { retentionPlugin } from './retention/retention-plugin';
import type { RetentionOptions } from './retention/retention-settings';
import type { CommandSettings } from './commands/command-service';
import { deviceCommandRoutes } from './commands/device-routes';
import { deviceKeyOnly } from './plugins/device-group';
import { gatewayKeyPlugin } from './gateway/gateway-key';
import { gatewayRoutes } from './gateway/gateway-routes';
import { deviceTelemetryRoutes } from './routes/device-telemetry';
import { simulatorPlugin } from './telemetry/simulator/simulator-plugin';
import type { SimulatorOptions } from './telemetry/simulator/simulator';
import { telemetryPlugin } from './telemetry/telemetry-plugin';
import { alarmsPlugin } from './alarms/alarms-plugin';
import type { AlarmOptions } from './alarms/alarm-settings';
import type { PaymentsPluginOptions } from './payments/payments-plugin';
import { secondFactorSettings, secondFactorSettingsPlugin } from './second-factors/settings';
import { secondFactorSignInRoutes } from './second-factors/sign-in-routes';
import { mySecondFactorRoutes } from './second-factors/my-routes';
import { mySessionRoutes, userSessionRoutes } from './sessions/routes';
import type { SecondFactorOptions } from './second-factors/settings';
import { notificationsPlugin } from './notifications/notifications-plugin';
import type { NotificationOptions } from './notifications/notification-settings';
import { escalationContactRoutes } from './notifications/contact-routes';
import { smsSender } from './providers/sms-settings';
import type { SmsOptions } from './providers/sms-settings';
import { smsDeliveryRoutes } from './providers/sms-delivery-routes';
import { pushPlugin } from './push/push-plugin';
import type { WebPushOptions } from './push/web-push-settings';
import { pushSubscriptionRoutes } from './push/routes';
import { shareLinkRoutes } from './share-links/routes';
import { sharedLocationRoutes } from './share-links/public-routes';
import { shareLinkSettingsPlugin } from './share-links/share-link-settings';
import type { ShareLinkOptions } from './share-links/share-link-settings';
import { panicRoutes } from './panic/routes';
import { accessRequestsPlugin } from './access-requests/access-requests-plugin';
import { erasureRoutes } from './erasure/routes';
import { metricsPlugin } from './metrics/metrics-plugin';
import { timedQueries } from './metrics/instruments';
import type { MetricsOptions } from './metrics/metrics-settings';
import { requestSpansPlugin } from './tracing/request-spans';

export interface BuildOptions {
  /** SQLite file, created with its folder when missing. @default ':memory:' */
  databaseFile?: string;
  /** PostgreSQL connection URL; when set, databaseFile is not used. @default undefined (SQLite) */
  databaseUrl?: string;
  /** Add the demo users (and, later, their data) that are missing. @default false */
  seed?: boolean;
  /** HS256 key for access tokens. @default a random key, so tokens die with the instance */
  jwtSecret?: string;
  /**
   * Earlier keys whose access tokens are still accepted (never used to sign), so JWT_SECRET can be
   * rotated without signing anybody out. @default []
   */
  jwtPreviousSecrets?: readonly string[];
  /** @default 900 (15 minutes) */
  accessTokenTtlSeconds?: number;
  /** How long a refresh token works unused; each refresh issues a new one. @default 2592000 (30 days) */
  refreshTokenTtlSeconds?: number;
  /** How long a sign-in lasts however often it refreshes. @default 7776000 (90 days) */
  refreshTokenAbsoluteTtlSeconds?: number;
  /** Rate limits of sign-in, refresh, sign-up, codes, resets and links (see AuthLimits for the defaults). */
  authLimits?: Partial<AuthLimits>;
  /** The proxies (addresses, CIDR ranges or proxy-addr's 'loopback') whose X-Forwarded-* headers are believed. @default ['loopback'] */
  trustProxy?: readonly string[];
  /** Fastify's request logger, secrets redacted; an object sets its level (and, for tests, a stream). @default false */
  logger?: LoggerSetting;
  /** Send Strict-Transport-Security. @default false; `start` turns it on with NODE_ENV=production */
  hsts?: boolean;
  /** Where the burn-in bench app is served, one of the default CORS origins. @default 'http://localhost:5175' */
  burninAppUrl?: string;
  /** Origins allowed to call the api from a browser; '*' allows any. @default the origins of dashboardUrl, signupUrl and burninAppUrl */
  corsOrigins?: readonly string[];
  /** Redis for the live hub's backplane, so several instances reach each other's clients. @default undefined (this instance's clients only) */
  redisUrl?: string;
  /** Live hub timings and limits (tests shorten them; see LiveHubOptions for the defaults). */
  hub?: Omit<LiveHubOptions, 'corsOrigin' | 'secret' | 'redisUrl'>;
  /** The device simulator: true or options run it from ready to close. @default false */
  simulator?: boolean | SimulatorOptions;
  /** Serve GET /Dev/Outbox (Admin only) to read recorded e-mails, SMS and partner alerts. @default false; `start` turns it on */
  devOutbox?: boolean;
  /** Where password-creation links point. @default 'http://localhost:5174' (the signup dev server) */
  signupUrl?: string;
  /** Sends e-mail and SMS. @default records them in the outbox table (or e-mail by SMTP with smtpUrl) */
  messageSender?: MessageSender;
  /** Sends e-mail through this SMTP server (nodemailer URL) when no messageSender is given; SMS stay in the outbox. @default undefined */
  smtpUrl?: string;
  /** The From address of e-mail sent by SMTP. @default 'Sentinel <no-reply@localhost>' */
  emailFrom?: string;
  /** Checks the sign-up bot challenge (Turnstile). @default undefined: no challenge is required */
  botChallenge?: BotChallenge;
  /** Where staff password-reset links point. @default 'http://localhost:5173' (the dashboard dev server) */
  dashboardUrl?: string;
  /** The shortest time between two phone codes to one number. @default 60000 */
  otpResendIntervalMs?: number;
  /** Alerts the Aura and Capital Air partners. @default records them in the outbox table and answers 'Dispatched' */
  partnerAlerts?: PartnerAlertProvider;
  /** Partners alerted by signed webhook instead of the outbox (when no partnerAlerts is given). @default none */
  partnerWebhooks?: WebhookOptions & { webhooks: Partial<Record<Partner, PartnerWebhook>> };
  /** Lock commands: expiry, sweep, long-poll wait (see CommandSettings for the defaults). */
  commands?: CommandSettings;
  /** The payment provider (sandbox or PayFast) and the public api URL of payment links. @default the sandbox, links on http://localhost:5080 */
  payments?: PaymentsPluginOptions;
  /** Sweep each data class older than its retention (see RetentionSettings for the defaults). @default no sweep */
  retention?: RetentionOptions;
  /** The limits of one import file and how long its preview is kept (see ImportLimits for the defaults). */
  importLimits?: Partial<ImportLimits>;
  /** The countries (ISO 3166-1 alpha-2) whose phone numbers are sent codes. @default ['ZA'] */
  smsCountries?: readonly string[];
  /** Alarm settings: low device battery, silent device, response targets (see AlarmSettings for the defaults). */
  alarms?: AlarmOptions;
  /** Second factors, step-up and staff sessions (MFA_REQUIRED and the rest; see SecondFactorSettings for the defaults). */
  secondFactors?: SecondFactorOptions;
  /**
   * TOTP_ENCRYPTION_KEY: what the TOTP secrets are encrypted with at rest, apart from JWT_SECRET so
   * that rotating the signing key does not lose every enrolled authenticator app. Set it to the
   * JWT_SECRET the factors were enrolled under. @default jwtSecret
   */
  totpEncryptionKey?: string;
  /** The device gateway's key (GATEWAY_KEY), good for devices with numeric serials only. @default undefined (no gateway may speak) */
  gatewayKey?: string;
  /** When escalation contacts are told and how messages are retried (see NotificationSettings for the defaults). */
  notifications?: NotificationOptions;
  /** The SMS provider (SMS_PROVIDER). @default SMS are recorded in the outbox table */
  sms?: SmsOptions;
  /** Web Push to staff browsers (VAPID keys). @default off: browsers cannot subscribe */
  webPush?: WebPushOptions;
  /** Live-location links for responders (see ShareLinkSettings for the defaults). */
  shareLinks?: ShareLinkOptions;
  /** Prometheus metrics on a port of their own or behind a token (see MetricsOptions). @default off */
  metrics?: MetricsOptions;
}

/**
 * The origins allowed to call from a browser: CORS_ORIGINS when given, else the three apps' own
 * (dashboard, signup, burn-in bench), each also as 127.0.0.1 when it is on localhost, since a
 * person may open either.
 */
function corsOrigin(options: BuildOptions): boolean | string[] {
  const origins = options.corsOrigins;
  if (origins !== undefined && origins.length > 0) return origins.includes('*') ? true : [...origins];
  const apps = [
    options.dashboardUrl ?? 'http://localhost:5173',
    options.signupUrl ?? 'http://localhost:5174',
    options.burninAppUrl ?? 'http://localhost:5175',
  ].map((url) => new URL(url).origin);
  return apps.flatMap((origin) =>
    origin.includes('//localhost') ? [origin, origin.replace('//localhost', '//127.0.0.1')] : [origin],
  );
}

/** The api, ready to inject requests into or to listen; the database is migrated before it returns. */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const db = timedQueries(
    await openReadyDatabase({
      databaseFile: options.databaseFile ?? IN_MEMORY,
      databaseUrl: options.databaseUrl,
      seed: options.seed === true,
    }),
    options.metrics,
  );
  // The lists' page and count queries run there (readerOf in @sentinel/database): on a SQLite file
  // on threads of their own, so a long filter does not hold every other request.
  const reader = openReader(db, {
    databaseFile: options.databaseFile ?? IN_MEMORY,
    databaseUrl: options.databaseUrl,
  });

  const app = Fastify({
    logger: loggerOptions(options.logger),
    ...requestIdOptions,
    // Behind the nginx of deploy/ (on this host, or where TRUST_PROXY says) the client's address is
    // the one nginx puts in X-Forwarded-For; from anywhere else the header is the client's own claim
    // and is ignored.
    trustProxy: [...(options.trustProxy ?? ['loopback'])],
    // Report every invalid field at once, as ASP.NET does, not only the first.
    ajv: { customOptions: { allErrors: true } },
    // Validators and serializers compiled once per process, not once per api (tests build hundreds).
    schemaController: sharedSchemaCompilers,
  });
  answerRequestId(app);
  registerErrorHandling(app);
  app.addSchema(ProblemDetails);

  await app.register(databasePlugin, { db, reader });
  await app.register(vehicleEventsPlugin);
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('base64url');
  // The hub answers its own requests in an onRequest hook, so it goes before @fastify/cors. It
  // signs its connection tokens with a key derived from the JWT secret, which every instance
  // shares: a connection negotiated on one instance can then be served by another.
  await app.register(liveHubPlugin, {
    corsOrigin: corsOrigin(options),
    secret: jwtSecret,
    ...(options.redisUrl === undefined ? {} : { redisUrl: options.redisUrl }),
    trustProxy: options.trustProxy ?? ['loopback'],
    ...options.hub,
  });
  await app.register(metricsPlugin, options.metrics ?? {});
  await app.register(requestSpansPlugin);
  await app.register(cors, {
    origin: corsOrigin(options),
    // @fastify/cors allows only GET, HEAD and POST unless told; the api also takes PUT and DELETE.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
    exposedHeaders: ['Content-Disposition', 'X-Request-Id'],
  });
  await app.register(securityHeadersPlugin, { hsts: options.hsts ?? false });
  await app.register(commonAnswersPlugin);
  await app.register(inputBoundsPlugin);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Sentinel API', version: '0.1.0', description: 'The vehicle API of Sentinel.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          device: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Device <key>' },
          gateway: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Gateway <key>' },
        },
      },
    },
    // Shared schemas keep their $id as their name in components.schemas.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  await app.register(caseInsensitiveBodyPlugin);
  await app.register(authPlugin, {
    jwtSecret,
    jwtPreviousSecrets: options.jwtPreviousSecrets ?? [],
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 900,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 2_592_000,
    refreshTokenAbsoluteTtlSeconds: options.refreshTokenAbsoluteTtlSeconds ?? 7_776_000,
  });
  await app.register(secondFactorSettingsPlugin, {
    settings: secondFactorSettings(
      options.secondFactors ?? {},
      `second-factors:${options.totpEncryptionKey ?? jwtSecret}`,
      options.dashboardUrl,
    ),
  });
  await app.register(idNumberMaskingPlugin);
  await app.register(authLimitsPlugin, { limits: options.authLimits, redisUrl: options.redisUrl });

  await app.register(readinessPlugin, { redisUrl: options.redisUrl });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(secondFactorSignInRoutes);
  await app.register(staffOnly(rolesRoutes));
  const smtp =
    options.messageSender === undefined && options.smtpUrl !== undefined
      ? smtpMessageSender({
          url: options.smtpUrl,
          from: options.emailFrom ?? 'Sentinel <no-reply@localhost>',
          sms: smsSender(options.sms, db),
        })
      : undefined;
  if (smtp)
    app.addHook('onClose', (_app, done) => {
      smtp.close();
      done();
    });
  const sms = options.sms === undefined ? undefined : smsSender(options.sms, db);
  await app.register(providersPlugin, {
    messageSender:
      options.messageSender ??
      smtp ??
      (sms === undefined
        ? undefined
        : { sendEmail: outboxMessageSender(db).sendEmail, sendSms: sms.sendSms }),
    partnerAlerts:
      options.partnerAlerts ??
      (options.partnerWebhooks === undefined
        ? undefined
        : partnerAlertsByPartner(
            outboxPartnerAlerts(db),
            options.partnerWebhooks.webhooks,
            options.partnerWebhooks,
          )),
    signupUrl: options.signupUrl ?? 'http://localhost:5174',
  });
  await app.register(accountsPlugin, {
    // The codes' HMAC key is derived from the JWT key, so every instance checks the same codes.
    codeKey: `phone-codes:${jwtSecret}`,
    botChallenge: options.botChallenge,
    dashboardUrl: options.dashboardUrl ?? 'http://localhost:5173',
    resendIntervalMs: options.otpResendIntervalMs,
    smsCountries: options.smsCountries,
  });
  await app.register(signUpRoutes);
  await app.register(passwordRoutes);
  await app.register(logoutRoute);
  await app.register(signedIn(myPasswordRoutes));
  await app.register(staffOnly(mySecondFactorRoutes, mySessionRoutes));
  await app.register(adminsOnly(userSessionRoutes));
  await app.register(adminsOnly(erasureRoutes));
  await app.register(commandsPlugin, options.commands ?? {});
  if (options.retention) {
    await app.register(retentionPlugin, {
      ...options.retention,
      signInLifetimeSeconds: options.refreshTokenAbsoluteTtlSeconds ?? 7_776_000,
    });
  }
  await app.register(alarmsPlugin, options.alarms ?? {});
  await app.register(pushPlugin, options.webPush ?? {});
  await app.register(shareLinkSettingsPlugin, options.shareLinks ?? {});
  await app.register(notificationsPlugin, options.notifications ?? {});
  await app.register(staffOnly(escalationContactRoutes, pushSubscriptionRoutes, shareLinkRoutes));
  await app.register(signedIn(panicRoutes));
  await app.register(smsDeliveryRoutes, { sms: options.sms });
  await app.register(sharedLocationRoutes);
  await registerResourceRoutes(app, {
    devOutbox: options.devOutbox ?? false,
    payments: options.payments,
    importLimits: options.importLimits,
  });
  await app.register(accessRequestsPlugin);
  await app.register(telemetryPlugin);
  await app.register(simulatorPlugin, { simulator: options.simulator });
  await app.register(gatewayKeyPlugin, { gatewayKey: options.gatewayKey });
  await app.register(deviceTelemetryRoutes);
  await app.register(deviceKeyOnly(deviceCommandRoutes));
  await app.register(gatewayRoutes);
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.ready();
  return app;
}
