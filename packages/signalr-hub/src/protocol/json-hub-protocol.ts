import { MessageType } from './messages';
import type { HandshakeRequest, HandshakeResponse, HubMessage } from './messages';

/** Every JSON message, the handshake included, ends with the ASCII record separator. */
export const RECORD_SEPARATOR = '\u001e';

export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/**
 * Splits incoming text into complete records. Transports may cut a stream anywhere, so whatever
 * follows the last separator is kept until more text arrives. Only new text is searched for a
 * separator (what is kept was searched already), and a record, finished or not, longer than
 * maxRecordBytes is a protocol error, so a client sending no separator cannot grow the buffer.
 */
export class RecordReader {
  private pending: string[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxRecordBytes = Number.POSITIVE_INFINITY) {}

  push(text: string): string[] {
    let separator = text.indexOf(RECORD_SEPARATOR);
    if (separator === -1) {
      this.keep(text);
      return [];
    }
    const records: string[] = [];
    let start = 0;
    while (separator !== -1) {
      const piece = text.slice(start, separator);
      this.keep(piece);
      records.push(this.pending.length === 1 ? piece : this.pending.join(''));
      this.pending = [];
      this.pendingBytes = 0;
      start = separator + 1;
      separator = text.indexOf(RECORD_SEPARATOR, start);
    }
    this.keep(text.slice(start));
    return records;
  }

  get bufferedLength(): number {
    return this.pendingBytes;
  }

  private keep(piece: string): void {
    if (piece === '') return;
    this.pendingBytes += Buffer.byteLength(piece);
    if (this.pendingBytes > this.maxRecordBytes) {
      throw new ProtocolError(
        `The message exceeds the maximum message size of ${this.maxRecordBytes} bytes.`,
      );
    }
    this.pending.push(piece);
  }
}

export function writeRecord(value: HubMessage | HandshakeResponse): string {
  return JSON.stringify(value) + RECORD_SEPARATOR;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonObject(record: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError('The message is not valid JSON.');
  }
  if (!isRecord(value)) throw new ProtocolError('The message is not a JSON object.');
  return value;
}

export function parseHandshakeRequest(record: string): HandshakeRequest {
  const value = parseJsonObject(record);
  if (typeof value.protocol !== 'string') throw new ProtocolError("The handshake has no 'protocol'.");
  if (typeof value.version !== 'number') throw new ProtocolError("The handshake has no 'version'.");
  return { protocol: value.protocol, version: value.version };
}

function optionalString(value: Record<string, unknown>, key: string): string | undefined {
  const field = value[key];
  if (field === undefined || field === null) return undefined;
  if (typeof field !== 'string') throw new ProtocolError(`'${key}' must be a string.`);
  return field;
}

function requiredString(value: Record<string, unknown>, key: string): string {
  const field = optionalString(value, key);
  if (field === undefined) throw new ProtocolError(`'${key}' is required.`);
  return field;
}

function optionalStringArray(value: Record<string, unknown>, key: string): string[] | undefined {
  const field = value[key];
  if (field === undefined || field === null) return undefined;
  if (!Array.isArray(field) || !field.every((item) => typeof item === 'string')) {
    throw new ProtocolError(`'${key}' must be an array of strings.`);
  }
  return field as string[];
}

function requiredArguments(value: Record<string, unknown>): unknown[] {
  const field = value.arguments;
  if (!Array.isArray(field)) throw new ProtocolError("'arguments' must be an array.");
  return field as unknown[];
}

function withOptional<T extends object, K extends string, V>(target: T, key: K, field: V | undefined) {
  return field === undefined ? target : { ...target, [key]: field };
}

/** Parses one record (without its separator) into a hub message, checking the fields it needs. */
export function parseMessage(record: string): HubMessage {
  const value = parseJsonObject(record);
  switch (value.type) {
    case MessageType.Invocation:
      return withOptional(
        withOptional(
          {
            type: MessageType.Invocation,
            target: requiredString(value, 'target'),
            arguments: requiredArguments(value),
          },
          'invocationId',
          optionalString(value, 'invocationId'),
        ),
        'streamIds',
        optionalStringArray(value, 'streamIds'),
      );
    case MessageType.StreamInvocation:
      return withOptional(
        {
          type: MessageType.StreamInvocation,
          invocationId: requiredString(value, 'invocationId'),
          target: requiredString(value, 'target'),
          arguments: requiredArguments(value),
        },
        'streamIds',
        optionalStringArray(value, 'streamIds'),
      );
    case MessageType.StreamItem:
      return {
        type: MessageType.StreamItem,
        invocationId: requiredString(value, 'invocationId'),
        item: value.item,
      };
    case MessageType.Completion: {
      const base = { type: MessageType.Completion, invocationId: requiredString(value, 'invocationId') };
      const error = optionalString(value, 'error');
      if (error !== undefined) return { ...base, error };
      return 'result' in value ? { ...base, result: value.result } : base;
    }
    case MessageType.CancelInvocation:
      return { type: MessageType.CancelInvocation, invocationId: requiredString(value, 'invocationId') };
    case MessageType.Ping:
      return { type: MessageType.Ping };
    case MessageType.Close:
      return withOptional(
        withOptional({ type: MessageType.Close }, 'error', optionalString(value, 'error')),
        'allowReconnect',
        typeof value.allowReconnect === 'boolean' ? value.allowReconnect : undefined,
      );
    case MessageType.Ack:
    case MessageType.Sequence:
      if (typeof value.sequenceId !== 'number') throw new ProtocolError("'sequenceId' must be a number.");
      return { type: value.type, sequenceId: value.sequenceId };
    default:
      throw new ProtocolError(`Unknown message type '${String(value.type)}'.`);
  }
}
