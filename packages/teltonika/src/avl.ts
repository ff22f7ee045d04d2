/*
 * Codec 8 and Codec 8 Extended: a packet's data field holds the codec id, a record count, the
 * records, and the record count again. A record is a timestamp (ms since 1970, 8 bytes), a
 * priority, a GPS element (longitude, latitude in 1e-7 degrees, signed; altitude, angle,
 * satellites, speed) and its IO elements grouped by value width (1, 2, 4, 8 bytes). Codec 8
 * Extended widens IO ids and counts to 2 bytes and adds variable-length elements.
 */
import { TeltonikaError } from './errors';
import { MAX_PACKET_DATA_LENGTH } from './limits';
import { wrapPacket } from './packet';

export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
export type AvlCodecId = typeof CODEC_8 | typeof CODEC_8_EXTENDED;

/** How many bytes a fixed-size IO value takes on the wire. */
export type IoWidth = 1 | 2 | 4 | 8;
const WIDTHS: readonly IoWidth[] = [1, 2, 4, 8];

/** One AVL record, as a device took it. */
export interface AvlRecord {
  timestamp: Date;
  /** 0 low, 1 high, 2 panic. */
  priority: number;
  /** Degrees, 7 decimals; a record without a fix repeats the last fix, with 0 satellites. */
  longitude: number;
  latitude: number;
  /** Metres above sea level. */
  altitude: number;
  /** Heading in degrees, 0 north, clockwise. */
  angle: number;
  satellites: number;
  speedKmh: number;
  /** The IO element whose change made this record, 0 when a timer did. */
  eventIoId: number;
  /** Fixed-size IO values by AVL id, as unsigned integers. */
  io: Map<number, bigint>;
  /** Codec 8 Extended's variable-length IO values by AVL id. */
  ioVariable: Map<number, Buffer>;
  /**
   * Each fixed-size value's width on the wire. The decoder fills it so a record is encoded again
   * byte for byte; when an id is missing, its documented FMB width is used, else the fewest bytes
   * that hold the value.
   */
  ioWidths?: Map<number, IoWidth>;
}

// Date's range ends 8.64e15 ms after 1970.
const LATEST_TIMESTAMP_MS = 8_640_000_000_000_000n;

class Cursor {
  offset = 0;

  constructor(private readonly data: Buffer) {}

  get left(): number {
    return this.data.length - this.offset;
  }

  need(bytes: number, what: string): void {
    if (this.left < bytes) throw new TeltonikaError('truncated', `The data ends inside ${what}.`);
  }

  uint(width: 1 | 2 | 4, what: string): number {
    this.need(width, what);
    const value = this.data.readUIntBE(this.offset, width);
    this.offset += width;
    return value;
  }

  int(width: 2 | 4, what: string): number {
    this.need(width, what);
    const value = this.data.readIntBE(this.offset, width);
    this.offset += width;
    return value;
  }

  bigUint(width: IoWidth, what: string): bigint {
    if (width !== 8) return BigInt(this.uint(width, what));
    this.need(8, what);
    const value = this.data.readBigUInt64BE(this.offset);
    this.offset += 8;
    return value;
  }

  bytes(length: number, what: string): Buffer {
    this.need(length, what);
    const value = Buffer.from(this.data.subarray(this.offset, this.offset + length));
    this.offset += length;
    return value;
  }
}

/**
 * The records of a Codec 8 or 8 Extended packet's data field (codec id to the second record
 * count, without the CRC). Throws TeltonikaError when the bytes are not such a field.
 */
export function decodeAvlData(data: Buffer): { codecId: AvlCodecId; records: AvlRecord[] } {
  const cursor = new Cursor(data);
  const codecId = cursor.uint(1, 'the codec id');
  if (codecId !== CODEC_8 && codecId !== CODEC_8_EXTENDED) {
    throw new TeltonikaError(
      'unknown-codec',
      `Codec 0x${codecId.toString(16).padStart(2, '0')} is not Codec 8 or 8 Extended.`,
    );
  }
  const count = cursor.uint(1, 'the record count');
  const records: AvlRecord[] = [];
  for (let i = 0; i < count; i++) records.push(readRecord(cursor, codecId));
  const countAgain = cursor.uint(1, 'the second record count');
  if (countAgain !== count) {
    throw new TeltonikaError(
      'count-mismatch',
      `The packet announces ${count} records and ends with ${countAgain}.`,
    );
  }
  if (cursor.left > 0)
    throw new TeltonikaError('trailing-bytes', `${cursor.left} bytes follow the second record count.`);
  return { codecId, records };
}

