/*
 * What every demo entity is generated with: a seeded PRNG, a fixed anchor date and South African
 * names, ID numbers and phone numbers. Pure and deterministic, so every seeded database holds the
 * same rows.
 */
import { luhnCheckDigit } from '@sentinel/domain';
import type { Flag } from '../schema';

/** "Now" for the demo data, fixed so that a re-seed yields the very same rows. */
export const DEMO_ANCHOR = Date.UTC(2025, 10, 14, 6, 0, 0);
export const DAY_MS = 86_400_000;

/** mulberry32: a tiny, well-mixed 32-bit PRNG; plenty for demo data. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
export const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
export const pad = (value: number, width: number) => String(value).padStart(width, '0');
export const round = (value: number, places: number) => Number(value.toFixed(places));
export const flag = (value: boolean): Flag => (value ? 1 : 0);

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

/** YYMMDD, gender digits, citizenship 0, the old race digit 8, Luhn: valid per validateSouthAfricanId. */
export function southAfricanId(random: Random): string {
  const body = `${pad(between(random, 60, 99), 2)}${pad(between(random, 1, 12), 2)}${pad(between(random, 1, 28), 2)}${pad(between(random, 0, 9999), 4)}08`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** Stored without the leading 0, shown after +27. */
export function phoneNumber(random: Random): string {
  return `${pick(random, PHONE_PREFIXES)}${pad(between(random, 0, 9_999_999), 7)}`;
}

export function emailOf(firstName: string, lastName: string, domain: string): string {
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
