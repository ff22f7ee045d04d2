/*
 * What the request log must never hold: bearer and device keys, passwords, tokens and the live
 * hub's `access_token` query (the browser's SignalR client puts the access token there for
 * WebSockets and server-sent events), nor a person's ID number, passport number, phone number or
 * e-mail address. pino's redact removes the secret fields from every logged object; the request
 * serializer rewrites the URL, since a query string is one string pino cannot redact; and every
 * line is masked once more as it is written (maskPersonalData), so a value that reaches a message,
 * an error or a field nobody listed is still not logged.
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
/** An access request's download token (GET /DataAccessRequests/{token}/Download). */
const DOWNLOAD_TOKEN = /^(\/DataAccessRequests\/)[^/?#]*/i;

/** The URL with every secret query value replaced, e.g. '/DefaultHub?id=[redacted]&access_token=[redacted]'. */
export function redactUrl(url: string): string {
  return url
    .replace(SHARED_TOKEN, `$1${REDACTED}`)
    .replace(DOWNLOAD_TOKEN, `$1${REDACTED}`)
    .replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** What replaces a person's ID number, passport number, phone number or e-mail address in a line. */
export const MASKED = '[masked]';

/*
 * Patterns masked in every written line. Numbers stop at a neighbouring digit, '.' or letter so a
 * line's own figures (its epoch-millisecond `time`, a fractional `responseTime`, a UUID) stay.
 */
const PERSONAL_DATA: readonly RegExp[] = [
  // Bearer credentials and JWTs (access tokens, the hub's connection tokens) wherever they appear.
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  // E-mail addresses.
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g,
  // South African ID numbers (13 digits, also written 6-4-3), but not the line's epoch `time`.
  /(?<!"time":)(?<![\w.])\d{6}[ -]?\d{4}[ -]?\d{3}(?![\w.])/g,
  // Passport numbers (a letter or two and 7-8 digits, as South Africa's).
  /(?<![\w.])[A-Z]{1,2}\d{7,8}(?![\w.])/g,
  // Phone numbers: E.164 (+27 82 555 0199) and the national 0XX XXX XXXX.
  /\+\d{1,3}[ -]?\(?\d{1,4}\)?(?:[ -]?\d{2,4}){2,4}(?![\w.])/g,
  /(?<![\w.])0\d{2}[ -]?\d{3}[ -]?\d{4}(?![\w.])/g,
  // One-time codes named as such in a message ('code 482913', 'otp: 1234').
  /(?<=\b(?:code|otp|pin)\b["':= ]{0,3})\d{4,8}(?!\d)/gi,
];

/** The line with every ID number, phone number, e-mail address and bearer credential masked. */
export function maskPersonalData(line: string): string {
  return PERSONAL_DATA.reduce((masked, pattern) => masked.replace(pattern, MASKED), line);
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-device-key"]',
  'req.headers["x-gateway-key"]',
  'req.headers["x-api-key"]',
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
  '*.key',
  '*.deviceKey',
  '*.gatewayKey',
  '*.code',
  '*.otp',
  '*.recoveryCode',
  '*.idNumber',
  '*.passportNumber',
  '*.phoneNumber',
  '*.mobileNumber',
  '*.email',
  'body',
  '*.body',
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
    // The last word on every line, whatever logged it: see maskPersonalData.
    hooks: { streamWrite: maskPersonalData },
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
