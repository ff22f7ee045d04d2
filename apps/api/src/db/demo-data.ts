/*
 * Generators of the South African demo fleet: account holders, vehicles with drivers, devices,
 * subscription plans, history and a company. Pure and deterministic (a seeded PRNG and a fixed
 * anchor date), so every seeded database holds the same rows; seed.ts writes them.
 */
import { HISTORY_TYPE } from '@sentinel/domain';
import type { HistoryType } from '@sentinel/domain';
import type { OnboardingStatus } from './schema';

/** "Now" for the demo data, fixed so that a re-seed yields the very same rows. */
export const DEMO_ANCHOR = Date.UTC(2025, 10, 14, 6, 0, 0);
const DAY_MS = 86_400_000;

/** mulberry32: a tiny, well-mixed 32-bit PRNG; plenty for demo data. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pad = (value: number, width: number) => String(value).padStart(width, '0');
const round = (value: number, places: number) => Number(value.toFixed(places));

/** Also the bench's names (bench/lists.ts), so its 100,000 holders read like the demo ones. */
export const FIRST_NAMES = [
  'Sipho',
  'Nomvula',
  'Johan',
  'Priya',
  'Thabo',
  'Annelie',
  'Zanele',
  'Ravi',
  'Kagiso',
  'Chantelle',
  'Bongani',
  'Naledi',
  'Willem',
  'Ayesha',
  'Mpho',
  'Karabo',
  'Nokuthula',
  'Hendrik',
  'Refilwe',
  'Andile',
] as const;
export const LAST_NAMES = [
  'Ndlovu',
  'Khumalo',
  'van der Merwe',
  'Naidoo',
  'Mthembu',
  'Botha',
  'Pillay',
  'Dube',
  'Pretorius',
  'Sithole',
  'Molefe',
  'Jacobs',
  'Govender',
  'Mahlangu',
  'Petersen',
  'Zulu',
  'Nel',
  'Maseko',
  'Adams',
  'Mabaso',
] as const;
const PHONE_PREFIXES = ['82', '83', '84', '72', '73', '76', '79', '81', '60', '71'] as const;

/** Luhn check digit, as the last digit of a South African ID number carries. */
function luhnDigit(digits: string): number {
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

/** YYMMDD, gender digits, citizenship 0, the old race digit 8, Luhn: valid per validateSouthAfricanId. */
export function southAfricanId(random: Random): string {
  const body = `${pad(between(random, 60, 99), 2)}${pad(between(random, 1, 12), 2)}${pad(between(random, 1, 28), 2)}${pad(between(random, 0, 9999), 4)}08`;
  return `${body}${luhnDigit(body)}`;
}

/** Stored without the leading 0, shown after +27. */
function phoneNumber(random: Random): string {
  return `${pick(random, PHONE_PREFIXES)}${pad(between(random, 0, 9_999_999), 7)}`;
}

function emailOf(firstName: string, lastName: string, domain: string): string {
  return `${firstName}.${lastName}`.toLowerCase().replace(/\s+/g, '') + `@${domain}`;
}

export interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  idNumber: string;
  idNumberIsSouthAfrican: boolean;
}

export interface DemoAccountHolder extends DemoPerson {
  createdOnDateTime: string;
}

export const DEMO_ACCOUNT_HOLDER_COUNT = 40;

/** ~1 in 6 carries a passport instead of an SA ID. */
export function demoAccountHolders(count = DEMO_ACCOUNT_HOLDER_COUNT): DemoAccountHolder[] {
  const random = prng(2025);
  return Array.from({ length: count }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    const lastName = LAST_NAMES[
      (index * 3 + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length
    ] as string;
    const passport = index % 6 === 5;
    return {
      firstName,
      lastName,
      email: emailOf(firstName, lastName, 'example.co.za'),
      phoneNumber: phoneNumber(random),
      idNumber: passport
        ? `${pick(random, ['A', 'M', 'P'])}${pad(between(random, 0, 99_999_999), 8)}`
        : southAfricanId(random),
      idNumberIsSouthAfrican: !passport,
      // Spread over the last ~14 months, newest last, a little after midday each.
      createdOnDateTime: new Date(DEMO_ANCHOR - (count - index) * 10 * DAY_MS + index * 60_000).toISOString(),
    };
  });
}

export interface DemoPlan {
  displayName: string;
  description: string;
  available: boolean;
  isOffline: boolean;
  depositAmountCents: number;
}

