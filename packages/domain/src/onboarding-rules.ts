import { MESSAGES } from './messages';
import type { FieldErrors } from './messages';
import {
  required,
  validateEmail,
  validateIdNumber,
  validateName,
  validatePhoneNumber,
} from './validate-field';

/**
 * Where a vehicle is in onboarding. A vehicle starts with its details outstanding (no driver yet),
 * waits for a booking once its driver is added, is scheduled once booked, and leaves onboarding
 * (null) when its device is linked. 'Booking-Pending' and 'Scheduled' are the spec's values.
 */
export const ONBOARDING_STATUS = {
  outstandingDetails: 'Outstanding-Details',
  bookingPending: 'Booking-Pending',
  scheduled: 'Scheduled',
} as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUS)[keyof typeof ONBOARDING_STATUS];

/** The vehicle and device searches start at this many characters. */
export const SEARCH_MIN_CHARACTERS = 3;
/** GET /VehicleTypes/Search answers at most this many. */
export const VEHICLE_SEARCH_RESULT_COUNT = 50;
/** How many years back from this one the year options run. */
export const REGISTRATION_YEARS_BACK = 25;
/** The year option for every vehicle older than the listed years. */
export const OLDER_THAN_1999 = 'Older than 1999';

export const ONBOARDING_MESSAGES = {
  vehicleNotListed: "Sorry, we don't have that vehicle listed",
  deviceNotFound: 'Device not found',
  selectDevice: 'Please select a device to link',
  requestFailed: 'Unfortunately the request failed without any good reason.',
  bookingFailed: (message: string) => `Error creating installation booking: ${message}`,
  linkFailed: (message: string) => `Error linking device: ${message}`,
  noScheduled: 'There are no installations scheduled',
  bookingInPast: 'Please choose a date and time from now',
} as const;

/** The year options: this year back 25 years, newest first, then 'Older than 1999'. */
export function registrationYearOptions(now: Date = new Date()): string[] {
  const year = now.getFullYear();
  const years = Array.from({ length: REGISTRATION_YEARS_BACK + 1 }, (_, back) => String(year - back));
  return [...years, OLDER_THAN_1999];
}

/** An installation slot's time of day, from the hour it starts (0-23): before noon is morning. */
export function timeOfDay(startHour: number): 'morning' | 'afternoon' {
  return startHour < 12 ? 'morning' : 'afternoon';
}

/** The deposit due before installation, in cents (R1 499). */
export const DEPOSIT_DUE_CENTS = 149_900;

/** 'R1 499' for 149900 cents: rand with a space between thousands, as South Africans write it. */
export function formatRand(cents: number): string {
  const rand = Math.round(cents / 100);
  return `R${String(rand).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`;
}

type Check = readonly [field: string, message: string | undefined];

function collect(checks: readonly Check[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of checks) if (message) errors[field] = [message];
  return errors;
}

export interface DriverInput {
  FirstName: string;
  LastName: string;
  Email: string;
  PhoneNumber: string;
  IdNumber: string;
  IdNumberIsSouthAfrican: boolean;
}

/** The driver step's rules, keyed by the field names POST /Drivers answers with. */
export function validateDriver(input: DriverInput): FieldErrors {
  return collect([
    ['FirstName', validateName(input.FirstName)],
    ['LastName', validateName(input.LastName)],
    ['Email', validateEmail(input.Email)],
    ['PhoneNumber', validatePhoneNumber(input.PhoneNumber)],
    ['IdNumber', validateIdNumber(input.IdNumber, input.IdNumberIsSouthAfrican)],
  ]);
}

/** 'Next' on the driver step needs all five fields. */
export function canSubmitDriver(input: DriverInput): boolean {
  return [input.FirstName, input.LastName, input.Email, input.PhoneNumber, input.IdNumber].every(
    (value) => value.trim() !== '',
  );
}

export interface VehicleDetailsInput {
  /** The chosen vehicle type's text, e.g. 'Toyota Hilux 2.8 GD-6'. */
  vehicle: string;
  /** The chosen type's id; 0 or less while none is chosen. */
  vehicleTypeId: number;
  registrationYear: string;
  registrationNumber: string;
  colour: string;
}

/** The vehicle step's rules: vehicle, year, registration and colour are required. */
export function validateVehicleDetails(input: VehicleDetailsInput, now: Date = new Date()): FieldErrors {
  const vehicle = required(input.vehicle) ?? (input.vehicleTypeId > 0 ? undefined : MESSAGES.required);
  const year =
    required(input.registrationYear) ??
    (registrationYearOptions(now).includes(input.registrationYear) ? undefined : MESSAGES.required);
  return collect([
    ['Vehicle', vehicle],
    ['RegistrationYear', year],
    ['RegistrationNumber', required(input.registrationNumber)],
    ['Colour', required(input.colour)],
  ]);
}

export function canSubmitVehicleDetails(input: VehicleDetailsInput): boolean {
  return (
    input.vehicleTypeId > 0 &&
    [input.vehicle, input.registrationYear, input.registrationNumber, input.colour].every(
      (value) => value.trim() !== '',
    )
  );
}

export interface BookingTimeInput {
  installationUtcDateTime: string;
  /** An existing installation is recorded after the fact, so it may lie in the past. */
  onboardingExistingClient: boolean;
}

/** The booking's time rule: a new installation needs a date from now; an existing one any date. */
export function validateBookingTime(input: BookingTimeInput, now: Date = new Date()): FieldErrors {
  const at = Date.parse(input.installationUtcDateTime);
  const message = Number.isNaN(at)
    ? MESSAGES.required
    : !input.onboardingExistingClient && at < now.getTime()
      ? ONBOARDING_MESSAGES.bookingInPast
      : undefined;
  return collect([['InstallationUtcDateTime', message]]);
}

/** The field error of a full slot, naming its time, e.g. 'The 25/11/2026, 08:00 slot is full'. */
export function slotFullMessage(timeLabel: string): string {
  return `The ${timeLabel} slot is full`;
}

/** The instant a slot of that UTC date and start time names: '2026-11-25T06:00:00.000Z'. */
export function utcSlotInstant(utcDate: string, utcTimeStart: string): string {
  return new Date(`${utcDate}T${utcTimeStart}:00.000Z`).toISOString();
}

const slotDay = new Intl.DateTimeFormat('en-ZA', {
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  timeZone: 'Africa/Johannesburg',
});
const slotHour = new Intl.DateTimeFormat('en-ZA', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Africa/Johannesburg',
});

/**
 * An installation slot as a person reads it: its day and whether it is a morning or an afternoon,
 * from its start hour in South African time, e.g. 'Tue, 25 Nov, morning'.
 */
export function installationSlotLabel(installationUtcDateTime: string): string {
  const start = new Date(installationUtcDateTime);
  return `${slotDay.format(start)}, ${timeOfDay(Number(slotHour.format(start)))}`;
}

/** The payment screen's three consents; all must be ticked (spec part 2 §5). */
export const PAYMENT_CONSENTS = [
  'I accept the terms and conditions and the privacy policy',
  'I agree to pay the deposit now and the monthly subscription by debit order',
  'The client agrees that we may contact them about the installation',
] as const;

/** Payment is sent once a plan is chosen and every consent is ticked. */
export function canSubmitPayment(planChosen: boolean, consents: readonly boolean[]): boolean {
  return planChosen && consents.length === PAYMENT_CONSENTS.length && consents.every(Boolean);
}
