/*
 * The .xlsx import template: the sheet 'Import' with the preview's labels as headers and the
 * example row (marked by a note and grey italics), the sheet 'Columns' with what each column
 * accepts, and the sheet 'Vehicles' with the catalogue's makes and models. The import reads the
 * first sheet only, so the other two never reach a preview.
 */
import ExcelJS from 'exceljs';
import type { DataValidation, Worksheet } from 'exceljs';
import {
  IMPORT_FIELDS,
  IMPORT_REQUIRED_FIELDS,
  IMPORT_TEMPLATE_EXAMPLE,
  IMPORT_TEMPLATE_TEXT,
  importTemplateColumns,
} from '@sentinel/domain';
import type { ImportField } from '@sentinel/domain';

// Typed as text, so a spreadsheet keeps a number's leading 0 and all 13 digits of an ID number.
const TEXT_COLUMNS: readonly ImportField[] = [
  'Holder.PhoneNumber',
  'Holder.IdNumber',
  'Driver.PhoneNumber',
  'Driver.IdNumber',
  'Vehicle.RegistrationYear',
];
const YES_NO_COLUMNS: readonly ImportField[] = [
  'Holder.IdNumberIsSouthAfrican',
  'Driver.IdNumberIsSouthAfrican',
];
// The rows below the header that offer Yes and No in a list.
const LIST_ROWS = 5000;

const columnLetter = (index: number) => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

const bold = { bold: true } as const;

/**
 * A validation over a range of cells, one entry in the file; exceljs 4 has this at run time (a cell
 * range address in its DataValidations) but types only the per-cell one.
 */
function validate(sheet: Worksheet, range: string, validation: DataValidation): void {
  (
    sheet as Worksheet & { dataValidations: { add(range: string, rule: DataValidation): void } }
  ).dataValidations.add(range, validation);
}

/** The template workbook's bytes; `vehicles` are the catalogue's makes and models, in order. */
export async function templateWorkbook(vehicles: readonly string[], now: Date = new Date()): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = now;

  const rows = workbook.addWorksheet(IMPORT_TEMPLATE_TEXT.rowsSheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  rows.columns = IMPORT_FIELDS.map((field) => ({
    header: field.label,
    key: field.key,
    width: Math.max(16, field.label.length + 2),
    ...(TEXT_COLUMNS.includes(field.key) ? { style: { numFmt: '@' } } : {}),
  }));
  IMPORT_FIELDS.forEach((field, index) => {
    // Required columns in bold; the sheet 'Columns' says which and why.
    rows.getRow(1).getCell(index + 1).font = IMPORT_REQUIRED_FIELDS.includes(field.key) ? bold : {};
    if (YES_NO_COLUMNS.includes(field.key))
      validate(rows, `${columnLetter(index)}2:${columnLetter(index)}${LIST_ROWS + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: ['"Yes,No"'],
      });
  });
  const vehicleColumn = columnLetter(IMPORT_FIELDS.findIndex((field) => field.key === 'Vehicle.Vehicle'));
  if (vehicles.length > 0)
    // A list of the sheet 'Vehicles'; a value typed by hand is let through, and the preview checks it.
    validate(rows, `${vehicleColumn}2:${vehicleColumn}${LIST_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      showErrorMessage: false,
      formulae: [`'${IMPORT_TEMPLATE_TEXT.vehiclesSheet}'!$A$2:$A$${vehicles.length + 1}`],
    });
  const example = rows.addRow({ ...IMPORT_TEMPLATE_EXAMPLE });
  example.font = { italic: true, color: { argb: 'FF6B7280' } };
  example.getCell(1).note = IMPORT_TEMPLATE_TEXT.exampleNote;

  const columns = workbook.addWorksheet(IMPORT_TEMPLATE_TEXT.columnsSheet);
  columns.columns = [{ width: 58 }, { width: 16 }, { width: 90 }, { width: 28 }];
  columns.addRow([IMPORT_TEMPLATE_TEXT.exampleNote]).font = { italic: true };
  columns.addRow([...IMPORT_TEMPLATE_TEXT.columnsHeaders]).font = bold;
  for (const column of importTemplateColumns(now))
    columns.addRow([column.label, column.required, column.accepted, column.example]);
  columns.getColumn(3).alignment = { wrapText: true, vertical: 'top' };

  const catalogue = workbook.addWorksheet(IMPORT_TEMPLATE_TEXT.vehiclesSheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  catalogue.columns = [{ header: IMPORT_TEMPLATE_TEXT.vehiclesHeader, width: 48 }];
  catalogue.getRow(1).font = bold;
  for (const vehicle of vehicles) catalogue.addRow([vehicle]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let lastWorkbook: { key: string; bytes: Promise<Buffer> } | undefined;

/**
 * The template as `templateWorkbook` makes it, made once per day and catalogue: building it holds
 * the event loop for about 50 ms, which every download would otherwise pay again.
 */
export function sharedTemplateWorkbook(vehicles: readonly string[], now: Date = new Date()): Promise<Buffer> {
  const key = `${now.toISOString().slice(0, 10)}\n${vehicles.join('\n')}`;
  if (lastWorkbook?.key !== key) {
    const bytes = templateWorkbook(vehicles, now);
    lastWorkbook = { key, bytes };
    // A failed build is not kept: the next download tries again.
    bytes.catch(() => {
      if (lastWorkbook?.bytes === bytes) lastWorkbook = undefined;
    });
  }
  return lastWorkbook.bytes;
}
