/*
 * What the request log must never hold: bearer and device keys, passwords, tokens and the live
 * hub's `access_token` query (the browser's SignalR client puts the access token there for
 * WebSockets and server-sent events). pino's redact removes them from every logged object;
 * the request serializer rewrites the URL, since a query string is one string pino cannot redact.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** What replaces a secret in a log line. */
export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets: tokens of every kind and the hub's connection token. */
const SECRET_QUERY = /([?&](?:access_token|token|refresh_token|id_token|key|password|code|id)=)[^&#]*/gi;

/**
 * Tokens that are a path's last segment: a live-location link's (GET /Shared/{token}) and the SMS
 * delivery reports' (POST /Sms/DeliveryReports/{token}).
 */
const SHARED_TOKEN = /^(\/(?:Shared|Sms\/DeliveryReports)\/)[^?#]*/i;

/** The URL with every secret query value replaced, e.g. '/DefaultHub?id=[redacted]&access_token=[redacted]'. */
export function redactUrl(url: string): string {
  return url.replace(SHARED_TOKEN, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  '*.password',
  '*.passwordConfirmation',
  '*.passwordHash',
  '*.accessToken',
  '*.refreshToken',
  '*.passwordResetToken',
  '*.token',
  '*.jwtSecret',
  '*.secret',
];

/** Where the api logs: off, at a level, or (tests) into a stream. */
export type LoggerSetting = boolean | { level: string; stream?: { write(line: string): void } };

/** Fastify's logger options for the setting, with the secrets taken out. */
export function loggerOptions(
  setting: LoggerSetting | undefined,
): NonNullable<FastifyServerOptions['logger']> {
  if (setting === undefined || setting === false) return false;
  const base = setting === true ? { level: 'info' } : setting;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
