import { Type } from '@sinclair/typebox';
import { ImportJobSchema, ImportRowPageSchema } from '@sentinel/domain';
import type { ImportJob, ImportMapping, ImportRow, ImportRowsQuery, Page } from '@sentinel/domain';
import type { Caller } from './caller';

const CsvText = Type.String();

export interface ImportsApi {
  /** GET /Imports/Template: the template CSV (a header row of the holder, driver and vehicle fields). */
  template(): Promise<string>;
  /**
   * GET /Imports/Template?format=xlsx: the workbook a person fills in (the preview's labels as headers,
   * an example row the import skips while unchanged, what each column accepts on a second sheet).
   */
  templateWorkbook(): Promise<Blob>;
  /**
   * POST /Imports: uploads a .csv or .xlsx file, which the server reads, maps and previews; nothing
   * is written yet. Throws ApiError 400 with `errors.File` for a file it cannot take (too large,
   * another type, no rows) and `errors.CompanyId` when a Company-Admin names none of their companies.
   * @param companyId @default null (required for a Company-Admin)
   */
  upload(file: { name: string; bytes: Uint8Array }, companyId?: number | null): Promise<ImportJob>;
  /** GET /Imports/{id}: the preview's counts and the run's progress, rate and time left. */
  get(id: number): Promise<ImportJob>;
  /** PUT /Imports/{id}/Mapping: another column per field; the rows are previewed again. */
  map(id: number, mapping: ImportMapping): Promise<ImportJob>;
  /** GET /Imports/{id}/Rows: a page of rows with their values, errors, preview and outcome. */
  rows(id: number, query?: ImportRowsQuery): Promise<Page<ImportRow>>;
  /** GET /Imports/{id}/Errors/Csv: the rows with errors as in the file, with an Errors column. */
  errorsCsv(id: number): Promise<string>;
  /** GET /Imports/{id}/Report/Csv: every row's outcome. */
  reportCsv(id: number): Promise<string>;
  /** POST /Imports/{id}/Start: runs the import on the server; poll get() for its progress. */
  start(id: number, options: { sendPasswordLinks: boolean }): Promise<ImportJob>;
  /** POST /Imports/{id}/Cancel: stops after the batch in hand; rows already written stay. */
  cancel(id: number): Promise<ImportJob>;
}

/** Base64 of the bytes, in browsers and Node alike, a chunk at a time (no call-stack limit). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

export function createImportsApi(caller: Pick<Caller, 'callAuthorised'>): ImportsApi {
  return {
    template: () => caller.callAuthorised({ method: 'get', path: 'Imports/Template' }, CsvText),
    templateWorkbook: async () => {
      // A Blob is not JSON for the answer checker to read: it is checked for what it is here.
      const answer = await caller.callAuthorised(
        { method: 'get', path: 'Imports/Template', searchParams: { format: 'xlsx' } },
        Type.Unknown(),
      );
      // Structurally: fetch's Blob may come from another realm than the page's (a test's jsdom).
      if (typeof answer !== 'object' || answer === null || !('arrayBuffer' in answer)) {
        throw new Error('The template did not come as a workbook.');
      }
      return answer as Blob;
    },
    upload: (file, companyId = null) =>
      caller.callAuthorised(
        {
          method: 'post',
          path: 'Imports',
          json: {
            fileName: file.name,
            content: base64(file.bytes),
            ...(companyId === null ? {} : { companyId }),
          },
        },
        ImportJobSchema,
      ),
    get: (id) => caller.callAuthorised({ method: 'get', path: `Imports/${id}` }, ImportJobSchema),
    map: (id, mapping) =>
      caller.callAuthorised(
        { method: 'put', path: `Imports/${id}/Mapping`, json: { mapping } },
        ImportJobSchema,
      ),
    rows: (id, query = {}) =>
      caller.callAuthorised(
        {
          method: 'get',
          path: `Imports/${id}/Rows`,
          searchParams: {
            $pagesize: query.$pagesize,
            $pageindex: query.$pageindex,
            errorsOnly: query.errorsOnly,
          },
        },
        ImportRowPageSchema,
      ),
    errorsCsv: (id) => caller.callAuthorised({ method: 'get', path: `Imports/${id}/Errors/Csv` }, CsvText),
    reportCsv: (id) => caller.callAuthorised({ method: 'get', path: `Imports/${id}/Report/Csv` }, CsvText),
    start: (id, options) =>
      caller.callAuthorised({ method: 'post', path: `Imports/${id}/Start`, json: options }, ImportJobSchema),
    cancel: (id) => caller.callAuthorised({ method: 'post', path: `Imports/${id}/Cancel` }, ImportJobSchema),
  };
}
