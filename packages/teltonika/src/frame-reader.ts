/*
 * Streaming readers for a TCP connection's bytes, one for each direction. TCP delivers bytes in
 * chunks of any size, so a reader keeps what it has of an unfinished frame between pushes: at most
 * a packet's overhead plus MAX_PACKET_DATA_LENGTH, because each length is checked against its cap
 * as soon as it arrives, before another byte is kept. What it keeps is copied out of the chunk, so
 * the socket's buffer is not held alive by a few bytes of it.
 */
import { CODEC_12, CODEC_12_COMMAND, CODEC_12_MIN_DATA_LENGTH, decodeCodec12 } from './codec12';
import { TeltonikaError } from './errors';
import { IMEI_LENGTH_MAX, IMEI_LENGTH_MIN, MAX_PACKET_DATA_LENGTH } from './limits';
import { readPacket } from './packet';

/** What a device sends: its IMEI once, then packets (AVL data, Codec 12 responses). */
export type ServerFrame = { kind: 'imei'; imei: string } | { kind: 'packet'; codecId: number; data: Buffer };

/** What a server sends: its answer to the handshake, then acknowledgements and Codec 12 commands. */
export type DeviceFrame =
  | { kind: 'imei-answer'; accepted: boolean }
  | { kind: 'record-count'; count: number }
  | { kind: 'command'; text: string };

interface Step<Frame> {
  frame: Frame;
  end: number;
}

const EMPTY = Buffer.alloc(0);

/** The buffering and failure handling both readers share; a subclass reads one frame at a time. */
abstract class FrameReader<Frame> {
  #pending: Buffer = EMPTY;
  #failure: TeltonikaError | undefined;

  /**
   * The frames the bytes so far complete, in order. Throws TeltonikaError on the first violation
   * (the caller closes the connection) and again on every push after it.
   */
  push(chunk: Buffer): Frame[] {
    if (this.#failure) throw this.#failure;
    const input = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const frames: Frame[] = [];
    let offset = 0;
    try {
      for (let step = this.next(input, offset); step; step = this.next(input, offset)) {
        frames.push(step.frame);
        offset = step.end;
      }
    } catch (error) {
      this.#pending = EMPTY;
      if (error instanceof TeltonikaError) this.#failure = error;
      throw error;
    }
    this.#pending = offset === input.length ? EMPTY : Buffer.from(input.subarray(offset));
    return frames;
  }

  /** How many bytes of an unfinished frame the reader holds. */
  buffered(): number {
    return this.#pending.length;
  }

  /** The frame at `offset`, or undefined when it has not all arrived; checks what has. */
  protected abstract next(input: Buffer, offset: number): Step<Frame> | undefined;
}

/** The server's side of a connection: reads what a device sends. */
export class TeltonikaServerReader extends FrameReader<ServerFrame> {
  #imeiRead = false;

  protected next(input: Buffer, offset: number): Step<ServerFrame> | undefined {
    if (this.#imeiRead) {
      const packet = readPacket(input, offset);
      return (
        packet && { frame: { kind: 'packet', codecId: packet.data[0]!, data: packet.data }, end: packet.end }
      );
    }
    if (input.length - offset < 2) return undefined;
    const length = input.readUInt16BE(offset);
    if (length < IMEI_LENGTH_MIN || length > IMEI_LENGTH_MAX) {
      throw new TeltonikaError(
        'bad-imei',
        `An IMEI is ${IMEI_LENGTH_MIN} to ${IMEI_LENGTH_MAX} digits; the handshake says ${length}.`,
      );
    }
    const end = Math.min(offset + 2 + length, input.length);
    for (let i = offset + 2; i < end; i++) {
      const byte = input[i]!;
      if (byte < 0x30 || byte > 0x39) throw new TeltonikaError('bad-imei', 'An IMEI is digits only.');
    }
    if (end < offset + 2 + length) return undefined;
    this.#imeiRead = true;
    return { frame: { kind: 'imei', imei: input.toString('latin1', offset + 2, end) }, end };
  }
}

/**
 * Whether the bytes at `start` can begin a Codec 12 command's header (data length, codec id,
 * quantity, type), or undefined while too few have arrived to tell.
 */
function commandHeaderAt(input: Buffer, start: number): boolean | undefined {
  const available = input.length - start;
  if (available >= 4) {
    const length = input.readUInt32BE(start);
    if (length < CODEC_12_MIN_DATA_LENGTH || length > MAX_PACKET_DATA_LENGTH) return false;
  }
  // The codec id, then (past the quantity, which no receiver reads) the type.
  const expected: [at: number, byte: number][] = [
    [4, CODEC_12],
    [6, CODEC_12_COMMAND],
  ];
  for (const [at, byte] of expected) if (at < available && input[start + at] !== byte) return false;
  return available >= 7 ? true : undefined;
}

/**
 * The device's side of a connection: reads what a server sends (simulators, the load generator).
 * A count of 0 looks like a command's preamble until the next bytes arrive, so it is read with
 * them: a server that wants a device to send its records again does better to close the connection.
 */
export class TeltonikaDeviceReader extends FrameReader<DeviceFrame> {
  #answerRead = false;

  protected next(input: Buffer, offset: number): Step<DeviceFrame> | undefined {
    const available = input.length - offset;
    if (!this.#answerRead) {
      if (available < 1) return undefined;
      const answer = input[offset]!;
      if (answer !== 0x00 && answer !== 0x01) {
        throw new TeltonikaError(
          'bad-answer',
          `The answer to a handshake is 0x01 or 0x00, not 0x${answer.toString(16).padStart(2, '0')}.`,
        );
      }
      this.#answerRead = true;
      return { frame: { kind: 'imei-answer', accepted: answer === 0x01 }, end: offset + 1 };
    }
    if (available < 4) return undefined;
    const count = input.readUInt32BE(offset);
    if (count !== 0) return { frame: { kind: 'record-count', count }, end: offset + 4 };
    // Four zero bytes are a count of 0 or a command's preamble: the bytes after them tell which.
    // A server sends a device nothing but counts and commands, so whatever cannot begin a
    // command's header makes them a count.
    const command = commandHeaderAt(input, offset + 4);
    if (command === undefined) return undefined;
    if (!command) return { frame: { kind: 'record-count', count: 0 }, end: offset + 4 };
    const packet = readPacket(input, offset);
    return packet && { frame: { kind: 'command', text: decodeCodec12(packet.data).text }, end: packet.end };
  }
}