function readRecord(cursor: Cursor, codecId: AvlCodecId): AvlRecord {
  const timestampMs = cursor.bigUint(8, 'a timestamp');
  if (timestampMs > LATEST_TIMESTAMP_MS)
    throw new TeltonikaError('bad-timestamp', `Timestamp ${timestampMs} ms is past any date.`);
  const priority = cursor.uint(1, 'a priority');
  const longitude = cursor.int(4, 'a longitude') / 1e7;
  const latitude = cursor.int(4, 'a latitude') / 1e7;
  const altitude = cursor.int(2, 'an altitude');
  const angle = cursor.uint(2, 'an angle');
  const satellites = cursor.uint(1, 'a satellite count');
  const speedKmh = cursor.uint(2, 'a speed');

  // Codec 8 Extended widens ids and counts from 1 byte to 2.
  const idWidth = codecId === CODEC_8 ? 1 : 2;
  const eventIoId = cursor.uint(idWidth, 'the event IO id');
  // The total (N1 + N2 + N4 + N8 + NX) says nothing the groups' own counts do not; it is read and
  // not held against the device, whose CRC already vouches for the bytes.
  cursor.uint(idWidth, 'the IO element count');

  const io = new Map<number, bigint>();
  const ioWidths = new Map<number, IoWidth>();
  for (const width of WIDTHS) {
    const elements = cursor.uint(idWidth, `the count of ${width}-byte IO elements`);
    cursor.need(elements * (idWidth + width), `${elements} ${width}-byte IO elements`);
    for (let i = 0; i < elements; i++) {
      const id = cursor.uint(idWidth, 'an IO id');
      io.set(id, cursor.bigUint(width, 'an IO value'));
      ioWidths.set(id, width);
    }
  }
  const ioVariable = new Map<number, Buffer>();
  if (codecId === CODEC_8_EXTENDED) {
    const elements = cursor.uint(2, 'the count of variable-length IO elements');
    cursor.need(elements * 4, `${elements} variable-length IO elements`);
    for (let i = 0; i < elements; i++) {
      const id = cursor.uint(2, 'an IO id');
      const length = cursor.uint(2, 'an IO value length');
      ioVariable.set(id, cursor.bytes(length, 'a variable-length IO value'));
    }
  }
  return {
    timestamp: new Date(Number(timestampMs)),
    priority,
    longitude,
    latitude,
    altitude,
    angle,
    satellites,
    speedKmh,
    eventIoId,
    io,
    ioVariable,
    ioWidths,
  };
}

/** Widths of the FMB AVL ids a simulated record is likely to carry (Teltonika's AVL ID list). */
const FMB_WIDTHS = new Map<number, IoWidth>([
  [1, 1], // Digital Input 1
  [21, 1], // GSM Signal
  [24, 2], // Speed
  [66, 2], // External Voltage
  [67, 2], // Battery Voltage
  [68, 2], // Battery Current
  [69, 1], // GNSS Status
  [113, 1], // Battery Level
  [179, 1], // Digital Output 1
  [181, 2], // GNSS PDOP
  [182, 2], // GNSS HDOP
  [199, 4], // Trip Odometer
  [16, 4], // Total Odometer
  [239, 1], // Ignition
  [240, 1], // Movement
  [241, 4], // Active GSM Operator
  [249, 1], // Jamming
  [252, 1], // Unplug
]);

function widthOf(record: AvlRecord, id: number, value: bigint): IoWidth {
  const width =
    record.ioWidths?.get(id) ?? FMB_WIDTHS.get(id) ?? WIDTHS.find((w) => value < 1n << BigInt(8 * w));
  if (width === undefined || value < 0n || value >= 1n << BigInt(8 * width)) {
    throw new RangeError(`IO ${id}'s value ${value} does not fit ${width ?? 8} unsigned bytes.`);
  }
  return width;
}

