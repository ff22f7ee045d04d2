/** Why bytes from the wire were refused; the connection that sent them is closed. */
export type TeltonikaErrorReason =
  /** A packet did not start with four zero bytes. */
  | 'bad-preamble'
  /** A packet's data length is over MAX_PACKET_DATA_LENGTH. */
  | 'too-long'
  /** A packet's data length is too small to hold a codec id and its counts. */
  | 'too-short'
  /** The CRC-16/IBM after a packet's data does not match it. */
  | 'bad-crc'
  /** The handshake's length is outside 15..IMEI_LENGTH_MAX, or a character is not a digit. */
  | 'bad-imei'
  /** The server's answer to the handshake is neither 0x01 nor 0x00. */
  | 'bad-answer'
  /** A codec id this package does not read where it was found. */
  | 'unknown-codec'
  /** A packet's data ends before what its counts and lengths announce. */
  | 'truncated'
  /** Bytes are left after the last count. */
  | 'trailing-bytes'
  /** The two record counts disagree. */
  | 'count-mismatch'
  /** A Codec 12 message whose type is neither a command (0x05) nor a response (0x06). */
  | 'bad-type'
  /** A record's timestamp is past what a date can hold. */
  | 'bad-timestamp';

/** Malformed Teltonika bytes. Thrown by the decoders and the frame readers, never for anything else. */
export class TeltonikaError extends Error {
  override readonly name = 'TeltonikaError';

  constructor(
    readonly reason: TeltonikaErrorReason,
    message: string,
  ) {
    super(message);
  }
}
