import { IMPORT_FIELDS, MESSAGES } from '@sentinel/domain';
import type { ImportRow } from '@sentinel/domain';

/** The fields the stories and tests show: every column of the template. */
export const FIELDS = IMPORT_FIELDS;

/** `count` rows: every tenth with a wrong e-mail address. */
export function sampleRows(count: number): ImportRow[] {
  return Array.from({ length: count }, (_, index): ImportRow => {
    const n = index + 1;
    const invalid = n % 10 === 0;
    return {
      rowNumber: n,
      values: {
        'Holder.FirstName': 'Lindiwe',
        'Holder.LastName': `Mokoena ${n}`,
        'Holder.Email': invalid ? 'lindiwe-at-example' : `lindiwe.${n}@example.co.za`,
        'Vehicle.RegistrationNumber': `CA ${String(n).padStart(6, '0')}`,
      },
      errors: invalid ? { 'Holder.Email': [MESSAGES.email] } : {},
      plan: invalid ? 'Invalid' : 'New',
      outcome: null,
      message: null,
    };
  });
}
