/*
 * Spreadsheet programs run a cell as a formula when its first character, after any leading spaces,
 * tabs or line breaks they skip, is = + - or @, or one of their full-width forms (＝ ＋ － ＠), which
 * some read as the same signs. A cell that starts with a tab or a carriage return is neutralised
 * too, whatever follows, as OWASP's CSV injection advice says. `\s` covers the Unicode spaces as well.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@＝＋－＠])/u;

/**
 * Makes a text cell safe to open in a spreadsheet: a cell that could run as a formula gets a single
 * quote before it (OWASP's advice for CSV injection). Quoting for RFC 4180 is the CSV writer's job.
 *
 * A negative number such as '-5' is prefixed too: from here it cannot be told apart from text a
 * person typed ('-2+3', '-1+cmd|...'). A column the api fills with numbers it formats itself (the
 * history's coordinates) is not passed through here, so it stays a number in the spreadsheet.
 */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
