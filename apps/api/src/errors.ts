/*
 * Every error the api answers with, its HTTP status and its words, in one place. Bodies follow
 * ASP.NET's ProblemDetails (title, status, errors keyed by PascalCase field name) because the
 * clients were written against that server; `message` carries the sentence a person should read.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, ProblemDetailsSchema, ref } from '@sentinel/domain';
import type { FieldErrors, ProblemDetails as ProblemDetailsBody } from '@sentinel/domain';
import { ODataError } from './odata/parse';

interface ErrorDefinition {
  status: number;
  title?: string;
  message?: string;
}

export const ERRORS = {
  validation: { status: 400, title: 'One or more validation errors occurred.' },
  invalidJson: { status: 400, title: 'The request body is not valid JSON.' },
  unsupportedContentType: { status: 400, title: "The request body must be sent as 'application/json'." },
  invalidCredentials: { status: 401, message: MESSAGES.invalidSignIn },
  unauthenticated: { status: 401, message: 'A valid access token is required.' },
  invalidRefreshToken: { status: 401, message: 'The refresh token is not valid. Please sign in again.' },
  /** A refused request whose reason is a sentence for a person (passed as the message). */
  refused: { status: 400, title: 'Bad Request' },
  noDevice: { status: 400, message: 'This vehicle has no tracking device linked.' },
  /** Too many codes or links asked for; the errors name the field and say when to retry. */
  throttled: { status: 429, title: 'Too Many Requests' },
  forbidden: { status: 403, message: 'Your role does not allow this request.' },
  notFound: { status: 404 },
  /** The request clashes with the resource's state (a device answering a closed command). */
  conflict: { status: 409, title: 'Conflict' },
  /** A partner or another outside service did not accept what we sent (the message says which). */
  partnerFailed: { status: 502, title: 'Bad Gateway' },
  /** This instance is not ready (shutting down, or its database or Redis is away): nothing was done. */
  notReady: {
    status: 503,
    message: 'The service is not ready for this request. Please try again in a moment.',
  },
  internal: { status: 500, title: 'An error occurred while processing your request.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** The body of every error answer (the contract's). */
export const ProblemDetails = ProblemDetailsSchema;

/** Routes point at the one shared ProblemDetails schema (added to the app), so OpenAPI lists it once. */
export const ProblemDetailsRef = ref(ProblemDetailsSchema);

export type ProblemBody = ProblemDetailsBody;

/** Thrown by handlers and hooks; the error handler turns it into its ProblemDetails answer. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;
  /** The answer's type and factors, for a refusal a client acts on (step-up-required). */
  extra: Pick<ProblemBody, 'type' | 'factors'> | undefined;

  /** Replaces the code's own message, for answers that name the thing at fault. */
  readonly detail: string | undefined;

  constructor(code: ErrorCode, errors?: FieldErrors, detail?: string) {
    const definition: ErrorDefinition = ERRORS[code];
    super(detail ?? definition.message ?? definition.title ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
    this.detail = detail;
  }
}

/** A 400 whose message names what is wrong, e.g. 'Device SNT-1 is already linked to another vehicle'. */
export function refused(message: string): ApiError {
  return new ApiError('refused', undefined, message);
}

/** A 400 with these field errors, when there are any. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ApiError('validation', errors);
}

/** A 404 naming what was not found. */
export function notFound(message: string): ApiError {
  return new ApiError('notFound', undefined, message);
}

export function problem(code: ErrorCode, errors?: FieldErrors, detail?: string): ProblemBody {
  const { status, title, message: ownMessage }: ErrorDefinition = ERRORS[code];
  const message = detail ?? ownMessage;
  return {
    title: title ?? STATUS_CODES[status] ?? 'Error',
    status,
    ...(message === undefined ? {} : { message }),
    ...(errors === undefined ? {} : { errors }),
  };
}

/** 'email' -> 'Email', '/vehicle/make' -> 'Vehicle.Make', '' -> '$' (the body itself, as ASP.NET names it). */
export function fieldName(path: string): string {
  const parts = path.split('/').filter((part) => part !== '');
  if (parts.length === 0) return '$';
  return parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('.');
}

type ValidationIssues = NonNullable<FastifyError['validation']>;

/** Schema validation failures as field errors; a missing field reads like an empty one. */
export function validationErrors(issues: ValidationIssues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const missing = issue.keyword === 'required' ? issue.params['missingProperty'] : undefined;
    const path = typeof missing === 'string' ? `${issue.instancePath}/${missing}` : issue.instancePath;
    const name = fieldName(path);
    const text =
      typeof missing === 'string'
        ? MESSAGES.required
        : `${name === '$' ? 'The request body' : name} ${issue.message ?? 'is not valid'}`;
    const list = (errors[name] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}

function toProblem(error: FastifyError | ApiError | ODataError): ProblemBody {
  if (error instanceof ApiError)
    return { ...problem(error.code, error.errors, error.detail), ...error.extra };
  // A query option outside the supported OData subset: 400 keyed by the option, as ASP.NET does.
  if (error instanceof ODataError) return problem('validation', { [error.option]: [error.message] });
  if (error.validation) return problem('validation', validationErrors(error.validation));
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem('invalidJson', { $: [error.message] });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem('unsupportedContentType');
  }
  // Other client errors Fastify raises (body too large, bad content length...) keep their status.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { title: STATUS_CODES[status] ?? 'Bad Request', status, message: error.message };
  }
  return problem('internal');
}

/** Installs the error and not-found answers on the root instance, so every plugin shares them. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | ApiError | ODataError, request: FastifyRequest, reply: FastifyReply) => {
      const body = toProblem(error);
      if (body.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(body.status).type('application/json').send(body);
    },
  );
  app.setNotFoundHandler((request, reply) => {
    return reply
      .code(404)
      .send({ ...problem('notFound'), message: `No route for ${request.method} ${request.url}.` });
  });
}
