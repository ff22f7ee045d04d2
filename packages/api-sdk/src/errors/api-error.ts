import type { FieldErrors } from '@sentinel/domain';

/**
 * An error answer as the server sends it (ASP.NET ProblemDetails style). A plain-text answer is
 * read as `{ message: text }` so callers have one shape to look at.
 */
export interface ErrorBody {
  message?: string;
  title?: string;
  status?: number;
  errors?: FieldErrors;
  /** What kind of refusal this is when a client acts on it, e.g. 'step-up-required'. */
  type?: string;
  /** With 'step-up-required': the second factors the caller can confirm with. */
  factors?: string[];
}

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  /** The HTTP status of the answer. */
  readonly status: number;
  /** Field name to its messages (empty when the answer had none). */
  readonly errors: FieldErrors;
  /** The answer's body, when it had one. */
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.message || body?.title || `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
    this.errors = body?.errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
