/** SMS_COUNTRIES by default: codes are sent to South African numbers only. */
export const DEFAULT_SMS_COUNTRIES: readonly string[] = ['ZA'];

/**
 * SMS_COUNTRIES: the ISO 3166-1 alpha-2 codes of the countries whose numbers are sent one-time
 * codes, comma-separated (default ZA), so nobody can make the service pay for texts to anywhere.
 */
export function readSmsCountries(env: NodeJS.ProcessEnv): string[] {
  const raw = env.SMS_COUNTRIES?.trim();
  if (raw === undefined || raw === '') return [...DEFAULT_SMS_COUNTRIES];
  const countries = raw.split(',').map((entry) => entry.trim().toUpperCase());
  for (const country of countries) {
    if (!/^[A-Z]{2}$/.test(country)) {
      throw new Error(`SMS_COUNTRIES must list two-letter country codes such as ZA; it has '${country}'.`);
    }
  }
  return countries;
}
