/*
 * Clickatell's One API (platform.clickatell.com), the SMS gateway South African operators use:
 * sending one SMS and reading its status callback. What the shapes follow is Clickatell's own
 * documentation (the README names the pages): POST /v1/message with the integration's API key as
 * the whole Authorization header, `{ messages: [{ channel: 'sms', to, content, from? }] }` with
 * the number in international form without '+', and an answer carrying, per message, its
 * apiMessageId or an error; errors carry a numeric code from the One API's errors table. Status
 * callbacks post `{ integrationId, integrationName, event: { messageStatusUpdate: [...] } }`, each
 * update naming the message's apiMessageId and a code from the message status table.
 *
 * Nothing here retries: the notification worker tries a message again with backoff when the
 * DeliveryError says it may help.
 */
import { DeliveryError } from './messages';
import type { MessageSender, SmsMessage } from './messages';
import type { DeliveryOutcome } from './sms-delivery';

/** Clickatell's One API, the live platform. */
export const CLICKATELL_URL = 'https://platform.clickatell.com';

export interface ClickatellOptions {
  /** The One API integration's API key (CLICKATELL_API_KEY): the Authorization header as it is. */
  apiKey: string;
  /** CLICKATELL_URL: where the One API answers; tests point it at the stand-in. @default CLICKATELL_URL */
  baseUrl?: string | undefined;
  /** CLICKATELL_FROM: the integration's two-way number or sender id; unset, the integration's default. */
  from?: string | undefined;
  /** SMS_TIMEOUT_MS: how long one send may take before it counts as an outage. @default 10000 */
  timeoutMs?: number | undefined;
}

// ---------------------------------------------------------------------------------------------
// The documented shapes.

/** One message of a send request (channel 'sms'). */
export interface ClickatellMessageRequest {
  channel: 'sms';
  /** International form, digits only: 27821234567. */
  to: string;
  content: string;
  from?: string;
}

/** The error object of a send answer, at the top (the whole request) or on one message. */
export interface ClickatellError {
  code: number;
  description: string;
}

/** One message of a send answer. */
export interface ClickatellMessageAnswer {
  apiMessageId: string | null;
  accepted: boolean;
  to: string;
  error: ClickatellError | null;
}

export interface ClickatellSendAnswer {
  messages: ClickatellMessageAnswer[];
  error: ClickatellError | null;
}

/** One status update of a status callback. */
export interface ClickatellStatusUpdate {
  channel?: string | undefined;
  /** The apiMessageId the send answered. */
  messageId: string;
  clientMessageId?: string | null | undefined;
  /** Milliseconds since 1970. */
  timestamp?: number | undefined;
  statusCode: number;
  status?: string | undefined;
}

/** The body of a status callback. */
export interface ClickatellStatusCallback {
  integrationId?: string | undefined;
  integrationName?: string | undefined;
  event: { messageStatusUpdate?: ClickatellStatusUpdate[] | undefined };
}

/**
 * The One API errors table: code, HTTP status, words, and whether sending the same message again
 * could ever help. A refusal of this message (its number, its content, its sender) is permanent;
 * the account's or the platform's state (a key being rotated, the balance topped up, the rate limit,
 * an internal error) is not, so an operator's fix lets the worker's next attempt through.
 */
export const CLICKATELL_ERRORS: Record<number, { status: number; description: string; permanent: boolean }> =
  {
    1: { status: 401, description: 'Invalid or missing integration API Key', permanent: false },
    2: { status: 400, description: 'Account is not active', permanent: false },
    3: { status: 400, description: 'Integration is not active', permanent: false },
    7: {
      status: 401,
      description: 'Originating IP address is not approved in your account',
      permanent: false,
    },
    18: { status: 500, description: 'Internal error', permanent: false },
    19: { status: 503, description: 'Internal error, please retry', permanent: false },
    20: { status: 402, description: 'Insufficient account balance', permanent: false },
    21: { status: 400, description: 'Payload data is malformed', permanent: true },
    22: { status: 400, description: 'Maximum messages per request payload exceeded', permanent: true },
    23: { status: 400, description: 'Invalid or missing parameter', permanent: true },
    24: { status: 400, description: 'Maximum message content size exceeded', permanent: true },
    25: { status: 400, description: 'Invalid recipient address', permanent: true },
    26: { status: 400, description: 'Recipient opted out', permanent: true },
    27: { status: 400, description: 'Recipient not available on channel', permanent: true },
    28: { status: 400, description: 'Recipient not available on sandbox', permanent: true },
    30: { status: 400, description: 'Content type not supported', permanent: true },
    38: { status: 400, description: 'Channel/feature is not active on integration', permanent: true },
    39: { status: 400, description: 'Channel is not available on integration', permanent: true },
    40: { status: 400, description: 'Character set is not supported', permanent: true },
    41: { status: 400, description: 'Resource does not exist', permanent: false },
    42: { status: 400, description: 'HTTP method is not supported on this resource', permanent: false },
    43: { status: 400, description: 'Rate limit', permanent: false },
    44: { status: 400, description: 'FROM number is suspended', permanent: true },
    45: { status: 400, description: 'FROM number is not related to integration', permanent: true },
    46: { status: 400, description: 'Demo access has expired', permanent: false },
    100: { status: 400, description: 'Maximum message parts exceeded', permanent: true },
    101: { status: 400, description: 'Destination does not support two-way messaging', permanent: true },
    110: { status: 400, description: 'USA country limit: must use two-way integration', permanent: true },
    111: {
      status: 400,
      description: 'USA country limit: must enable STOP/SUBSCRIBE commands on integration',
      permanent: true,
    },
  };

