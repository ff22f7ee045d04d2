/*
 * What the two sides send beside packets: the device's IMEI when it connects (2-byte length, then
 * the digits in ASCII), the server's one-byte answer, and the server's acknowledgement of a packet
 * (the number of records it accepted, 4 bytes big-endian; the device sends again what was not
 * acknowledged).
 */
import { IMEI_LENGTH_MAX, IMEI_LENGTH_MIN } from './limits';

const DIGITS = /^[0-9]+$/;

/** Whether `imei` is what a handshake may carry: 15..IMEI_LENGTH_MAX digits. */
export function isImei(imei: string): boolean {
  return imei.length >= IMEI_LENGTH_MIN && imei.length <= IMEI_LENGTH_MAX && DIGITS.test(imei);
}

/** The first bytes a device sends, e.g. `000F333536333037303432343431303133` for 356307042441013. */
export function encodeImeiHandshake(imei: string): Buffer {
  if (!isImei(imei))
    throw new RangeError(
      `An IMEI is ${IMEI_LENGTH_MIN} to ${IMEI_LENGTH_MAX} digits: ${JSON.stringify(imei)}.`,
    );
  const handshake = Buffer.alloc(2 + imei.length);
  handshake.writeUInt16BE(imei.length, 0);
  handshake.write(imei, 2, 'latin1');
  return handshake;
}

/** The server's answer to the handshake: 0x01 to take the device's data, 0x00 to refuse it. */
export function encodeImeiAnswer(accepted: boolean): Buffer {
  return Buffer.from([accepted ? 0x01 : 0x00]);
}

/** The server's acknowledgement of a packet: how many of its records were accepted. */
export function encodeRecordCount(n: number): Buffer {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff)
    throw new RangeError(`A record count is a 32-bit unsigned integer: ${n}.`);
  const count = Buffer.alloc(4);
  count.writeUInt32BE(n, 0);
  return count;
}
