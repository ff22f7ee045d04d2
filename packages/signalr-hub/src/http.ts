import type { IncomingMessage, ServerResponse } from 'node:http';

/** Cross-origin settings for the negotiate and transport requests. */
export interface CorsOptions {
  /**
   * Origins allowed to call the hub: a list of exact origins (`'http://localhost:5173'`), `'*'` for
   * any origin, or a predicate.
   */
  origins: readonly string[] | '*' | ((origin: string) => boolean);
  /**
   * Whether browsers may send cookies and the Authorization header. The official browser client
   * sends requests `withCredentials` by default, so this must stay true for it unless the client
   * sets `withCredentials: false`.
   * @default true
   */
  credentials?: boolean;
  /**
   * How long browsers may cache a preflight answer, in seconds.
   * @default 600
   */
  maxAgeSeconds?: number;
}

const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'authorization, content-type, x-requested-with, x-signalr-user-agent';

function isOriginAllowed(cors: CorsOptions, origin: string): boolean {
  if (cors.origins === '*') return true;
  if (typeof cors.origins === 'function') return cors.origins(origin);
  return cors.origins.includes(origin);
}

/** Adds the CORS response headers when the request's origin is allowed; true when it was. */
export function applyCors(cors: CorsOptions | undefined, req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (!cors || !origin || !isOriginAllowed(cors, origin)) return false;
  // The origin is echoed rather than '*' because browsers reject '*' on credentialed requests.
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.appendHeader('Vary', 'Origin');
  if (cors.credentials ?? true) res.setHeader('Access-Control-Allow-Credentials', 'true');
  return true;
}

/** Answers a preflight request. */
export function answerPreflight(
  cors: CorsOptions | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (applyCors(cors, req, res)) {
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    const requested = req.headers['access-control-request-headers'];
    res.setHeader('Access-Control-Allow-Headers', requested ?? DEFAULT_ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', String(cors?.maxAgeSeconds ?? 600));
  }
  res.setHeader('Allow', ALLOWED_METHODS);
  res.writeHead(204).end();
}

export function sendText(
  res: ServerResponse,
  status: number,
  text = '',
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...headers,
  });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(JSON.stringify(body));
}

export class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError';
}

/** Reads a whole request body, refusing bodies above `limit` bytes. */
export function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.resume();
        reject(new PayloadTooLargeError(`The message is larger than ${limit} bytes.`));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The bearer token of a request: the Authorization header, else the `access_token` query parameter. */
export function bearerToken(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (match?.[1]) return match[1].trim();
  }
  return url.searchParams.get('access_token') ?? undefined;
}

export function requestUrl(req: IncomingMessage): URL {
  // Only the path and query matter; the base keeps URL parsing total for any Host header.
  return new URL(req.url ?? '/', 'http://localhost');
}
