/*
 * The caps a reader applies to lengths read from the wire, before it keeps a single byte more.
 */

/**
 * The largest data field (codec id to the second record count) a packet may announce. Teltonika
 * documents 1280 bytes as the maximum AVL packet of every FMB, FMC and FMM device but the 64x
 * family (512 bytes); the data field is a part of the packet, so no packet a device sends is refused.
 */
export const MAX_PACKET_DATA_LENGTH = 1280;

/** An IMEI has 15 digits. */
export const IMEI_LENGTH_MIN = 15;

/** The longest IMEI a handshake may carry: 16, the digits of an IMEISV, which some modules send. */
export const IMEI_LENGTH_MAX = 16;

/** Preamble (4), data length (4) and CRC (4): what a packet holds beside its data. */
export const PACKET_OVERHEAD = 12;

/** The fewest data bytes a packet can carry: a codec id and its two counts. */
export const MIN_PACKET_DATA_LENGTH = 3;
