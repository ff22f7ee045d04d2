// Spreadsheet programs run a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Makes a text cell safe to open in a spreadsheet: a leading formula character is neutralised with a
 * single quote (OWASP's advice for CSV injection). Quoting for RFC 4180 is the CSV writer's job.
 */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
