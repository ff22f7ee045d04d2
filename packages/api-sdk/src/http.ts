import ky, { TimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import { ApiError } from './errors/api-error';
import type { ErrorBody } from './errors/api-error';
import { NetworkError } from './errors/network-error';

export type SearchParams = Record<string, string | number | boolean | undefined>;

export interface ApiRequest {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Relative to the base URL, without a leading slash (ky's prefixUrl rule). */
  path: string;
  json?: unknown;
  searchParams?: SearchParams;
}

export interface HttpOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs: number;
}

/** Sends one request and turns its answer into data or a typed error. Knows nothing of sessions. */
export interface Http {
  /** The raw answer; throws NetworkError when there is none. */
  send(request: ApiRequest, accessToken?: string): Promise<Response>;
  /** The parsed body of a 2xx answer; throws ApiError otherwise. */
  read(response: Response): Promise<unknown>;
}

export function createHttp(options: HttpOptions): Http {
  const client: KyInstance = ky.create({
    prefixUrl: options.baseUrl,
    // The SDK decides about retries itself (one retry after a token refresh); ky's automatic
    // retries of GETs would hide failures from the caller and double the wait.
    retry: 0,
    throwHttpErrors: false,
    timeout: options.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return {
    async send(request, accessToken) {
      try {
        return await client(request.path, {
          method: request.method,
          ...(request.json === undefined ? {} : { json: request.json }),
          ...(request.searchParams ? { searchParams: request.searchParams } : {}),
          ...(accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}),
        });
      } catch (error) {
        // fetch rejects with a TypeError when there is no answer at all; ky adds its own time-out.
        if (error instanceof TypeError || error instanceof TimeoutError)
          throw new NetworkError({ cause: error });
        throw error;
      }
    },

    async read(response: Response): Promise<unknown> {
      const body = await readBody(response);
      if (!response.ok) throw new ApiError(response.status, toErrorBody(body));
      return body;
    },
  };
}

/** Answers read as bytes (a Blob), not as text: a workbook would not survive a text decoding. */
const BINARY_TYPES = ['spreadsheetml', 'application/octet-stream'];

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && BINARY_TYPES.some((binary) => type.includes(binary))) return response.blob();
  const text = await response.text();
  if (text === '') return undefined;
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toErrorBody(body: unknown): ErrorBody | undefined {
  if (typeof body === 'string') return { message: body };
  if (typeof body === 'object' && body !== null) return body as ErrorBody;
  return undefined;
}
