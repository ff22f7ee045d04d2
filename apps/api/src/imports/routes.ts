import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CreateImportRequestSchema,
  IMPORT_FIELD_KEYS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_FIELDS,
  IMPORT_ROLES,
  IMPORT_ROWS_PAGE_SIZE,
  IMPORT_TEMPLATE_FILE_NAME,
  IMPORT_TEMPLATE_XLSX_FILE_NAME,
  ImportJobSchema,
  ImportMappingRequestSchema,
  ImportRowPageSchema,
  ImportRowSchema,
  ImportRowsQuerySchema,
  importErrorsFileName,
  importReportFileName,
  ref,
  ROLE,
  StartImportRequestSchema,
} from '@sentinel/domain';
import type { ImportMapping } from '@sentinel/domain';
import { canSeeCompany, scopeOf } from '../access/scope';
import type { Scope } from '../access/scope';
import { companyExists } from '../companies/company-queries';
import { ApiError, notFound, ProblemDetailsRef, refused } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import { vehicleTypeNames } from '../vehicle-types/vehicle-type-queries';
import {
  allowRowChecks,
  cancelJob,
  errorsCsv,
  findJob,
  insertJob,
  jobAnswer,
  jobCells,
  listRows,
  previewExpiresAt,
  replacePreview,
  reportCsv,
  startJob,
  templateCsv,
} from './import-jobs';
import { loadCatalogue } from './import-worker';
import { planRows } from './preview';
import { ImportFileError } from './import-file-error';
import { readImportFile } from './read-file';
import { suggestMapping } from './row-rules';
import { sharedTemplateWorkbook } from './template-workbook';

