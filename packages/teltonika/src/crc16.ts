// One entry per byte value: the register after shifting that byte through the reflected polynomial.
const TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  return crc;
});

/**
 * CRC-16/IBM (also called CRC-16/ARC): polynomial 0x8005 reflected (0xA001), initial value 0, no
 * final XOR. Teltonika sends it over a packet's data field, in a 4-byte big-endian field.
 */
export function crc16Ibm(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) crc = (crc >>> 8) ^ TABLE[(crc ^ byte) & 0xff]!;
  return crc;
}