/** The deposit is R1 499 (spec part 2 §9). */
export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    displayName: 'Sentinel Essential',
    description: 'Live tracking, remote lock and unlock, and tamper alerts on the mobile app.',
    available: true,
    isOffline: false,
    depositAmountCents: 149_900,
  },
  {
    displayName: 'Sentinel Plus',
    description: 'Everything in Essential, plus Aura armed response and Capital Air incident support.',
    available: true,
    isOffline: false,
    depositAmountCents: 149_900,
  },
  {
    displayName: 'Sentinel Offline',
    description: 'Paid at a branch instead of by card; the same cover as Essential.',
    available: true,
    isOffline: true,
    depositAmountCents: 149_900,
  },
];

interface Model {
  make: string;
  model: string;
  variant: string;
}

const MODELS: readonly Model[] = [
  { make: 'Toyota', model: 'Hilux', variant: '2.8 GD-6 Raider' },
  { make: 'Volkswagen', model: 'Polo', variant: '1.0 TSI Comfortline' },
  { make: 'Ford', model: 'Ranger', variant: '2.0 BiTurbo Wildtrak' },
  { make: 'Toyota', model: 'Corolla Cross', variant: '1.8 XS' },
  { make: 'Suzuki', model: 'Swift', variant: '1.2 GL' },
  { make: 'Nissan', model: 'NP200', variant: '1.6 8V' },
  { make: 'Hyundai', model: 'Grand i10', variant: '1.0 Motion' },
  { make: 'Isuzu', model: 'D-Max', variant: '3.0 LSE' },
  { make: 'BMW', model: '320i', variant: 'M Sport' },
  { make: 'Volkswagen', model: 'Polo Vivo', variant: '1.4 Trendline' },
  { make: 'Kia', model: 'Picanto', variant: '1.0 Start' },
  { make: 'Haval', model: 'Jolion', variant: '1.5T Premium' },
  { make: 'Mahindra', model: 'Pik Up', variant: '2.2 S6' },
  { make: 'Renault', model: 'Kwid', variant: '1.0 Dynamique' },
];
const COLOURS = ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue'] as const;
const NICKNAMES = ['Work bakkie', 'School run', 'The Beast', "Gogo's car", 'Weekend car'] as const;

/** Where the demo vehicles drive: centre, spread and the local registration format. */
const CITIES = [
  { name: 'Cape Town', latitude: -33.9249, longitude: 18.4241 },
  { name: 'Johannesburg', latitude: -26.2041, longitude: 28.0473 },
  { name: 'Durban', latitude: -29.8587, longitude: 31.0218 },
] as const;

const LETTERS = 'BCDFGHJKLMNPRSTVWXYZ';
function letters(random: Random, length: number): string {
  return Array.from({ length }, () => pick(random, [...LETTERS])).join('');
}

function registration(random: Random, city: number, index: number): string {
  // The index keeps every plate unique; the rest only looks local.
  const serial = pad(100 + index, 3);
  if (city === 0) return `CA ${pad(between(random, 100, 999), 3)}-${serial}`;
  if (city === 1) return `${letters(random, 2)} ${pad(10 + index, 2)} ${letters(random, 2)} GP`;
  return `ND ${pad(between(random, 100, 999), 3)}-${serial}`;
}

export type DemoVehicleStage = 'installed' | OnboardingStatus;

export type DemoDriver = DemoPerson;

export interface DemoHistoryEntry {
  type: HistoryType;
  dateTime: string;
  isLocked?: boolean;
  /** 'owner' (from the mobile app), 'admin' or 'agent' (demo staff), or null (the device). */
  by?: 'owner' | 'admin' | 'agent' | null;
  tamperCancelled?: boolean;
  tamperCarBatteryState?: string;
  tamperGpsState?: string;
  status?: string;
  latitudeDegrees: number | null;
  longitudeDegrees: number | null;
}

export interface DemoVehicle {
  /** Index into demoAccountHolders(), or -1 for the demo account holder (holder@sentinel.demo). */
  owner: number;
  registrationNumber: string;
  make: string;
  model: string;
  makeVariant: string;
  nickname: string | null;
  registrationYear: string;
  vehicleColour: string;
  vinNumber: string | null;
  engineNumber: string | null;
  stage: DemoVehicleStage;
  /** Index into DEMO_PLANS, or null before the payment step. */
  plan: number | null;
  /** Serial of the linked device (installed vehicles only). */
  deviceSerialNumber: string | null;
  latitude: number | null;
  longitude: number | null;
  gpsDateTime: string | null;
  drivers: DemoDriver[];
  /** Oldest first. */
  history: DemoHistoryEntry[];
  createdOnDateTime: string;
}

