/*
 * Codec 12, the server's commands to a device and the device's answers, as text over the same
 * connection: codec id 0x0C, command quantity (1), type (0x05 command, 0x06 response), the text's
 * length (4 bytes), the text, the quantity again.
 */
import { TeltonikaError } from './errors';
import { MAX_PACKET_DATA_LENGTH } from './limits';
import { wrapPacket } from './packet';

export const CODEC_12 = 0x0c;
export const CODEC_12_COMMAND = 0x05;
export const CODEC_12_RESPONSE = 0x06;
export type Codec12Type = typeof CODEC_12_COMMAND | typeof CODEC_12_RESPONSE;

/** A Codec 12 data field's bytes around its text: codec id, quantity, type, length (4), quantity. */
export const CODEC_12_MIN_DATA_LENGTH = 8;
const OVERHEAD = CODEC_12_MIN_DATA_LENGTH;
const PRINTABLE = /^[\x20-\x7e\r\n\t]*$/;

function encode(type: Codec12Type, text: string): Buffer {
  if (!PRINTABLE.test(text))
    throw new RangeError(`A Codec 12 message is printable ASCII: ${JSON.stringify(text)}.`);
  if (text.length + OVERHEAD > MAX_PACKET_DATA_LENGTH)
    throw new RangeError(`A Codec 12 message holds ${MAX_PACKET_DATA_LENGTH - OVERHEAD} characters.`);
  const data = Buffer.alloc(text.length + OVERHEAD);
  data[0] = CODEC_12;
  data[1] = 1;
  data[2] = type;
  data.writeUInt32BE(text.length, 3);
  data.write(text, 7, 'latin1');
  data[7 + text.length] = 1;
  return wrapPacket(data);
}

/** The whole packet a server sends to give a device a command, e.g. `setdigout 1`. */
export function encodeCodec12Command(text: string): Buffer {
  return encode(CODEC_12_COMMAND, text);
}

/** The whole packet a device sends to answer a command. */
export function encodeCodec12Response(text: string): Buffer {
  return encode(CODEC_12_RESPONSE, text);
}

/**
 * The message in a Codec 12 packet's data field (codec id to the second quantity, without the
 * CRC). Throws TeltonikaError when the bytes are not such a field. The two quantities are not
 * read, as the documentation says a receiver does; the text is read byte for byte (latin1), so no
 * byte a device sends makes it fail.
 */
export function decodeCodec12(data: Buffer): { type: Codec12Type; text: string } {
  if (data.length < 1 || data[0] !== CODEC_12) {
    throw new TeltonikaError(
      'unknown-codec',
      `Codec 0x${(data[0] ?? 0).toString(16).padStart(2, '0')} is not Codec 12.`,
    );
  }
  if (data.length < OVERHEAD)
    throw new TeltonikaError('truncated', 'The data ends before the Codec 12 header does.');
  const type = data[2]!;
  if (type !== CODEC_12_COMMAND && type !== CODEC_12_RESPONSE) {
    throw new TeltonikaError(
      'bad-type',
      `Codec 12 type 0x${type.toString(16).padStart(2, '0')} is neither a command nor a response.`,
    );
  }
  const length = data.readUInt32BE(3);
  if (length > data.length - OVERHEAD)
    throw new TeltonikaError(
      'truncated',
      `The text is said to be ${length} bytes; ${data.length - OVERHEAD} are left.`,
    );
  if (data.length > OVERHEAD + length) {
    throw new TeltonikaError(
      'trailing-bytes',
      `${data.length - OVERHEAD - length} bytes follow the second quantity.`,
    );
  }
  return { type, text: data.toString('latin1', 7, 7 + length) };
}
