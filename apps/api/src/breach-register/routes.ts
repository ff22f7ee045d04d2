/*
 * The breach register (POPIA section 22): an Admin records each security compromise of personal
 * data (when it happened and was discovered, what happened, which kinds of data, how many people),
 * then when the Information Regulator and the people were told; the list and a CSV for the
 * Regulator. Admin only (registered inside the admins group). Each entry and change is audited in
 * the transaction that makes it.
 */
import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  BREACH_DATA_CLASSES,
  BreachIncidentInputSchema,
  BreachIncidentPageSchema,
  BreachIncidentSchema,
  breachIncidentErrors,
  breachIncidentFields,
  ref as schemaRef,
} from '@sentinel/domain';
import type { BreachIncident, BreachIncidentDraft, BreachIncidentFields } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import { ApiError, notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams, ListAnswers, ListQuerystring } from '../routes/schemas';
import { breachRegisterCsv } from './breach-csv';
import {
  findBreachIncident,
  insertBreachIncident,
  listBreachIncidents,
  updateBreachIncident,
} from './breach-queries';

type Fields = Record<string, unknown>;

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The parts of a body breachIncidentErrors reads, whatever the body holds, so the domain's words
 * come before the schema's: a reversed pair of times, a short description, no data class. A value
 * of the wrong type reads as missing or invalid, never as a 500.
 */
function draftOf(body: unknown): BreachIncidentDraft {
  const value: Fields =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Fields) : {};
  // A time that is not text (a number, an object) is read as its text, which no rule takes.
  const time = (given: unknown) => (given === undefined || given === null ? undefined : String(given));
  const classes = value['dataClasses'];
  const people = value['peopleAffected'];
  return {
    occurredAt: time(value['occurredAt']),
    discoveredAt: time(value['discoveredAt']),
    description: textOf(value['description']),
    dataClasses: Array.isArray(classes) ? classes.map((name) => textOf(name) ?? '') : undefined,
    // Absent: required. Anything but a number (the text '12') is no count.
    peopleAffected:
      people === undefined || people === null ? undefined : typeof people === 'number' ? people : Number.NaN,
    // Null or absent: not told yet.
    regulatorNotifiedAt: time(value['regulatorNotifiedAt']) ?? null,
    peopleNotifiedAt: time(value['peopleNotifiedAt']) ?? null,
  };
}

/** What an audit entry keeps of an incident: its facts, not its description (which may quote data). */
const summary = (incident: BreachIncidentFields | BreachIncident) => ({
  occurredAt: incident.occurredAt,
  discoveredAt: incident.discoveredAt,
  dataClasses: incident.dataClasses,
  peopleAffected: incident.peopleAffected,
  regulatorNotifiedAt: incident.regulatorNotifiedAt,
  peopleNotifiedAt: incident.peopleNotifiedAt,
});

const FIELD_ERRORS =
  '400 with field errors at OccurredAt (after the discovery), DiscoveredAt (in the future), Description ' +
  '(10 to 4000 characters once trimmed), DataClasses (none, unknown or repeated), PeopleAffected (a whole ' +
  'number from 0 to 10,000,000), RegulatorNotifiedAt and PeopleNotifiedAt (before the discovery or in the ' +
  'future); times are ISO 8601 with a zone and may run at most 5 minutes ahead of the server. Nothing is ' +
  `saved then. Data classes: ${BREACH_DATA_CLASSES.join(', ')}.`;