/** The message status table's codes that end a message well: the handset took it, or it was read. */
export const CLICKATELL_DELIVERED = new Set([5, 6]);

/**
 * The message status table's failures, in a person's words for the timeline. Codes 1 to 4 are on
 * the way (unknown, queued, scheduled, sent to supplier); 24 (emulated) is the sandbox's answer and
 * was never meant to reach a phone, so it is neither.
 */
export const CLICKATELL_FAILED: Record<number, string> = {
  20: 'expired before delivery',
  21: 'stopped by the recipient',
  22: 'stopped by Clickatell',
  23: 'the network could not deliver it',
  25: 'the Clickatell balance ran out',
  26: 'over the volume limit',
  27: 'over the daily volume limit',
  28: 'over the monthly volume limit',
  29: 'the number does not exist',
  100: 'the network could not route it',
};

/** What a status update means for our message; undefined while it is still on its way. */
export function clickatellOutcome(
  update: Pick<ClickatellStatusUpdate, 'statusCode' | 'status'>,
): DeliveryOutcome | undefined {
  const { statusCode } = update;
  if (CLICKATELL_DELIVERED.has(statusCode)) return { state: 'delivered' };
  if (statusCode < 20 || statusCode === 24) return undefined;
  const words =
    CLICKATELL_FAILED[statusCode] ?? (update.status ?? 'not delivered').toLowerCase().replaceAll('_', ' ');
  return { state: 'failed', reason: `${words} (Clickatell status ${statusCode})` };
}

// ---------------------------------------------------------------------------------------------
// Sending.

/** '+27821234567' as Clickatell takes it: 27821234567 (international form, no '+' or '00'). */
export function clickatellNumber(e164: string): string {
  return e164.trim().replace(/^\+/, '');
}

function isError(value: unknown): value is ClickatellError {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

/** The answer's body as JSON, or undefined when it is not (a proxy's HTML page, nothing at all). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A refusal as a DeliveryError: by the documented code when there is one, else by the HTTP status. */
function refusal(status: number, error: ClickatellError | undefined): DeliveryError {
  if (error !== undefined) {
    const known = CLICKATELL_ERRORS[error.code];
    const words =
      typeof error.description === 'string' && error.description !== ''
        ? error.description
        : known?.description;
    // An unknown code on a 400 is this message's fault; on anything else, the platform's.
    const permanent = known?.permanent ?? (status === 400 || status === 422);
    return new DeliveryError(
      `Clickatell refused it: ${words ?? 'no reason given'} (error ${error.code})`,
      permanent,
    );
  }
  const permanent = status === 400 || status === 422;
  return new DeliveryError(`Clickatell answered ${status}`, permanent);
}

/** The SMS half of a MessageSender that sends through Clickatell's One API. */
export function clickatellSender(options: ClickatellOptions): Pick<MessageSender, 'sendSms'> {
  const url = `${(options.baseUrl ?? CLICKATELL_URL).replace(/\/+$/, '')}/v1/message`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async sendSms({ to, body }: SmsMessage) {
      const message: ClickatellMessageRequest = {
        channel: 'sms',
        to: clickatellNumber(to),
        content: body,
        ...(options.from === undefined ? {} : { from: options.from }),
      };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: options.apiKey,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ messages: [message] }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        throw new DeliveryError(
          timedOut
            ? `Clickatell did not answer within ${timeoutMs} ms`
            : `Clickatell could not be reached (${error instanceof Error ? error.message : String(error)})`,
          false,
        );
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        // The body stopped mid-way (the timeout ran out while it came): an outage like any other.
        throw new DeliveryError(`Clickatell did not answer within ${timeoutMs} ms`, false);
      }
      const answer = jsonOf(text);
      const { messages, error } = (typeof answer === 'object' && answer !== null ? answer : {}) as Partial<
        Record<keyof ClickatellSendAnswer, unknown>
      >;
      const first = Array.isArray(messages)
        ? (messages[0] as Partial<ClickatellMessageAnswer> | undefined)
        : undefined;
      if (first?.accepted === true && typeof first.apiMessageId === 'string' && first.apiMessageId !== '') {
        return { providerMessageId: first.apiMessageId };
      }
      // A message-level error first: a 400 for one message leaves the top-level error empty.
      const reason = isError(first?.error) ? first.error : isError(error) ? error : undefined;
      if (response.status === 429 || response.status === 408 || response.status >= 500) {
        throw new DeliveryError(
          `Clickatell answered ${response.status}${reason === undefined ? '' : `: ${reason.description} (error ${reason.code})`}`,
          false,
        );
      }
      if (response.ok && reason === undefined) {
        // Taken, perhaps, but without an id: sending again may repeat it, which beats losing an alarm.
        throw new DeliveryError(`Clickatell answered ${response.status} without a message id`, false);
      }
      throw refusal(response.status, reason);
    },
  };
}
