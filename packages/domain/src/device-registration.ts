/*
 * Registering a tracking device by its serial number, shared by the Change Device dialog and the
 * server: the serial's checks and messages, and who may register. Trackers are known by their
 * IMEI (Teltonika's units announce it in their handshake), so a serial of 15 digits is read as one
 * and must carry its Luhn check digit: a mistyped IMEI is refused instead of waiting for a device
 * that never reports.
 */
import { MESSAGES } from './messages';
import type { FieldErrors } from './messages';
import { MANAGER_ROLES } from './roles';
import type { RoleName } from './roles';

/** The fewest characters of a serial number; the Change Device search starts at as many. */
export const DEVICE_SERIAL_MIN_LENGTH = 3;

/** The most characters of a serial number. */
export const DEVICE_SERIAL_MAX_LENGTH = 50;

/** An IMEI has 15 digits, the last its Luhn check digit. */
export const IMEI_LENGTH = 15;

export const DEVICE_MESSAGES = {
  serialLength: `Serial number must be ${DEVICE_SERIAL_MIN_LENGTH} to ${DEVICE_SERIAL_MAX_LENGTH} characters`,
  serialCharacters: 'Serial number may hold only letters, digits and hyphens',
  invalidImei: `Enter a valid IMEI (${IMEI_LENGTH} digits)`,
  duplicateSerial: 'A device with this serial number already exists.',
} as const;

const SERIAL_CHARACTERS = /^[A-Za-z0-9-]+$/;
const IMEI_SHAPE = new RegExp(`^\\d{${IMEI_LENGTH}}$`);

/** The serial number as it is stored: without surrounding spaces (its case is kept). */
export function normaliseSerialNumber(serialNumber: string): string {
  return serialNumber.trim();
}

/** The Luhn check digit of `digits` (the digit that would follow them), as an IMEI's last digit is. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let value = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return (10 - (sum % 10)) % 10;
}

/** 15 digits whose last is the Luhn check digit of the first 14, e.g. 356307042441013. */
export function isValidImei(value: string): boolean {
  if (!IMEI_SHAPE.test(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

/** The serial number's message, or undefined when it may be registered. */
export function validateSerialNumber(serialNumber: string): string | undefined {
  const serial = normaliseSerialNumber(serialNumber);
  if (serial === '') return MESSAGES.required;
  if (serial.length < DEVICE_SERIAL_MIN_LENGTH || serial.length > DEVICE_SERIAL_MAX_LENGTH) {
    return DEVICE_MESSAGES.serialLength;
  }
  if (!SERIAL_CHARACTERS.test(serial)) return DEVICE_MESSAGES.serialCharacters;
  if (IMEI_SHAPE.test(serial) && !isValidImei(serial)) return DEVICE_MESSAGES.invalidImei;
  return undefined;
}

/** A new device's errors, keyed as the server answers them (errors.SerialNumber). */
export function validateNewDevice(input: { serialNumber: string }): FieldErrors {
  const message = validateSerialNumber(input.serialNumber);
  return message === undefined ? {} : { SerialNumber: [message] };
}

/**
 * Who may register a device: Admin and Technical-Agent, who link devices to vehicles. The registry
 * is shared by every company, so not a Company-Admin.
 */
export const DEVICE_REGISTRATION_ROLES: readonly RoleName[] = MANAGER_ROLES;

export function mayRegisterDevice(role: string): boolean {
  return (DEVICE_REGISTRATION_ROLES as readonly string[]).includes(role);
}
