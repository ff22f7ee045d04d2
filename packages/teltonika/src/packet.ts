/*
 * The envelope every Teltonika TCP packet shares, whichever codec it carries: four zero bytes, the
 * data field's length (4 bytes, big-endian), the data field (codec id first), and the data field's
 * CRC-16/IBM in 4 bytes.
 */
import { crc16Ibm } from './crc16';
import { TeltonikaError } from './errors';
import { MAX_PACKET_DATA_LENGTH, MIN_PACKET_DATA_LENGTH, PACKET_OVERHEAD } from './limits';

/** The whole packet around a data field. */
export function wrapPacket(data: Buffer): Buffer {
  const packet = Buffer.alloc(data.length + PACKET_OVERHEAD);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
}

/** A complete packet read from `input`: a copy of its data field, and where the packet ends. */
export interface ReadPacket {
  data: Buffer;
  end: number;
}

/**
 * Reads the packet that starts at `offset`, or answers undefined when its bytes have not all
 * arrived yet. What has arrived is checked first (the preamble byte by byte, the length as soon as
 * its four bytes are in), so a caller never waits on a packet that cannot be valid.
 */
export function readPacket(input: Buffer, offset: number): ReadPacket | undefined {
  const available = input.length - offset;
  for (let i = 0; i < Math.min(4, available); i++) {
    if (input[offset + i] !== 0)
      throw new TeltonikaError('bad-preamble', 'A packet starts with four zero bytes.');
  }
  if (available < 8) return undefined;
  const length = input.readUInt32BE(offset + 4);
  if (length > MAX_PACKET_DATA_LENGTH) {
    throw new TeltonikaError(
      'too-long',
      `A packet's data may be ${MAX_PACKET_DATA_LENGTH} bytes; this one says ${length}.`,
    );
  }
  if (length < MIN_PACKET_DATA_LENGTH) {
    throw new TeltonikaError(
      'too-short',
      `A packet's data holds at least a codec id and two counts; this one says ${length} bytes.`,
    );
  }
  const end = offset + 8 + length + 4;
  if (input.length < end) return undefined;
  const data = Buffer.from(input.subarray(offset + 8, offset + 8 + length));
  const crc = input.readUInt32BE(offset + 8 + length);
  if (crc !== crc16Ibm(data))
    throw new TeltonikaError('bad-crc', "The packet's CRC does not match its data.");
  return { data, end };
}
