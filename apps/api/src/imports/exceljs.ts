/*
 * exceljs, loaded the first time a workbook is read or written rather than when the api starts:
 * loading it takes about 0.35 s of a core, which every api process (and every restart) paid
 * though most never touch a workbook.
 */
import type * as ExcelJsModule from 'exceljs';

type ExcelJs = typeof ExcelJsModule;

let loading: Promise<ExcelJs> | undefined;

/** The exceljs module, loaded once per process. */
export function loadExcelJs(): Promise<ExcelJs> {
  loading ??= import('exceljs').then((module) => (module as { default?: ExcelJs }).default ?? module);
  return loading;
}
