// The MessagePack hub protocol (HubProtocol.md, "MessagePack Encoding"): each message is a
// MessagePack array, prefixed on the wire by its length as a variable-length integer (7 bits a
// byte, least significant first). @msgpack/msgpack does the MessagePack itself.
import { Decoder, Encoder } from '@msgpack/msgpack';
import { ProtocolError } from './json-hub-protocol';
import { MessageType } from './messages';
import type { HubMessage } from './messages';

/** The most bytes a length prefix may take: 5 × 7 bits covers 2 GB. */
const MAX_PREFIX_BYTES = 5;
/** Completion result kinds. */
const ERROR_RESULT = 1;
const VOID_RESULT = 2;
const NON_VOID_RESULT = 3;

// One encoder reused: it keeps its buffer between messages instead of allocating one per message.
const encoder = new Encoder({ ignoreUndefined: false });
const decoder = new Decoder();

function asArray(message: HubMessage): unknown[] {
  switch (message.type) {
    case MessageType.Invocation:
      return [
        MessageType.Invocation,
        message.headers ?? {},
        message.invocationId ?? null,
        message.target,
        message.arguments,
        ...(message.streamIds ? [message.streamIds] : []),
      ];
    case MessageType.StreamInvocation:
      return [
        MessageType.StreamInvocation,
        message.headers ?? {},
        message.invocationId,
        message.target,
        message.arguments,
        ...(message.streamIds ? [message.streamIds] : []),
      ];
    case MessageType.StreamItem:
      return [MessageType.StreamItem, message.headers ?? {}, message.invocationId, message.item];
    case MessageType.Completion:
      if (message.error !== undefined) {
        return [
          MessageType.Completion,
          message.headers ?? {},
          message.invocationId,
          ERROR_RESULT,
          message.error,
        ];
      }
      return 'result' in message
        ? [
            MessageType.Completion,
            message.headers ?? {},
            message.invocationId,
            NON_VOID_RESULT,
            message.result,
          ]
        : [MessageType.Completion, message.headers ?? {}, message.invocationId, VOID_RESULT];
    case MessageType.CancelInvocation:
      return [MessageType.CancelInvocation, message.headers ?? {}, message.invocationId];
    case MessageType.Ping:
      return [MessageType.Ping];
    case MessageType.Close:
      return [MessageType.Close, message.error ?? null, message.allowReconnect ?? false];
    case MessageType.Ack:
    case MessageType.Sequence:
      return [message.type, message.sequenceId];
  }
}

/** One message, length-prefixed, ready to write. */
export function writeMessagePack(message: HubMessage): Buffer {
  const body = encoder.encode(asArray(message));
  const prefix: number[] = [];
  let length = body.length;
  do {
    let byte = length & 0x7f;
    length >>>= 7;
    if (length > 0) byte |= 0x80;
    prefix.push(byte);
  } while (length > 0);
  const framed = Buffer.allocUnsafe(prefix.length + body.length);
  framed.set(prefix, 0);
  framed.set(body, prefix.length);
  return framed;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ProtocolError(`'${what}' must be a string.`);
  return value;
}

function optionalText(value: unknown, what: string): string | undefined {
  return value === null || value === undefined ? undefined : text(value, what);
}

function argumentsOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new ProtocolError("'arguments' must be an array.");
  return value as unknown[];
}

function streamIdsOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ProtocolError("'streamIds' must be an array of strings.");
  }
  return value as string[];
}

/** One decoded MessagePack array as a hub message, checking the fields it needs. */
function toMessage(value: unknown): HubMessage {
  if (!Array.isArray(value) || value.length === 0) throw new ProtocolError('The message is not an array.');
  const [type] = value as unknown[];
  switch (type) {
    case MessageType.Invocation: {
      const invocationId = optionalText(value[2], 'invocationId');
      const streamIds = streamIdsOf(value[5]);
      return {
        type: MessageType.Invocation,
        target: text(value[3], 'target'),
        arguments: argumentsOf(value[4]),
        ...(invocationId === undefined ? {} : { invocationId }),
        ...(streamIds === undefined ? {} : { streamIds }),
      };
    }
    case MessageType.StreamInvocation: {
      const streamIds = streamIdsOf(value[5]);
      return {
        type: MessageType.StreamInvocation,
        invocationId: text(value[2], 'invocationId'),
        target: text(value[3], 'target'),
        arguments: argumentsOf(value[4]),
        ...(streamIds === undefined ? {} : { streamIds }),
      };
    }
    case MessageType.StreamItem:
      return { type: MessageType.StreamItem, invocationId: text(value[2], 'invocationId'), item: value[3] };
    case MessageType.Completion: {
      const invocationId = text(value[2], 'invocationId');
      switch (value[3]) {
        case ERROR_RESULT:
          return { type: MessageType.Completion, invocationId, error: text(value[4], 'error') };
        case VOID_RESULT:
          return { type: MessageType.Completion, invocationId };
        case NON_VOID_RESULT:
          return { type: MessageType.Completion, invocationId, result: value[4] };
        default:
          throw new ProtocolError(`Unknown completion result kind '${String(value[3])}'.`);
      }
    }
    case MessageType.CancelInvocation:
      return { type: MessageType.CancelInvocation, invocationId: text(value[2], 'invocationId') };
    case MessageType.Ping:
      return { type: MessageType.Ping };
    case MessageType.Close: {
      const error = optionalText(value[1], 'error');
      return {
        type: MessageType.Close,
        ...(error === undefined ? {} : { error }),
        ...(typeof value[2] === 'boolean' ? { allowReconnect: value[2] } : {}),
      };
    }
    case MessageType.Ack:
    case MessageType.Sequence:
      if (typeof value[1] !== 'number') throw new ProtocolError("'sequenceId' must be a number.");
      return { type, sequenceId: value[1] };
    default:
      throw new ProtocolError(`Unknown message type '${String(type)}'.`);
  }
}

/**
 * Splits incoming bytes into messages. Transports may cut a stream anywhere, so an unfinished
 * message is kept until the rest arrives; a message longer than maxMessageBytes is a protocol
 * error, so a client cannot make the buffer grow without limit.
 */
export class MessagePackReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxMessageBytes = Number.POSITIVE_INFINITY) {}

  push(bytes: Uint8Array): HubMessage[] {
    const data = this.pending.length === 0 ? Buffer.from(bytes) : Buffer.concat([this.pending, bytes]);
    const messages: HubMessage[] = [];
    let offset = 0;
    while (offset < data.length) {
      let length = 0;
      let prefixBytes = 0;
      let byte: number;
      do {
        if (offset + prefixBytes >= data.length) {
          this.pending = data.subarray(offset);
          return messages;
        }
        byte = data[offset + prefixBytes] ?? 0;
        length += (byte & 0x7f) * 2 ** (7 * prefixBytes);
        prefixBytes += 1;
        if (prefixBytes > MAX_PREFIX_BYTES) throw new ProtocolError('The message length is malformed.');
      } while (byte & 0x80);
      if (length > this.maxMessageBytes) {
        throw new ProtocolError(
          `The message exceeds the maximum message size of ${this.maxMessageBytes} bytes.`,
        );
      }
      const start = offset + prefixBytes;
      if (start + length > data.length) break;
      let value: unknown;
      try {
        value = decoder.decode(data.subarray(start, start + length));
      } catch {
        throw new ProtocolError('The message is not valid MessagePack.');
      }
      messages.push(toMessage(value));
      offset = start + length;
    }
    this.pending = data.subarray(offset);
    return messages;
  }
}
