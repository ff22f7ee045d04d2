import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Literals, Nullable, PageSchema, ref } from './common';
import { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES } from './commands';

const NullableString = Nullable(Type.String());

/** One entry of a vehicle's history (GET /Vehicles/{id}/History). */
export const HistoryEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleId: Type.Integer(),
    dateTime: Type.String({ description: 'ISO 8601 date-time (UTC).' }),
    type: Type.String({ description: 'AuraCallout, LockState, TamperAlert or CapitalAirIncident.' }),
    isLocked: Nullable(Type.Boolean()),
    isLockedByUserFirstName: NullableString,
    isLockedByUserLastName: NullableString,
    isLockedChangedByAdminUser: Nullable(Type.Boolean()),
    tamperCancelled: Nullable(Type.Boolean()),
    tamperCancelledByUserFirstName: NullableString,
    tamperCancelledByUserLastName: NullableString,
    tamperCarBatteryState: NullableString,
    tamperGpsState: NullableString,
    auraCalloutStatus: NullableString,
    auraCalloutCreatedByUserFirstName: NullableString,
    auraCalloutCreatedByUserLastName: NullableString,
    capitalAirIncidentStatus: NullableString,
    capitalAirIncidentCreatedByUserFirstName: NullableString,
    capitalAirIncidentCreatedByUserLastName: NullableString,
    lastKnownGpsLatitudeDegrees: Nullable(Type.Number()),
    lastKnownGpsLongitudeDegrees: Nullable(Type.Number()),
    lockCommandType: Nullable(Literals(DEVICE_COMMAND_TYPES), {
      description: 'On a LockState entry that ends a command from the dashboard.',
    }),
    lockCommandStatus: Nullable(Literals(DEVICE_COMMAND_STATUSES), {
      description: 'What became of that command: Confirmed, Failed, Expired or Cancelled.',
    }),
    lockCommandRequestedDateTime: NullableString,
    lockCommandReason: NullableString,
  },
  { $id: 'HistoryEntry' },
);
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

/** GET /Vehicles/{id}/History answer: one page, newest first unless $orderby says otherwise. */
export const HistoryPageSchema = PageSchema(ref(HistoryEntrySchema));

/** The fields a vehicle's history filters and sorts on. */
export const HISTORY_LIST_FIELDS = ['dateTime', 'type'] as const;
export type HistoryListField = (typeof HISTORY_LIST_FIELDS)[number];
export type HistoryListFields = Pick<HistoryEntry, HistoryListField>;
