/*
 * A local stand-in of Clickatell's One API, for the tests, the browser tests and the benchmark
 * (never for production): a node:http server that answers POST /v1/message as the documentation
 * says (the API key as the Authorization header, per-message apiMessageIds or errors from the
 * errors table, 202 / 207 / 400 / 401), records what it received, can be told to fail the next
 * requests (503, a documented error, or no answer at all), and posts the documented status
 * callback to a URL: on demand, or for every message it takes when deliveryReports is set.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLICKATELL_ERRORS } from './clickatell';
import type {
  ClickatellError,
  ClickatellMessageAnswer,
  ClickatellSendAnswer,
  ClickatellStatusCallback,
} from './clickatell';

/** The message status table's names of the codes the stand-in reports. */
export const CLICKATELL_STATUS_NAMES: Record<number, string> = {
  1: 'UNKNOWN',
  2: 'QUEUED',
  3: 'SCHEDULED',
  4: 'SENT_TO_SUPPLIER',
  5: 'DEVICE_ACK',
  6: 'READ',
  20: 'EXPIRED',
  21: 'STOPPED_BY_USER',
  22: 'STOPPED_BY_ADMIN',
  23: 'DELIVERY_FAILURE',
  24: 'EMULATED',
  25: 'INSUFFICIENT_ACCOUNT_BALANCE',
  29: 'RECIPIENT_DOES_NOT_EXIST',
  100: 'ROUTING_ERROR',
};

/** How the next requests fail: 503 (error 19), a documented error by its code, or no answer at all. */
export type StandInFailure = { kind: 'unavailable' } | { kind: 'error'; code: number } | { kind: 'hang' };

/** One request to POST /v1/message, as it came. */
export interface StandInRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON body; undefined when it was not JSON. */
  body: unknown;
}

/** One message the stand-in took. */
export interface StandInMessage {
  apiMessageId: string;
  channel: string;
  to: string;
  content: string;
  from: string | undefined;
}

export interface ClickatellStandInOptions {
  /** The integration's API key it accepts. @default 'stand-in-api-key' */
  apiKey?: string;
  /** When set, every message it takes is reported sent to supplier (4), then delivered (5), here. */
  deliveryReports?: { url: string; delayMs?: number };
}

export interface ClickatellStandIn {
  /** The base URL to give the sender (CLICKATELL_URL). */
  url: string;
  apiKey: string;
  /** Every request, in order. */
  requests: StandInRequest[];
  /** Every message taken, in order. */
  messages: StandInMessage[];
  /** The next `count` requests fail this way (checked before the API key). */
  failNext(count: number, failure?: StandInFailure): void;
  /** Posts one status callback, as Clickatell would, and answers the HTTP status it got. */
  postStatus(
    url: string,
    update: { messageId: string; statusCode: number; timestamp?: number },
  ): Promise<number>;
  /** Stops listening and drops every open connection (a hanging request too). */
  close(): Promise<void>;
}

/** The maximum number of messages in one request, as documented. */
const MAX_MESSAGES = 200;

/** The body of a status callback for one update. */
export function statusCallbackBody(update: {
  messageId: string;
  statusCode: number;
  timestamp?: number;
}): ClickatellStatusCallback {
  return {
    integrationId: 'stand-in-integration',
    integrationName: 'Sentinel stand-in',
    event: {
      messageStatusUpdate: [
        {
          channel: 'sms',
          messageId: update.messageId,
          timestamp: update.timestamp ?? Date.now(),
          statusCode: update.statusCode,
          status: CLICKATELL_STATUS_NAMES[update.statusCode] ?? 'UNKNOWN',
        },
      ],
    },
  };
}

function documentedError(code: number, detail?: string): ClickatellError {
  const known = CLICKATELL_ERRORS[code];
  const description = known?.description ?? 'Internal error';
  return { code, description: detail === undefined ? description : `${description}: ${detail}` };
}

function send(response: ServerResponse, status: number, body: ClickatellSendAnswer): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += (chunk as Buffer).toString('utf8');
  return text;
}