export interface DemoDevice {
  serialNumber: string;
  active: boolean;
  testStation: string | null;
  applicationVersion: string;
  autoLockEnabledState: number;
  carBatteryVolts: number | null;
  deviceBatteryPercent: number | null;
}

export const DEMO_DEVICE_COUNT = 30;
const serialOf = (index: number) => `SNT-${pad(101 + index, 6)}`;

/** 30 devices; the first ones are linked to installed vehicles, the rest are free. Every 7th is inactive. */
export function demoDevices(): DemoDevice[] {
  const random = prng(7);
  return Array.from({ length: DEMO_DEVICE_COUNT }, (_, index) => ({
    serialNumber: serialOf(index),
    active: index % 7 !== 6,
    testStation: index >= 26 ? `burn${(index % 4) + 1}` : null,
    applicationVersion: pick(random, ['2.3.8', '2.4.0', '2.4.1']),
    autoLockEnabledState: index % 3 === 0 ? 0 : 1,
    // A few low car batteries (under 11.8 V) and low device batteries (under 20 %) for the badges.
    carBatteryVolts: index % 9 === 4 ? 11.4 : round(12.2 + random() * 0.6, 2),
    deviceBatteryPercent: index % 8 === 5 ? 14 : between(random, 35, 100),
  }));
}

function history(
  random: Random,
  vehicleIndex: number,
  latitude: number,
  longitude: number,
): DemoHistoryEntry[] {
  const count = between(random, 3, 9);
  const entries: DemoHistoryEntry[] = [];
  let time = DEMO_ANCHOR - between(random, 20, 40) * DAY_MS;
  let locked = false;
  for (let i = 0; i < count; i += 1) {
    time += between(random, 2, 72) * 3_600_000;
    const at = new Date(time).toISOString();
    const position = {
      latitudeDegrees: round(latitude + (random() - 0.5) * 0.02, 6),
      longitudeDegrees: round(longitude + (random() - 0.5) * 0.02, 6),
    };
    const roll = random();
    if (roll < 0.1) {
      entries.push({
        type: HISTORY_TYPE.auraCallout,
        dateTime: at,
        by: pick(random, ['admin', 'agent']),
        status: pick(random, ['Dispatched', 'Resolved']),
        ...position,
      });
    } else if (roll < 0.18) {
      entries.push({
        type: HISTORY_TYPE.capitalAirIncident,
        dateTime: at,
        by: pick(random, ['admin', 'agent']),
        status: pick(random, ['Dispatched', 'Closed']),
        ...position,
      });
    } else if (roll < 0.3) {
      const cancelled = random() < 0.5;
      entries.push({
        type: HISTORY_TYPE.tamperAlert,
        dateTime: at,
        tamperCancelled: cancelled,
        by: cancelled ? pick(random, ['admin', 'agent']) : null,
        tamperCarBatteryState: pick(random, ['Normal', 'Low', 'Disconnected']),
        tamperGpsState: pick(random, ['Fixed', 'Jammed', 'No signal']),
        ...position,
      });
    } else {
      locked = !locked;
      const by = pick(random, ['owner', 'owner', 'admin', 'agent', null] as const);
      entries.push({ type: HISTORY_TYPE.lockState, dateTime: at, isLocked: locked, by, ...position });
    }
  }
  // Some installed vehicles end in an uncancelled tamper alert, so Active alerts has members.
  if (vehicleIndex % 10 === 2) {
    entries.push({
      type: HISTORY_TYPE.tamperAlert,
      dateTime: new Date(time + 3_600_000).toISOString(),
      tamperCancelled: false,
      by: null,
      tamperCarBatteryState: 'Normal',
      tamperGpsState: 'Fixed',
      latitudeDegrees: latitude,
      longitudeDegrees: longitude,
    });
  }
  return entries;
}

