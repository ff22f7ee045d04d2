/*
 * What an .xlsx (a zip) unpacks to, measured before the workbook is read: a few kilobytes of zip
 * can unpack to gigabytes. Every entry is inflated off the event loop with zlib's output capped at
 * what is left of the limit, so a bomb stops at the limit instead of expanding in memory; sizes
 * written in the zip are not believed. The streaming reader (unzipper, inside exceljs) walks the
 * local headers one after another, not the central directory measured here, so a zip whose
 * entries do not sit back to back, exactly as the central directory lists them, is refused:
 * nothing can hide from this measure and still be read.
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { IMPORT_MESSAGES } from '@sentinel/domain';
import { ImportFileError } from './import-file-error';

const inflate = promisify(inflateRaw);

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DESCRIPTOR_SIGNATURE = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
/** Entry data followed by a data descriptor whose sizes the local header leaves at 0. */
const HAS_DESCRIPTOR = 0x08;
const STORED = 0;
const DEFLATED = 8;
/** The end-of-directory record's size without its comment, and the longest comment. */
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;

const unreadable = () => new ImportFileError(IMPORT_MESSAGES.unreadable);

interface Entry {
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

function endOfDirectory(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - END_SIZE - MAX_COMMENT);
  for (let at = bytes.length - END_SIZE; at >= earliest; at -= 1) {
    if (
      bytes.readUInt32LE(at) === END_OF_DIRECTORY &&
      at + END_SIZE + bytes.readUInt16LE(at + 20) === bytes.length
    )
      return at;
  }
  throw unreadable();
}

function directory(bytes: Buffer): { entries: Entry[]; start: number } {
  const end = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const start = bytes.readUInt32LE(end + 16);
  // Zip64 (and split archives) are never needed below the upload's 20 MB.
  if (start + size !== end || bytes.readUInt16LE(end + 4) !== 0) throw unreadable();
  const entries: Entry[] = [];
  let at = start;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable();
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (at !== end) throw unreadable();
  return { entries, start };
}

/**
 * Refuses a workbook that is not a plain zip or unpacks to more than `maxBytes`; answers what it
 * unpacks to. Entries are inflated one at a time, so memory holds at most `maxBytes` of them.
 */
export async function checkUnpackedSize(bytes: Buffer, maxBytes: number): Promise<number> {
  const { entries, start } = directory(bytes);
  let next = 0;
  let unpacked = 0;
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at !== next || at + 30 > start || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw unreadable();
    const localFlags = bytes.readUInt16LE(at + 6);
    const localSize = bytes.readUInt32LE(at + 18);
    const dataStart = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > start || bytes.readUInt16LE(at + 8) !== entry.method) throw unreadable();
    if (entry.method !== STORED && entry.method !== DEFLATED) throw unreadable();
    // Where the streaming reader will take this entry to end: the local header's size or,
    // without one, the first data-descriptor signature after the data start.
    const sizeUnknown = (localFlags & HAS_DESCRIPTOR) !== 0 && localSize === 0;
    if (sizeUnknown) {
      if (bytes.indexOf(DESCRIPTOR_SIGNATURE, dataStart) !== dataEnd) throw unreadable();
      next = dataEnd + 16;
    } else {
      if (localSize !== entry.compressedSize) throw unreadable();
      next = dataEnd;
    }
    const data = bytes.subarray(dataStart, dataEnd);
    const left = maxBytes - unpacked;
    if (entry.method === STORED) unpacked += data.length;
    else {
      try {
        // One byte past what is left: an entry that fills it is refused, not cut short.
        unpacked += (await inflate(data, { maxOutputLength: left + 1 })).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') unpacked = maxBytes + 1;
        else throw unreadable();
      }
    }
    if (unpacked > maxBytes) throw new ImportFileError(IMPORT_MESSAGES.unpackedTooLarge(maxBytes));
  }
  if (next !== start) throw unreadable();
  return unpacked;
}
