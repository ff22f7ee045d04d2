import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify/sync';
import {
  ALARM_KIND_LABELS,
  AlarmFiguresQuerySchema,
  AlarmFiguresRowSchema,
  AlarmFiguresSchema,
  neutraliseFormula,
} from '@sentinel/domain';
import type { AlarmFiguresQuery, AlarmFiguresRow } from '@sentinel/domain';
import { scopeOf } from '../access/scope';
import type { TokenSubject } from '../auth/access-tokens';
import { ProblemDetailsRef, throwIfInvalid } from '../errors';
import { alarmFigures, figuresPeriodErrors, FIGURES_MAX_DAYS } from './figure-queries';

export const ALARM_FIGURES_CSV_COLUMNS = [
  'Day',
  'Alarm',
  'Alarms',
  'Breached',
  'Acknowledge median (s)',
  'Acknowledge p90 (s)',
  'Resolve median (s)',
  'Resolve p90 (s)',
] as const;

const cell = (value: number | null) => (value === null ? '' : String(value));

/** The figures as a CSV file (RFC 4180, CRLF), a header line first; no cell can run as a formula. */
export function alarmFiguresCsv(rows: readonly AlarmFiguresRow[]): string {
  const lines = rows.map((row) =>
    [
      row.day,
      ALARM_KIND_LABELS[row.kind],
      cell(row.alarms),
      cell(row.breached),
      cell(row.acknowledgeMedianSeconds),
      cell(row.acknowledgeP90Seconds),
      cell(row.resolveMedianSeconds),
      cell(row.resolveP90Seconds),
    ].map(neutraliseFormula),
  );
  return stringify([[...ALARM_FIGURES_CSV_COLUMNS], ...lines], { record_delimiter: 'windows' });
}

const DESCRIPTION =
  `Whole days in Johannesburg time (SAST, UTC+2), from and to included, at most ${FIGURES_MAX_DAYS} of them; ` +
  'a bad date, to before from or a longer period is a 400 at From or To. One row per day and kind that ' +
  'had alarms opened, oldest day first. Breached: acknowledged later than its target, or not yet and ' +
  'already past it. Median and p90 (interpolated, to 0.1 s) over the acknowledged alarms, and from ' +
  'opening to resolution over the resolved ones; null when none. A Company-Admin gets the alarms of ' +
  "their companies' vehicles only.";

/** GET /Alarms/Figures and its CSV: the response figures (median and p90 per day and kind). */
export const alarmFigureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AlarmFiguresRowSchema);

  const figuresOf = async (query: AlarmFiguresQuery, user: TokenSubject) => {
    throwIfInvalid(figuresPeriodErrors(query));
    return alarmFigures(app.db, await scopeOf(app.db, user), query);
  };

  app.get(
    '/Alarms/Figures',
    {
      schema: {
        tags: ['Alarms'],
        summary: 'Alarm response figures per day and kind: alarms, breached, median and p90 seconds',
        description: DESCRIPTION,
        security: [{ bearer: [] }],
        querystring: AlarmFiguresQuerySchema,
        response: {
          200: AlarmFiguresSchema,
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async (request) => ({ rows: await figuresOf(request.query, request.user!) }),
  );

  app.get(
    '/Alarms/Figures.csv',
    {
      schema: {
        tags: ['Alarms'],
        summary:
          'The alarm response figures as a CSV file (RFC 4180), a header line then a row per day and kind',
        description: DESCRIPTION,
        security: [{ bearer: [] }],
        querystring: AlarmFiguresQuerySchema,
        produces: ['text/csv'],
        response: {
          200: Type.String(),
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async (request, reply) => {
      const rows = await figuresOf(request.query, request.user!);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="Alarm-figures-${from}-to-${to}.csv"`)
        .send(alarmFiguresCsv(rows));
    },
  );
};