const Answers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
  429: ProblemDetailsRef,
};
/** The answers of a route whose preview checks rows: its 429 says when to try again. */
const PreviewAnswers = {
  ...Answers,
  429: {
    ...ProblemDetailsRef,
    description: "A Company-Admin's previews checked IMPORT_COMPANY_ADMIN_ROWS_PER_DAY rows in 24 hours",
    headers: {
      'Retry-After': {
        type: 'integer',
        minimum: 1,
        description: 'Seconds until enough of the rows checked have aged past 24 hours for this file',
      },
    },
  },
};
const CsvText = Type.String();
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// The workbook's bytes: Fastify sends a Buffer as it is, and the OpenAPI document says a file.
const XlsxBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const TemplateQuery = Type.Object({
  format: Type.Optional(
    Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { description: '@default csv' }),
  ),
});
// The file travels as base64 in JSON: 4 bytes per 3, plus the rest of the body.
const BODY_LIMIT = Math.ceil((IMPORT_MAX_FILE_BYTES * 4) / 3) + 64 * 1024;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(ImportJobSchema);
  app.addSchema(ImportRowSchema);
  const JobRef = ref(ImportJobSchema);
  const worker = app.importWorker;
  const limits = app.importLimits;

  const config = { roles: IMPORT_ROLES };
  /** Every import route's schema: its tag, summary and bearer auth, with the route's own parts. */
  const described = <Parts extends object>(summary: string, parts: Parts) => ({
    tags: ['Imports'],
    summary,
    security: [{ bearer: [] }],
    ...parts,
  });
  /** The parts of a route about one job that answers the job. */
  const answersJob = { params: IdParams, response: { 200: JobRef, ...Answers } };
  /** The parts of a route about one job that answers a CSV file. */
  const answersCsv = { params: IdParams, produces: ['text/csv'], response: { 200: CsvText, ...Answers } };

  /**
   * The job, when the caller started it or is an Admin; 404 otherwise, and for a preview past its
   * life that the sweep has not deleted yet.
   */
  const visibleJob = async (request: FastifyRequest, id: number) => {
    const job = await findJob(app.db, id);
    const user = request.user!;
    if (!job || (user.role !== ROLE.admin && job.createdByUserId !== user.userId))
      throw notFound(`Import ${id} was not found.`);
    if (
      job.status === 'Previewed' &&
      previewExpiresAt(job.createdOnDateTime, limits.previewTtlSeconds) <= Date.now()
    )
      throw notFound(IMPORT_MESSAGES.previewExpired);
    return job;
  };
  /**
   * A Company-Admin's previews check at most companyAdminRowsPerDay rows a day: each row tells
   * whether its e-mail, ID number and registration can be used. Admins see every record anyway.
   */
  const throttleChecks = async (reply: FastifyReply, userId: number, scope: Scope, rows: number) => {
    if (scope.kind === 'all') return;
    const answer = await allowRowChecks(app.db, userId, rows, limits.companyAdminRowsPerDay);
    if (!answer.allowed) {
      const message = IMPORT_MESSAGES.rowsPerDay(limits.companyAdminRowsPerDay);
      void reply.header('retry-after', answer.retryAfterSeconds);
      throw new ApiError('throttled', { File: [message] }, message);
    }
  };
  /** The job as it is now, as the routes answer it. */
  const currentJob = async (id: number) => jobAnswer((await findJob(app.db, id))!);
  const sendCsv = (reply: FastifyReply, fileName: string, text: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(text);

  const preview = async (
    scope: Scope,
    companyId: number | null,
    rows: Parameters<typeof planRows>[1],
    mapping: ImportMapping,
  ) => planRows(app.db, rows, mapping, { scope, companyId }, await loadCatalogue(app.db));

  const checkMapping = (mapping: ImportMapping, columns: number) => {
    const errors: Record<string, string[]> = {};
    for (const [field, column] of Object.entries(mapping)) {
      if (!(IMPORT_FIELD_KEYS as readonly string[]).includes(field) || column >= columns)
        errors[field] = [IMPORT_MESSAGES.mappingRequired];
    }
    for (const field of IMPORT_REQUIRED_FIELDS) {
      if (mapping[field] === undefined) errors[field] = [IMPORT_MESSAGES.mappingRequired];
    }
    return errors;
  };

  app.get(
    '/Imports/Template',
    {
      config,
      schema: described(
        "The import template. format=xlsx (what the dashboard downloads): the preview's labels as headers and an example row the import skips, what each column accepts on a second sheet, the vehicles on a third. format=csv, the default (for scripts): a header row of the fields' keys (Holder.FirstName, ...)",
        {
          querystring: TemplateQuery,
          produces: ['text/csv', XLSX_TYPE],
          response: {
            200: Type.Union([CsvText, XlsxBytes]),
            400: ProblemDetailsRef,
            401: ProblemDetailsRef,
            403: ProblemDetailsRef,
          },
        },
      ),
    },
    async (request, reply) => {
      if (request.query.format !== 'xlsx') return sendCsv(reply, IMPORT_TEMPLATE_FILE_NAME, templateCsv());
      const bytes = await sharedTemplateWorkbook(await vehicleTypeNames(app.db));
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${IMPORT_TEMPLATE_XLSX_FILE_NAME}"`)
        .send(bytes);
    },
  );

  app.post(
    '/Imports',
    {
      config,
      bodyLimit: BODY_LIMIT,
      schema: described(
        'Upload a CSV or .xlsx file: it is read, mapped and previewed; nothing is written yet',
        {
          body: CreateImportRequestSchema,
          response: { 200: JobRef, ...PreviewAnswers },
        },
      ),
    },
    async (request, reply) => {
      const user = request.user!;
      const scope = await scopeOf(app.db, user);
      const companyId = request.body.companyId ?? null;
      if (user.role === ROLE.companyAdmin && (companyId === null || !canSeeCompany(scope, companyId)))
        throw new ApiError('validation', { CompanyId: [IMPORT_MESSAGES.chooseCompany] });
      if (companyId !== null) {
        if (!(await companyExists(app.db, companyId))) throw notFound(`Company ${companyId} was not found.`);
      }
      const bytes = Buffer.from(request.body.content, 'base64');
      let file;
      try {
        file = await readImportFile(request.body.fileName, bytes, limits);
      } catch (error) {
        if (error instanceof ImportFileError)
          throw new ApiError('validation', { File: [error.message] }, error.message);
        throw error;
      }
      await throttleChecks(reply, user.userId, scope, file.rows.length);
      const mapping = suggestMapping(file.headers);
      const rows = await preview(scope, companyId, file.rows, mapping);
      const id = await insertJob(app.db, {
        createdByUserId: user.userId,
        companyId,
        fileName: request.body.fileName,
        headers: file.headers,
        mapping,
        rows,
      });
      return currentJob(id);
    },
  );

  app.get(
    '/Imports/:id',
    {
      config,
      schema: described(
        "An import: its preview's counts, and the run's progress, rate and time left",
        answersJob,
      ),
    },
    async (request) => jobAnswer(await visibleJob(request, request.params.id)),
  );

  app.put(
    '/Imports/:id/Mapping',
    {
      config,
      schema: described("Choose the file's column for each field; the rows are previewed again", {
        params: IdParams,
        body: ImportMappingRequestSchema,
        response: { 200: JobRef, ...PreviewAnswers },
      }),
    },
    async (request, reply) => {
      const job = await visibleJob(request, request.params.id);
      if (job.status !== 'Previewed') throw refused(IMPORT_MESSAGES.notPreviewed);
      const mapping = request.body.mapping as ImportMapping;
      const headers = JSON.parse(job.headers) as string[];
      const errors = checkMapping(mapping, headers.length);
      if (Object.keys(errors).length > 0) throw new ApiError('validation', errors);
      const scope = await scopeOf(app.db, { userId: job.createdByUserId, role: request.user!.role });
      const cells = await jobCells(app.db, job.id);
      await throttleChecks(reply, request.user!.userId, scope, cells.length);
      const rows = await preview(scope, job.companyId, cells, mapping);
      if (!(await replacePreview(app.db, job.id, mapping, rows))) throw refused(IMPORT_MESSAGES.notPreviewed);
      return currentJob(job.id);
    },
  );

  app.get(
    '/Imports/:id/Rows',
    {
      config,
      schema: described('A page of the rows: values, errors per field, the preview and the outcome', {
        params: IdParams,
        querystring: ImportRowsQuerySchema,
        response: { 200: ImportRowPageSchema, ...Answers },
      }),
    },
    async (request) => {
      await visibleJob(request, request.params.id);
      return listRows(app.db, request.params.id, {
        pageIndex: request.query.$pageindex ?? 0,
        pageSize: request.query.$pagesize ?? IMPORT_ROWS_PAGE_SIZE,
        errorsOnly: request.query.errorsOnly ?? false,
      });
    },
  );

  app.get(
    '/Imports/:id/Errors/Csv',
    {
      config,
      schema: described(
        'The rows with errors as they were in the file, with an Errors column, to fix and upload again',
        answersCsv,
      ),
    },
    async (request, reply) => {
      const job = await visibleJob(request, request.params.id);
      return sendCsv(reply, importErrorsFileName(job.id), await errorsCsv(app.db, job));
    },
  );

  app.get(
    '/Imports/:id/Report/Csv',
    { config, schema: described("Every row's outcome as a CSV file", answersCsv) },
    async (request, reply) => {
      const job = await visibleJob(request, request.params.id);
      return sendCsv(reply, importReportFileName(job.id), await reportCsv(app.db, job.id));
    },
  );

  app.post(
    '/Imports/:id/Start',
    {
      config,
      schema: described('Write the previewed rows, as a job on the server; rows with errors are skipped', {
        ...answersJob,
        body: StartImportRequestSchema,
      }),
    },
    async (request) => {
      const job = await visibleJob(request, request.params.id);
      if (!(await startJob(app.db, job.id, request.body.sendPasswordLinks)))
        throw refused(IMPORT_MESSAGES.notPreviewed);
      void worker.start(job.id);
      return currentJob(job.id);
    },
  );

  app.post(
    '/Imports/:id/Cancel',
    {
      config,
      schema: described('Stop the import after the batch in hand; rows already written stay', answersJob),
    },
    async (request) => {
      const job = await visibleJob(request, request.params.id);
      await cancelJob(app.db, job.id);
      return currentJob(job.id);
    },
  );
};

/** Bulk import of account holders, drivers and vehicles (Admins; Company-Admins into their companies). */
export const importsRoutes = routePlugin('imports', routes, {
  dependencies: ['sentinel-import-worker'],
  decorators: ['db', 'importWorker', 'importLimits'],
});
