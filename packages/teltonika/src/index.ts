export { crc16Ibm } from './crc16';
export { TeltonikaError } from './errors';
export type { TeltonikaErrorReason } from './errors';
export { IMEI_LENGTH_MAX, IMEI_LENGTH_MIN, MAX_PACKET_DATA_LENGTH, PACKET_OVERHEAD } from './limits';
export { encodeImeiAnswer, encodeImeiHandshake, encodeRecordCount, isImei } from './handshake';
export { CODEC_8, CODEC_8_EXTENDED, decodeAvlData, encodeAvlPacket } from './avl';
export type { AvlCodecId, AvlRecord, IoWidth } from './avl';
export {
  CODEC_12,
  CODEC_12_COMMAND,
  CODEC_12_RESPONSE,
  decodeCodec12,
  encodeCodec12Command,
  encodeCodec12Response,
} from './codec12';
export type { Codec12Type } from './codec12';
export { TeltonikaDeviceReader, TeltonikaServerReader } from './frame-reader';
export type { DeviceFrame, ServerFrame } from './frame-reader';
export { FMB_IO, POWER_CUT_VOLTS, reportFromRecord } from './report';
export { immobiliserCommand, lockStateFromResponse } from './immobiliser';
