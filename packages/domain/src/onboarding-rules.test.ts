import { describe, expect, it } from 'vitest';
import {
  canSubmitDriver,
  canSubmitVehicleDetails,
  formatRand,
  installationSlotLabel,
  registrationYearOptions,
  timeOfDay,
  validateBookingTime,
  validateDriver,
  validateVehicleDetails,
} from './onboarding-rules';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('registrationYearOptions', () => {
  it('runs from this year back 25 years, then Older than 1999', () => {
    const options = registrationYearOptions(NOW);
    expect(options[0]).toBe('2026');
    expect(options[25]).toBe('2001');
    expect(options).toHaveLength(27);
    expect(options.at(-1)).toBe('Older than 1999');
  });
});

describe('timeOfDay', () => {
  it('calls a slot starting before noon morning and one from noon afternoon', () => {
    expect(timeOfDay(8)).toBe('morning');
    expect(timeOfDay(11)).toBe('morning');
    expect(timeOfDay(12)).toBe('afternoon');
    expect(timeOfDay(14)).toBe('afternoon');
  });
});

describe('formatRand', () => {
  it('writes the deposit as R1 499', () => {
    expect(formatRand(149_900)).toBe('R1 499');
    expect(formatRand(50_000)).toBe('R500');
  });
});

describe('the driver step', () => {
  const driver = {
    FirstName: 'Sipho',
    LastName: 'Dlamini',
    Email: 'sipho@example.co.za',
    PhoneNumber: '0821234567',
    IdNumber: '8001015009087',
    IdNumberIsSouthAfrican: true,
  };

  it('needs all five fields for Next', () => {
    expect(canSubmitDriver(driver)).toBe(true);
    expect(canSubmitDriver({ ...driver, Email: ' ' })).toBe(false);
  });

  it('checks email, phone and ID like the account holder form', () => {
    expect(validateDriver(driver)).toEqual({});
    expect(validateDriver({ ...driver, Email: 'x@', PhoneNumber: '12', IdNumber: 'A1' })).toEqual({
      Email: ['Please provide a valid email address'],
      PhoneNumber: ['Please provide a valid phone number'],
      IdNumber: ['Please provide a valid ID number'],
    });
    expect(validateDriver({ ...driver, IdNumberIsSouthAfrican: false, IdNumber: 'A12-3' })).toEqual({
      IdNumber: ['Please provide a valid passport number'],
    });
  });
});

describe('the vehicle step', () => {
  const vehicle = {
    vehicle: 'Toyota Hilux',
    vehicleTypeId: 4,
    registrationYear: '2019',
    registrationNumber: 'CA 123-456',
    colour: 'White',
  };

  it('requires vehicle, year, registration and colour', () => {
    expect(validateVehicleDetails(vehicle, NOW)).toEqual({});
    expect(canSubmitVehicleDetails(vehicle)).toBe(true);
    expect(
      validateVehicleDetails(
        { vehicle: '', vehicleTypeId: 0, registrationYear: '', registrationNumber: ' ', colour: '' },
        NOW,
      ),
    ).toEqual({
      Vehicle: ['This field is required'],
      RegistrationYear: ['This field is required'],
      RegistrationNumber: ['This field is required'],
      Colour: ['This field is required'],
    });
  });

  it('takes only a listed vehicle and a listed year', () => {
    expect(canSubmitVehicleDetails({ ...vehicle, vehicleTypeId: 0 })).toBe(false);
    expect(validateVehicleDetails({ ...vehicle, registrationYear: '1990' }, NOW)).toHaveProperty(
      'RegistrationYear',
    );
    expect(validateVehicleDetails({ ...vehicle, registrationYear: 'Older than 1999' }, NOW)).toEqual({});
  });
});

describe('validateBookingTime', () => {
  it('refuses a new installation in the past and allows an existing one', () => {
    const past = { installationUtcDateTime: '2026-11-21T08:00:00Z' };
    expect(validateBookingTime({ ...past, onboardingExistingClient: false }, NOW)).toEqual({
      InstallationUtcDateTime: ['Please choose a date and time from now'],
    });
    expect(validateBookingTime({ ...past, onboardingExistingClient: true }, NOW)).toEqual({});
    expect(
      validateBookingTime(
        { installationUtcDateTime: '2026-11-23T08:00:00Z', onboardingExistingClient: false },
        NOW,
      ),
    ).toEqual({});
  });
});

describe('installationSlotLabel', () => {
  it('names the day and morning or afternoon in South African time', () => {
    expect(installationSlotLabel('2026-11-25T06:00:00.000Z')).toMatch(/25 Nov.*morning$/);
    expect(installationSlotLabel('2026-11-25T11:00:00.000Z')).toMatch(/25 Nov.*afternoon$/);
  });
});