const WriteAnswers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BreachIncidentSchema);

  /** The domain's field errors of the body, before the schema's; checked against the server's clock. */
  const checkInput = async (request: FastifyRequest) => {
    const errors = breachIncidentErrors(draftOf(request.body));
    if (errors) throw new ApiError('validation', errors);
  };

  /** The incident as the register now holds it (read on the writer, so a write just made is in it). */
  const answer = async (id: number): Promise<BreachIncident> => {
    const incident = await findBreachIncident(app.db, id);
    if (!incident) throw new Error(`Breach incident ${id} vanished.`);
    return incident;
  };

  app.get(
    '/BreachIncidents',
    {
      schema: {
        tags: ['Breach register'],
        summary: 'List the breach register (Admin only), with the OData subset; newest discovery first',
        description:
          'Filter and order fields: id, occurredAt, discoveredAt, peopleAffected, regulatorNotifiedAt, ' +
          "peopleNotifiedAt, recordedAt; e.g. 'regulatorNotifiedAt eq null' for the incidents the " +
          'Information Regulator has not been told of. GET /BreachIncidents/Csv holds them all.',
        security: [{ bearer: [] }],
        querystring: ListQuerystring,
        response: ListAnswers(BreachIncidentPageSchema),
      },
    },
    async (request) => listBreachIncidents(app.db, request.query),
  );

  app.get(
    '/BreachIncidents/Csv',
    {
      schema: {
        tags: ['Breach register'],
        summary: 'The whole breach register as a CSV file (RFC 4180), newest discovery first',
        description:
          'A header line, then one row per incident: times in ISO 8601 UTC, data classes joined by "; ". ' +
          'No cell can run as a spreadsheet formula.',
        security: [{ bearer: [] }],
        produces: ['text/csv'],
        response: {
          // Streamed a chunk at a time; the document still reads it as text.
          200: Type.Unsafe<string | Readable>(Type.String()),
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="Breach-register.csv"')
        .send(Readable.from(breachRegisterCsv(app.db))),
  );

  app.post(
    '/BreachIncidents',
    {
      schema: {
        tags: ['Breach register'],
        summary: 'Record an incident in the breach register',
        description: `${FIELD_ERRORS} Audited (BreachRecorded).`,
        security: [{ bearer: [] }],
        body: BreachIncidentInputSchema,
        response: { 201: schemaRef(BreachIncidentSchema), ...WriteAnswers },
      },
      preValidation: checkInput,
    },
    async (request, reply) => {
      const fields = breachIncidentFields(request.body);
      const id = await inTransaction(app.db, async (trx) => {
        const id = await insertBreachIncident(trx, fields, request.user!.userId);
        await recordAudit(trx, request, {
          action: 'BreachRecorded',
          targetType: 'BreachIncident',
          targetId: id,
          detail: summary(fields),
        });
        return id;
      });
      return reply.code(201).send(await answer(id));
    },
  );

  app.put(
    '/BreachIncidents/:id',
    {
      schema: {
        tags: ['Breach register'],
        summary:
          "Replace an incident's fields: record when the Regulator and the people were told, or correct it",
        description:
          'The whole incident, as POST takes it; a notification time left out or null reads as not told. ' +
          `404 when there is no such incident. ${FIELD_ERRORS} Audited (BreachChanged, with the fields ` +
          'before and after; the description only as whether it changed).',
        security: [{ bearer: [] }],
        params: IdParams,
        body: BreachIncidentInputSchema,
        response: { 200: schemaRef(BreachIncidentSchema), ...WriteAnswers, 404: ProblemDetailsRef },
      },
      preValidation: checkInput,
    },
    async (request) => {
      const id = request.params.id;
      const fields = breachIncidentFields(request.body);
      await inTransaction(app.db, async (trx) => {
        const before = await findBreachIncident(trx, id);
        if (!before) throw notFound(`Breach incident ${id} was not found.`);
        await updateBreachIncident(trx, id, fields);
        await recordAudit(trx, request, {
          action: 'BreachChanged',
          targetType: 'BreachIncident',
          targetId: id,
          detail: {
            from: summary(before),
            to: summary(fields),
            descriptionChanged: before.description !== fields.description,
          },
        });
      });
      return answer(id);
    },
  );
};

/** The breach register: Admins only (registered inside the admins group). */
export const breachRegisterRoutes = routePlugin('breach-register', routes);
