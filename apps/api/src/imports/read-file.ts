/*
 * Reads an uploaded CSV or .xlsx file into a header row and rows of text cells. Formulas are never
 * evaluated: a formula cell gives the value the spreadsheet saved with it (what its author saw),
 * and a formula saved without a value gives null, which the preview reports on that cell.
 */
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { CellValue } from 'exceljs';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MESSAGES } from '@sentinel/domain';

/** A cell's text, or null for a formula without a saved value. */
export type Cell = string | null;

export interface ReadFile {
  headers: string[];
  rows: Cell[][];
}

/** A file the import cannot take; the message is for a person. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

const blank = (row: readonly Cell[]) => row.every((cell) => cell === '');

export async function readImportFile(fileName: string, bytes: Buffer): Promise<ReadFile> {
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw new ImportFileError(IMPORT_MESSAGES.fileTooLarge);
  const lower = fileName.toLowerCase();
  let table: Cell[][];
  if (lower.endsWith('.csv')) table = await readCsv(bytes);
  else if (lower.endsWith('.xlsx')) table = await readXlsx(bytes);
  else throw new ImportFileError(IMPORT_MESSAGES.fileType);
  const [header, ...rest] = table;
  const rows = rest.filter((row) => !blank(row));
  if (!header || rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
  return { headers: header.map((cell) => (cell ?? '').trim()), rows };
}

/**
 * Parsed 16 KB at a time, yielding to the event loop between pieces: a stream piped through
 * csv-parse runs on microtasks and next-ticks only, so it would hold the loop for the whole file.
 */
async function readCsv(bytes: Buffer): Promise<Cell[][]> {
  // Decoded whole first, so no character is cut between two pieces.
  const text = bytes.toString('utf8');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Spreadsheets saved in locales whose decimal mark is a comma write ';' between cells.
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true });
  const table: Cell[][] = [];
  let unreadable = false;
  parser.on('readable', () => {
    for (
      let record = parser.read() as string[] | null;
      record !== null;
      record = parser.read() as string[] | null
    )
      table.push(record);
  });
  parser.on('error', () => {
    unreadable = true;
  });
  for (let start = 0; start < text.length && !unreadable; start += 16_384) {
    parser.write(text.slice(start, start + 16_384));
    await yieldToOthers();
  }
  parser.end();
  try {
    await finished(parser);
  } catch {
    unreadable = true;
  }
  if (unreadable) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
  return table;
}

/**
 * Read with exceljs's streaming reader, the first sheet only, yielding to the event loop every few
 * hundred rows: loading a 50,000-row workbook whole held the loop for over a second, and every other
 * user's call with it.
 */
async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    // Kept for their number formats: a date cell is read as a date, not as Excel's day number.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const table: Cell[][] = [];
  let sheets = 0;
  let rowsRead = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      // Every sheet is read to the end (the reader needs it), but only the first one is kept.
      for await (const row of sheet) {
        if (sheets === 1) {
          const cells: Cell[] = [];
          for (let column = 1; column <= row.cellCount; column += 1)
            cells.push(cellText(row.getCell(column).value));
          table.push(cells);
        }
        rowsRead += 1;
        if (rowsRead % ROWS_BETWEEN_YIELDS === 0) await yieldToOthers();
      }
    }
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.unreadable);
  }
  if (sheets === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
  return table;
}

const ROWS_BETWEEN_YIELDS = 250;

/** The text a person sees in the cell; formulas give their saved result, never a new one. */
export function cellText(value: CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    // The streaming reader gives an error result (#DIV/0!) as a number that is not one.
    if (
      result === undefined ||
      result === null ||
      (typeof result === 'number' && Number.isNaN(result)) ||
      (typeof result === 'object' && 'error' in result)
    )
      return null;
    return cellText(result as CellValue);
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('error' in value) return null;
  return '';
}
