import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS } from './contract/imports';
import { IMPORT_TEMPLATE_EXAMPLE, importTemplateColumns, isImportTemplateExample } from './import-template';
import { registrationYearOptions, validateDriver } from './onboarding-rules';
import { validateAccountHolder } from './person-forms';

const example = IMPORT_TEMPLATE_EXAMPLE;

describe("the template's example row", () => {
  it("is valid by the account holder form's and the driver step's rules", () => {
    const person = (prefix: 'Holder.' | 'Driver.') => ({
      FirstName: example[`${prefix}FirstName`],
      LastName: example[`${prefix}LastName`],
      Email: example[`${prefix}Email`],
      PhoneNumber: example[`${prefix}PhoneNumber`],
      IdNumber: example[`${prefix}IdNumber`],
      IdNumberIsSouthAfrican: example[`${prefix}IdNumberIsSouthAfrican`] === 'Yes',
    });
    expect(validateAccountHolder(person('Holder.'))).toEqual({});
    expect(validateDriver(person('Driver.'))).toEqual({});
    expect(registrationYearOptions(new Date('2026-11-27'))).toContain(example['Vehicle.RegistrationYear']);
  });

  it('is recognised unchanged, in any case and with spaces around', () => {
    expect(isImportTemplateExample({ ...example })).toBe(true);
    expect(isImportTemplateExample({ ...example, 'Holder.Email': ' THANDI.example@example.com ' })).toBe(
      true,
    );
  });

  it('is a real row once any value is typed over or a column is missing', () => {
    expect(isImportTemplateExample({ ...example, 'Holder.Email': 'thandi@example.co.za' })).toBe(false);
    expect(isImportTemplateExample({ ...example, 'Vehicle.VinNumber': '' })).toBe(false);
    const { 'Driver.Email': _left, ...withoutDriverEmail } = example;
    expect(isImportTemplateExample(withoutDriverEmail)).toBe(false);
  });
});

describe("the template's columns", () => {
  it('say for every column, in order, whether it is required, what it accepts and its example', () => {
    const columns = importTemplateColumns(new Date('2026-11-27'));
    expect(columns.map((column) => column.label)).toEqual(IMPORT_FIELDS.map((field) => field.label));
    expect(columns.find((column) => column.key === 'Holder.Email')?.required).toBe('Yes');
    expect(columns.find((column) => column.key === 'Vehicle.RegistrationYear')?.accepted).toBe(
      "A year from 2001 to 2026, or 'Older than 1999'",
    );
    for (const column of columns) expect(column.example).toBe(example[column.key]);
  });
});
