/*
 * The longest value each kind of free text may hold, and the bounds of paging and OData queries.
 * One module, so the api's request schemas (packages/domain/src/contract) and the forms' rules
 * refuse the same values: an over-long value is a 400 on the server and a field message in a form.
 */

/** The most characters each kind of free-text field takes. */
export const MAX_LENGTH = {
  /** RFC 5321's longest forward path. */
  email: 254,
  /** First, last and company names. */
  name: 100,
  /** Digits with or without the leading 0, spaces allowed. */
  phoneNumber: 20,
  /** The country calling code, e.g. 27. */
  phoneCode: 4,
  /** A South African ID is 13 digits; a passport number fits too. */
  idNumber: 50,
  /** Long enough for any pass phrase; argon2 is fed nothing longer. */
  password: 256,
  /** The opaque refresh, reset and creation tokens (43 characters today). */
  opaqueToken: 256,
  /** A signed access token. */
  accessToken: 4096,
  /** The bot-challenge token from the browser. */
  challengeToken: 4096,
  /** The texted one-time code (6 digits). */
  otpCode: 20,
  /** Registration, VIN and engine numbers, colours, years, device serials and nicknames. */
  shortText: 100,
  /** A vehicle type's make and variant text, a search phrase. */
  text: 200,
  /** An ISO 8601 date-time. */
  dateTime: 40,
  /** An OData $filter expression. */
  filter: 2_000,
  /** An OData $orderby list. */
  orderBy: 300,
  /** The name of an uploaded file: the longest most file systems allow. */
  fileName: 255,
} as const;

/** The deepest nesting of parentheses an OData $filter may hold. */
export const MAX_FILTER_DEPTH = 20;

/** The highest 0-based page index a list accepts (500 items a page reach 50 million rows). */
export const MAX_PAGE_INDEX = 100_000;

/** The message of a value longer than its field allows, e.g. 'Must be at most 100 characters'. */
export function tooLongMessage(max: number): string {
  return `Must be at most ${max} characters`;
}

/** The message when the value is longer than `max`, else undefined. */
export function validateMaxLength(value: string, max: number): string | undefined {
  return value.length > max ? tooLongMessage(max) : undefined;
}