/** The answer for one message of a request: taken with a new id, or refused with its error. */
function answerMessage(value: unknown, taken: StandInMessage[]): ClickatellMessageAnswer {
  const message = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const to = typeof message['to'] === 'string' ? message['to'] : '';
  const refuse = (error: ClickatellError): ClickatellMessageAnswer => ({
    apiMessageId: null,
    accepted: false,
    to,
    error,
  });
  const channel = message['channel'] ?? 'sms';
  if (channel !== 'sms') return refuse(documentedError(39));
  if (typeof message['to'] !== 'string' || message['to'] === '') {
    return refuse(documentedError(23, 'to'));
  }
  // International form, digits only: no '+', no '00', no spaces.
  if (!/^[1-9]\d{6,14}$/.test(to)) return refuse(documentedError(25, to));
  const content = message['content'];
  if (typeof content !== 'string' || content === '') return refuse(documentedError(23, 'content'));
  const from = message['from'];
  if (from !== undefined && (typeof from !== 'string' || from === '')) {
    return refuse(documentedError(23, 'from'));
  }
  const apiMessageId = randomBytes(16).toString('hex');
  taken.push({ apiMessageId, channel: 'sms', to, content, from });
  return { apiMessageId, accepted: true, to, error: null };
}

/** Starts the stand-in on a free local port. */
export async function startClickatellStandIn(
  options: ClickatellStandInOptions = {},
): Promise<ClickatellStandIn> {
  const apiKey = options.apiKey ?? 'stand-in-api-key';
  const requests: StandInRequest[] = [];
  const messages: StandInMessage[] = [];
  const failures: StandInFailure[] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function postStatus(
    url: string,
    update: { messageId: string; statusCode: number; timestamp?: number },
  ): Promise<number> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(statusCallbackBody(update)),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  function reportLater(messageId: string): void {
    const reports = options.deliveryReports;
    if (reports === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void (async () => {
        try {
          await postStatus(reports.url, { messageId, statusCode: 4 });
          await postStatus(reports.url, { messageId, statusCode: 5 });
        } catch {
          // The api is gone (a test ended): Clickatell would retry; the stand-in lets it be.
        }
      })();
    }, reports.delayMs ?? 500);
    timers.add(timer);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url?.split('?')[0] !== '/v1/message') {
      send(response, 404, { messages: [], error: documentedError(41) });
      return;
    }
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    requests.push({
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    });

    const failure = failures.shift();
    if (failure?.kind === 'hang') return; // Never answered; close() drops the connection.
    if (failure?.kind === 'unavailable') {
      send(response, 503, { messages: [], error: documentedError(19) });
      return;
    }
    if (failure?.kind === 'error') {
      const status = CLICKATELL_ERRORS[failure.code]?.status ?? 400;
      const error = documentedError(failure.code);
      const list = (body as { messages?: unknown } | undefined)?.messages;
      const first = Array.isArray(list) ? (list[0] as { to?: unknown } | undefined) : undefined;
      // A message-level error sits on the message; the top-level error is then left empty.
      if (status === 400 && first !== undefined) {
        const to = typeof first.to === 'string' ? first.to : '';
        send(response, 400, { messages: [{ apiMessageId: null, accepted: false, to, error }], error: null });
      } else {
        send(response, status, { messages: [], error });
      }
      return;
    }

    if (request.headers.authorization !== apiKey) {
      send(response, 401, { messages: [], error: documentedError(1) });
      return;
    }
    const list = (body as { messages?: unknown } | undefined)?.messages;
    if (body === undefined || !Array.isArray(list) || list.length === 0) {
      send(response, 400, { messages: [], error: documentedError(21) });
      return;
    }
    if (list.length > MAX_MESSAGES) {
      send(response, 400, { messages: [], error: documentedError(22) });
      return;
    }
    const answers = list.map((message) => answerMessage(message, messages));
    for (const answer of answers) if (answer.apiMessageId !== null) reportLater(answer.apiMessageId);
    const accepted = answers.filter((answer) => answer.accepted).length;
    const status = accepted === answers.length ? 202 : accepted === 0 ? 400 : 207;
    send(response, status, { messages: answers, error: null });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, { messages: [], error: documentedError(18) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    messages,
    failNext(count, failure = { kind: 'unavailable' }) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    postStatus,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
