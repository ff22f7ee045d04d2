import type { AnswerOf, AnswerSchema, Caller } from './caller';
import { createHttp } from './http';
import type { ApiRequest, Http } from './http';

/** Where the vehicle API is and how the client talks to it. */
export interface ConnectionOptions {
  /** The vehicle API's base URL, e.g. appsettings.json's baseURL. */
  baseUrl: string;
  /** The fetch implementation to send requests with. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** A request without an answer after this many milliseconds fails with NetworkError. @default 30000 */
  timeoutMs?: number;
  /**
   * Check every answer against the contract's schema of its call and throw ContractError when it
   * differs, so a drift between server and SDK shows at once. Meant for development and tests (the
   * apps pass `import.meta.env.DEV`); production builds leave it off and trust the contract.
   * @default false
   */
  validateAnswers?: boolean;
}

/** Reads a 2xx answer as its call's type (ApiError otherwise), checked first when the options ask. */
export type ReadAnswer = <A extends AnswerSchema>(
  response: Response,
  request: ApiRequest,
  answer: A,
) => Promise<AnswerOf<A>>;

/** The parts every client is built from: requests, answers, and calls that need no session. */
export interface Connection {
  http: Http;
  readAnswer: ReadAnswer;
  call: Caller['call'];
}

export function createConnection(options: ConnectionOptions): Connection {
  const http = createHttp({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const validate = options.validateAnswers ?? false;

  /** The answer, checked when asked to; typed by its schema either way (the contract is the promise). */
  const readAnswer = async <A extends AnswerSchema>(
    response: Response,
    request: ApiRequest,
    answer: A,
  ): Promise<AnswerOf<A>> => {
    const body = await http.read(response);
    // Loaded only when checking: the checker, TypeBox's Value and the named schemas stay out of
    // production bundles.
    if (validate) (await import('./answers')).checkAnswer(answer, body, request);
    return body as AnswerOf<A>;
  };

  const call = async <A extends AnswerSchema>(request: ApiRequest, answer: A): Promise<AnswerOf<A>> =>
    readAnswer(await http.send(request), request, answer);

  return { http, readAnswer, call };
}
