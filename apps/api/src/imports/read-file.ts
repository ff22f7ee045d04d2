/*
 * Reads an uploaded CSV or .xlsx file into a header row and rows of text cells. Formulas are never
 * evaluated: a formula cell gives the value the spreadsheet saved with it (what its author saw),
 * and a formula saved without a value gives null, which the preview reports on that cell.
 *
 * Every file is read within the import's limits, refused as soon as it passes one: rows are
 * counted as they are parsed, a cell over the limit stops the reading, a workbook's zip is
 * measured before it is read, and the text of all cells together may not pass what a workbook
 * may unpack to (a shared string repeated in every cell is small in the zip, large in memory).
 * Cells right of the header row's are dropped: no column can be chosen for them.
 */
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { CellValue } from 'exceljs';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MESSAGES } from '@sentinel/domain';
import { ImportFileError } from './import-file-error';
import { DEFAULT_IMPORT_LIMITS } from './import-limits';
import type { ImportLimits } from './import-limits';
import { checkUnpackedSize } from './workbook-size';

export { ImportFileError };

/** A cell's text, or null for a formula without a saved value. */
export type Cell = string | null;

export interface ReadFile {
  headers: string[];
  rows: Cell[][];
}

export type ReadLimits = Pick<ImportLimits, 'maxRows' | 'maxCellCharacters' | 'maxDecompressedBytes'>;

const blank = (row: readonly Cell[]) => row.every((cell) => cell === '');

/**
 * The table as it is read, the header row first: every row below the header counts against the
 * rows limit, blank or not (a blank row is not kept, but reading it costs the same).
 */
class Table {
  readonly rows: Cell[][] = [];
  header: Cell[] | undefined;
  private rowsBelowHeader = 0;
  private characters = 0;

  constructor(private readonly limits: ReadLimits) {}

  add(cells: Cell[]): void {
    const row = this.header === undefined ? 0 : this.rowsBelowHeader + 1;
    if (row > this.limits.maxRows)
      throw new ImportFileError(IMPORT_MESSAGES.tooManyRows(this.limits.maxRows));
    const kept = this.header === undefined ? cells : cells.slice(0, this.header.length);
    for (const cell of kept) {
      const length = cell?.length ?? 0;
      if (length > this.limits.maxCellCharacters)
        throw new ImportFileError(IMPORT_MESSAGES.cellTooLong(row, this.limits.maxCellCharacters));
      this.characters += length;
    }
    if (this.characters > this.limits.maxDecompressedBytes)
      throw new ImportFileError(IMPORT_MESSAGES.unpackedTooLarge(this.limits.maxDecompressedBytes));
    if (this.header === undefined) this.header = kept;
    else {
      this.rowsBelowHeader = row;
      if (!blank(kept)) this.rows.push(kept);
    }
  }

  /** How many columns a row of the file may have that are kept (all, before the header). */
  get width(): number {
    return this.header?.length ?? Number.POSITIVE_INFINITY;
  }
}

export async function readImportFile(
  fileName: string,
  bytes: Buffer,
  limits: ReadLimits = DEFAULT_IMPORT_LIMITS,
): Promise<ReadFile> {
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw new ImportFileError(IMPORT_MESSAGES.fileTooLarge);
  const lower = fileName.toLowerCase();
  if (!lower.endsWith('.csv') && !lower.endsWith('.xlsx'))
    throw new ImportFileError(IMPORT_MESSAGES.fileType);
  if (bytes.length === 0) throw new ImportFileError(IMPORT_MESSAGES.emptyFile);
  const table = new Table(limits);
  if (lower.endsWith('.csv')) await readCsv(bytes, table);
  else await readXlsx(bytes, table, limits);
  if (!table.header || table.rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
  return { headers: table.header.map((cell) => (cell ?? '').trim()), rows: table.rows };
}

/**
 * Parsed 16 KB at a time, yielding to the event loop between pieces: a stream piped through
 * csv-parse runs on microtasks and next-ticks only, so it would hold the loop for the whole file.
 */
async function readCsv(bytes: Buffer, table: Table): Promise<void> {
  // Decoded whole first, so no character is cut between two pieces.
  const text = bytes.toString('utf8');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Spreadsheets saved in locales whose decimal mark is a comma write ';' between cells.
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true });
  let unreadable = false;
  // The first limit the file passes; the parser is stopped there and the rest never read.
  let refused: ImportFileError | undefined;
  parser.on('readable', () => {
    for (
      let record = parser.read() as string[] | null;
      record !== null && refused === undefined;
      record = parser.read() as string[] | null
    ) {
      try {
        table.add(record);
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        refused = error;
        parser.destroy();
      }
    }
  });
  parser.on('error', () => {
    unreadable = true;
  });
  for (let start = 0; start < text.length && !unreadable && !refused; start += 16_384) {
    parser.write(text.slice(start, start + 16_384));
    await yieldToOthers();
  }
  if (refused) throw refused;
  parser.end();
  try {
    await finished(parser);
  } catch {
    unreadable = true;
  }
  if (refused) throw refused;
  if (unreadable) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
}

/**
 * Read with exceljs's streaming reader, the first sheet only, yielding to the event loop every few
 * hundred rows: loading a 50,000-row workbook whole held the loop for over a second, and every other
 * user's call with it.
 */
async function readXlsx(bytes: Buffer, table: Table, limits: ReadLimits): Promise<void> {
  await checkUnpackedSize(bytes, limits.maxDecompressedBytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    // Kept for their number formats: a date cell is read as a date, not as Excel's day number.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheets = 0;
  let rowsRead = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      // Every sheet is read to the end (the reader needs it), but only the first one is kept.
      for await (const row of sheet) {
        if (sheets === 1) {
          const cells: Cell[] = [];
          const width = Math.min(row.cellCount, table.width);
          for (let column = 1; column <= width; column += 1) cells.push(cellText(row.getCell(column).value));
          table.add(cells);
        }
        rowsRead += 1;
        if (rowsRead % ROWS_BETWEEN_YIELDS === 0) await yieldToOthers();
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(IMPORT_MESSAGES.unreadable);
  }
  if (sheets === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
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
