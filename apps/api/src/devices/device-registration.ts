/*
 * Registering a tracking device by its serial number (a tracker's IMEI), so a fitted unit can be
 * linked to a vehicle with ChangeLinkedDevice and is known to the device gateway. The new device is
 * active and free, with no test station and no ingestion key (the bench's IngestKey call gives it
 * one when it needs one). The rules are the domain's, so the dialog and the server agree.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DEVICE_MESSAGES, normaliseSerialNumber, validateNewDevice } from '@sentinel/domain';
import type { Device } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, instant, isUniqueViolation } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError, throwIfInvalid } from '../errors';
import { deviceItem, findDeviceBySerialNumber } from './device-queries';

const duplicateSerial = () => new ApiError('validation', { SerialNumber: [DEVICE_MESSAGES.duplicateSerial] });

/**
 * Adds the device and its DeviceRegistered audit entry in one transaction and answers it. A serial
 * already present in any case is a field error at SerialNumber, and nothing is saved.
 */
export async function registerDevice(
  db: Kysely<Database>,
  request: FastifyRequest,
  input: { serialNumber: string },
): Promise<Device> {
  throwIfInvalid(validateNewDevice(input));
  const serialNumber = normaliseSerialNumber(input.serialNumber);
  if (await findDeviceBySerialNumber(db, serialNumber)) throw duplicateSerial();
  try {
    return await inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('devices')
        .values({ serialNumber, createdOnDateTime: instant() })
        .returning(['id', 'serialNumber', 'active', 'vehicleId', 'testStation'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, request, {
        action: 'DeviceRegistered',
        targetType: 'Device',
        targetId: row.id,
        detail: { serialNumber },
      });
      return deviceItem(row);
    });
  } catch (error) {
    // The same serial registered meanwhile: the case-insensitive unique index decides.
    if (isUniqueViolation(error)) throw duplicateSerial();
    throw error;
  }
}