class Writer {
  private readonly parts: Buffer[] = [];
  length = 0;

  private push(part: Buffer): void {
    this.parts.push(part);
    this.length += part.length;
  }

  uint(width: 1 | 2 | 4, value: number, what: string): void {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** (8 * width)) {
      throw new RangeError(`${what} ${value} does not fit ${width} unsigned bytes.`);
    }
    const part = Buffer.alloc(width);
    part.writeUIntBE(value, 0, width);
    this.push(part);
  }

  int(width: 2 | 4, value: number, what: string): void {
    const limit = 2 ** (8 * width - 1);
    if (!Number.isInteger(value) || value < -limit || value >= limit) {
      throw new RangeError(`${what} ${value} does not fit ${width} signed bytes.`);
    }
    const part = Buffer.alloc(width);
    part.writeIntBE(value, 0, width);
    this.push(part);
  }

  bigUint(width: IoWidth, value: bigint): void {
    const part = Buffer.alloc(width);
    if (width === 8) part.writeBigUInt64BE(value);
    else part.writeUIntBE(Number(value), 0, width);
    this.push(part);
  }

  bytes(value: Buffer): void {
    this.push(value);
  }

  concat(): Buffer {
    return Buffer.concat(this.parts, this.length);
  }
}

function writeRecord(writer: Writer, codecId: AvlCodecId, record: AvlRecord): void {
  const timestampMs = record.timestamp.getTime();
  if (!Number.isInteger(timestampMs) || timestampMs < 0)
    throw new RangeError(`A record's timestamp is after 1970: ${record.timestamp.toString()}.`);
  writer.bigUint(8, BigInt(timestampMs));
  writer.uint(1, record.priority, 'Priority');
  writer.int(4, Math.round(record.longitude * 1e7), 'Longitude (1e-7 degrees)');
  writer.int(4, Math.round(record.latitude * 1e7), 'Latitude (1e-7 degrees)');
  writer.int(2, record.altitude, 'Altitude');
  writer.uint(2, record.angle, 'Angle');
  writer.uint(1, record.satellites, 'Satellites');
  writer.uint(2, record.speedKmh, 'Speed');

  const idWidth = codecId === CODEC_8 ? 1 : 2;
  if (codecId === CODEC_8 && record.ioVariable.size > 0)
    throw new RangeError('Codec 8 has no variable-length IO elements.');
  writer.uint(idWidth, record.eventIoId, 'Event IO id');
  writer.uint(idWidth, record.io.size + record.ioVariable.size, 'IO element count');
  const groups = new Map<IoWidth, [number, bigint][]>(WIDTHS.map((width) => [width, []]));
  for (const [id, value] of record.io) groups.get(widthOf(record, id, value))!.push([id, value]);
  for (const [width, elements] of groups) {
    writer.uint(idWidth, elements.length, `The count of ${width}-byte IO elements`);
    for (const [id, value] of elements) {
      writer.uint(idWidth, id, 'IO id');
      writer.bigUint(width, value);
    }
  }
  if (codecId === CODEC_8_EXTENDED) {
    writer.uint(2, record.ioVariable.size, 'The count of variable-length IO elements');
    for (const [id, value] of record.ioVariable) {
      writer.uint(2, id, 'IO id');
      writer.uint(2, value.length, `IO ${id}'s length`);
      writer.bytes(value);
    }
  }
}

/**
 * The whole packet (preamble, length, data, CRC) a device sends for `records`: for simulators, the
 * load generator and tests. Throws RangeError when a value does not fit its field or the packet
 * would be longer than a device sends.
 */
export function encodeAvlPacket(codecId: AvlCodecId, records: readonly AvlRecord[]): Buffer {
  const writer = new Writer();
  writer.uint(1, codecId, 'Codec id');
  writer.uint(1, records.length, 'Record count');
  for (const record of records) writeRecord(writer, codecId, record);
  writer.uint(1, records.length, 'Record count');
  if (writer.length > MAX_PACKET_DATA_LENGTH) {
    throw new RangeError(
      `${records.length} records take ${writer.length} bytes; a packet's data holds ${MAX_PACKET_DATA_LENGTH}.`,
    );
  }
  return wrapPacket(writer.concat());
}
