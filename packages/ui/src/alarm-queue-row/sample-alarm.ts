// An open tamper alarm as the queue lists it, for the row's stories and tests to vary.
import type { Alarm } from '@sentinel/domain';

export const SAMPLE_OPENED = '2026-11-27T08:00:00Z';

/** `seconds` after the sample alarm opened. */
export const afterOpening = (seconds: number) => new Date(Date.parse(SAMPLE_OPENED) + seconds * 1000);

export const SAMPLE_OPEN_ALARM: Alarm = {
  id: 7,
  vehicleId: 12,
  registrationNumber: 'CA 123-456',
  holderId: 3,
  holderFirstName: 'Thandi',
  holderLastName: 'Nkosi',
  kind: 'Tamper',
  priority: 1,
  state: 'Open',
  openedDateTime: SAMPLE_OPENED,
  lastEventDateTime: SAMPLE_OPENED,
  eventCount: 1,
  acknowledgeWithinSeconds: 60,
  acknowledgedDateTime: null,
  acknowledgedByUserId: null,
  acknowledgedByUserFirstName: null,
  acknowledgedByUserLastName: null,
  resolvedDateTime: null,
  resolvedByUserFirstName: null,
  resolvedByUserLastName: null,
  resolution: null,
};