function driver(random: Random, index: number): DemoDriver {
  const firstName = FIRST_NAMES[(index * 7 + 3) % FIRST_NAMES.length] as string;
  const lastName = LAST_NAMES[(index * 11 + 5) % LAST_NAMES.length] as string;
  const passport = index % 9 === 4;
  return {
    firstName,
    lastName,
    email: emailOf(firstName, lastName, 'drivers.example.co.za'),
    phoneNumber: phoneNumber(random),
    idNumber: passport ? `P${pad(between(random, 0, 99_999_999), 8)}` : southAfricanId(random),
    idNumberIsSouthAfrican: !passport,
  };
}

/** Vehicles per holder: most have one or two, a few three, and the last six none at all. */
const VEHICLES_PER_HOLDER = [
  1, 2, 1, 2, 3, 1, 2, 1, 2, 2, 1, 3, 1, 2, 2, 1, 2, 1, 2, 3, 1, 2, 1, 2, 2, 1, 1, 3, 2, 1, 2, 1, 2, 2,
];

/** ~60 vehicles: 2 for the demo account holder, the rest over the first 34 generated holders. */
export function demoVehicles(): DemoVehicle[] {
  const random = prng(60);
  const owners = [
    -1,
    -1,
    ...VEHICLES_PER_HOLDER.flatMap((count, holder) => Array<number>(count).fill(holder)),
  ];
  const devices = demoDevices();
  let linked = 0;
  return owners.map((owner, index) => {
    const city = index % CITIES.length;
    const { latitude, longitude } = CITIES[city] as (typeof CITIES)[number];
    const model = MODELS[(index * 5) % MODELS.length] as Model;
    // The demo holder's two vehicles are installed; the others cycle through the stages.
    const cycle: readonly DemoVehicleStage[] = [
      'installed',
      'Booking-Pending',
      'installed',
      'Scheduled',
      'Booking-Pending',
    ];
    let stage: DemoVehicleStage =
      owner === -1 ? 'installed' : (cycle[index % cycle.length] as DemoVehicleStage);
    // Keep a few devices free for the change-device search.
    if (stage === 'installed' && linked >= DEMO_DEVICE_COUNT - 5) stage = 'Booking-Pending';
    const installed = stage === 'installed';
    const serial = installed ? (devices[linked++]?.serialNumber ?? null) : null;
    const position = installed
      ? {
          latitude: round(latitude + (random() - 0.5) * 0.1, 6),
          longitude: round(longitude + (random() - 0.5) * 0.1, 6),
        }
      : { latitude: null, longitude: null };
    const driverCount = index % 4 === 1 ? 2 : 1;
    return {
      owner,
      registrationNumber: registration(random, city, index),
      make: model.make,
      model: model.model,
      makeVariant: `${model.make} ${model.model} ${model.variant}`,
      nickname: index % 3 === 0 ? pick(random, NICKNAMES) : null,
      registrationYear: String(between(random, 2008, 2025)),
      vehicleColour: pick(random, COLOURS),
      vinNumber:
        index % 2 === 0 ? `AHT${letters(random, 3)}${pad(between(random, 0, 99_999_999_999), 11)}` : null,
      engineNumber: index % 3 !== 2 ? `${letters(random, 3)}${pad(between(random, 0, 9_999_999), 7)}` : null,
      stage,
      // Booking-pending vehicles alternate between paid and awaiting the payment step.
      plan: stage === 'Booking-Pending' && index % 2 === 1 ? null : index % DEMO_PLANS.length,
      deviceSerialNumber: serial,
      ...position,
      gpsDateTime: installed ? new Date(DEMO_ANCHOR - between(random, 1, 600) * 60_000).toISOString() : null,
      drivers: Array.from({ length: driverCount }, (_, d) => driver(random, index * 2 + d)),
      history:
        installed && position.latitude !== null
          ? history(random, index, position.latitude, position.longitude)
          : [],
      createdOnDateTime: new Date(DEMO_ANCHOR - (owners.length - index) * 5 * DAY_MS).toISOString(),
    };
  });
}

export const DEMO_COMPANIES = [
  // The demo Company-Admin runs Karoo Logistics; the first eight generated holders drive for it.
  { name: 'Karoo Logistics', holders: [0, 1, 2, 3, 4, 5, 6, 7], companyAdmin: 'company.admin@sentinel.demo' },
  // A company the demo Company-Admin does not belong to, so scoping has something to hide.
  { name: 'Mzansi Couriers', holders: [8, 9, 10, 11], companyAdmin: null },
] as const;
