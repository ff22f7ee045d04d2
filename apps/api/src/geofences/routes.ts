/*
 * Geofences for staff: the list and the editor's calls, and 'Try on the last 7 days'. Admin and
 * Technical-Agent see every geofence, a Company-Admin those of their companies, of those
 * companies' account holders and their vehicles, and the Everyone ones (read-only). Who may aim a
 * geofence at which scope is decided here, on the server: Admin any, Everyone included;
 * Technical-Agent any vehicle, holder or company; a Company-Admin their companies', holders' and
 * vehicles'. Each change is audited in the transaction that makes it and bumps the revision every
 * api instance reloads its lookup on (geofence-evaluation.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  GEOFENCE_MESSAGES,
  geofenceErrors,
  GeofenceBreachSchema,
  GeofenceInputSchema,
  GeofenceListQuerySchema,
  GeofencePageSchema,
  GeofencePreviewSchema,
  GeofenceRuleSchema,
  GeofenceSchema,
  ref as schemaRef,
} from '@sentinel/domain';
import type { Geofence, GeofenceInput } from '@sentinel/domain';
import { scopeOf } from '../access/scope';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import { ApiError, notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams, ListAnswers } from '../routes/schemas';
import { previewGeofence } from './geofence-preview';
import {
  deleteGeofence,
  findGeofence,
  insertGeofence,
  listGeofences,
  mayChange,
  mayUseScope,
  updateGeofence,
} from './geofence-queries';

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined;
const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined);
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
/** A corner whatever was sent: one that is not two numbers fails geofenceErrors' check. */
const pointOf = (value: unknown) => {
  const point = fieldsOf(value);
  return {
    latitudeDegrees: numberOf(point?.['latitudeDegrees']) ?? Number.NaN,
    longitudeDegrees: numberOf(point?.['longitudeDegrees']) ?? Number.NaN,
  };
};

/**
 * The parts of a body geofenceErrors reads, whatever the body holds, so the domain's words come
 * before the schema's (as arming's schedule does): a missing minute count, a crossing polygon, a
 * schedule with no days.
 */
function geofenceInputOf(body: unknown): Parameters<typeof geofenceErrors>[0] {
  const value = fieldsOf(body) ?? {};
  const shape = fieldsOf(value['shape']);
  const points = shape?.['points'];
  const scope = fieldsOf(value['scope']);
  const rules = value['rules'];
  return {
    name: textOf(value['name']),
    shape:
      shape?.['type'] === 'Circle'
        ? {
            type: 'Circle',
            centre: shape['centre'] === undefined ? undefined : pointOf(shape['centre']),
            radiusMetres: numberOf(shape['radiusMetres']),
          }
        : shape?.['type'] === 'Polygon'
          ? { type: 'Polygon', points: Array.isArray(points) ? points.map(pointOf) : undefined }
          : undefined,
    scope: scope && {
      kind: textOf(scope['kind']) as Geofence['scope']['kind'] | undefined,
      id: scope['id'] === null ? null : numberOf(scope['id']),
    },
    rules: Array.isArray(rules)
      ? rules.map((item) => {
          const rule = fieldsOf(item) ?? {};
          const schedule = fieldsOf(rule['schedule']);
          const days = schedule?.['days'];
          return {
            trigger: textOf(rule['trigger']) as Geofence['rules'][number]['trigger'] | undefined,
            dwellMinutes: numberOf(rule['dwellMinutes']) ?? null,
            schedule:
              schedule === undefined
                ? null
                : ({
                    days: Array.isArray(days) ? days.map((day) => textOf(day) ?? '') : [],
                    from: textOf(schedule['from']) ?? '',
                    to: textOf(schedule['to']) ?? '',
                  } as NonNullable<Geofence['rules'][number]['schedule']>),
          };
        })
      : undefined,
  };
}

const WHO =
  'Admin any scope, Everyone included; Technical-Agent a vehicle, an account holder or a company; a ' +
  "Company-Admin their companies, those companies' account holders and their vehicles.";
const FIELD_ERRORS =
  '400 with field errors at Name, Radius, Centre, Points, Scope, Rules and Rules[i].DwellMinutes, ' +
  "Rules[i].Days, Rules[i].From, Rules[i].To, nothing saved; Scope says '" +
  GEOFENCE_MESSAGES.scopeOutside +
  "' when its vehicle, account holder or company does not exist or is not the caller's to use.";

const WriteAnswers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(GeofenceRuleSchema);
  app.addSchema(GeofenceSchema);
  app.addSchema(GeofenceBreachSchema);
  app.addSchema(GeofencePreviewSchema);

  /** The domain's field errors of the body, before the schema's. */
  const checkInput = async (request: FastifyRequest) => {
    const errors = geofenceErrors(geofenceInputOf(request.body));
    if (errors) throw new ApiError('validation', errors);
  };

  /** The scope's target exists and is the caller's to use, else a field error at Scope. */
  const checkScope = async (request: FastifyRequest, input: GeofenceInput) => {
    const user = request.user!;
    if (!(await mayUseScope(app.db, user, await scopeOf(app.db, user), input.scope))) {
      throw new ApiError('validation', { Scope: [GEOFENCE_MESSAGES.scopeOutside] });
    }
  };

  /** The geofence, 404 when absent or outside what the caller sees, 403 when theirs only to read. */
  const changeable = async (request: FastifyRequest, id: number): Promise<Geofence> => {
    const user = request.user!;
    const geofence = await findGeofence(app.db, id, await scopeOf(app.db, user));
    if (!geofence) throw notFound(`Geofence ${id} was not found.`);
    if (!mayChange(user, geofence)) throw new ApiError('forbidden');
    return geofence;
  };

  /** What an audit entry keeps of a geofence: small, never the corners. */
  const summary = (input: Pick<GeofenceInput, 'name' | 'shape' | 'scope' | 'rules'>) => ({
    name: input.name.trim(),
    shape: input.shape.type,
    scope: input.scope,
    rules: input.rules.length,
  });

  const answer = async (request: FastifyRequest, id: number): Promise<Geofence> => {
    const geofence = await findGeofence(app.db, id, await scopeOf(app.db, request.user!));
    if (!geofence) throw new Error(`Geofence ${id} vanished.`);
    return geofence;
  };

  app.get(
    '/Geofences',
    {
      schema: {
        tags: ['Geofences'],
        summary: 'The geofences the caller may see, of one scope when asked, by name',
        description:
          'Admin and Technical-Agent see every geofence; a Company-Admin those of their companies, of ' +
          "those companies' account holders and their vehicles, and the Everyone ones (read-only). " +
          'scopeKind and scopeId narrow the list to one scope.',
        security: [{ bearer: [] }],
        querystring: GeofenceListQuerySchema,
        response: ListAnswers(GeofencePageSchema),
      },
    },
    async (request) => listGeofences(app.db, request.query, await scopeOf(app.db, request.user!)),
  );

  app.get(
    '/Geofences/:id',
    {
      schema: {
        tags: ['Geofences'],
        summary: 'One geofence',
        description: '404 when it does not exist or the caller may not see it.',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: schemaRef(GeofenceSchema), ...WriteAnswers },
      },
    },
    async (request) => {
      const geofence = await findGeofence(app.db, request.params.id, await scopeOf(app.db, request.user!));
      if (!geofence) throw notFound(`Geofence ${request.params.id} was not found.`);
      return geofence;
    },
  );

  app.post(
    '/Geofences',
    {
      schema: {
        tags: ['Geofences'],
        summary: 'Add a geofence: a circle or a polygon, its scope and its rules',
        description: `${WHO} ${FIELD_ERRORS} Audited (GeofenceCreated).`,
        security: [{ bearer: [] }],
        body: GeofenceInputSchema,
        response: { 201: schemaRef(GeofenceSchema), ...WriteAnswers },
      },
      preValidation: checkInput,
    },
    async (request, reply) => {
      await checkScope(request, request.body);
      const id = await inTransaction(app.db, async (trx) => {
        const id = await insertGeofence(trx, request.body, request.user!.userId);
        await recordAudit(trx, request, {
          action: 'GeofenceCreated',
          targetType: 'Geofence',
          targetId: id,
          detail: summary(request.body),
        });
        return id;
      });
      return reply.code(201).send(await answer(request, id));
    },
  );

  app.put(
    '/Geofences/:id',
    {
      schema: {
        tags: ['Geofences'],
        summary: "Replace a geofence's name, shape, scope and rules",
        description:
          `${WHO} 404 when the caller may not see it; 403 for an Everyone geofence to anyone but an ` +
          `Admin. ${FIELD_ERRORS} Audited (GeofenceChanged).`,
        security: [{ bearer: [] }],
        params: IdParams,
        body: GeofenceInputSchema,
        response: { 200: schemaRef(GeofenceSchema), ...WriteAnswers },
      },
      preValidation: checkInput,
    },
    async (request) => {
      const before = await changeable(request, request.params.id);
      await checkScope(request, request.body);
      await inTransaction(app.db, async (trx) => {
        await updateGeofence(trx, before.id, request.body);
        await recordAudit(trx, request, {
          action: 'GeofenceChanged',
          targetType: 'Geofence',
          targetId: before.id,
          detail: { from: summary(before), to: summary(request.body) },
        });
      });
      return answer(request, before.id);
    },
  );

  app.delete(
    '/Geofences/:id',
    {
      schema: {
        tags: ['Geofences'],
        summary: 'Remove a geofence',
        description:
          'A vehicle inside it forgets it at its next report, with no Exit alarm. 404 when the caller may ' +
          'not see it; 403 for an Everyone geofence to anyone but an Admin. Audited (GeofenceRemoved).',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 204: Type.Null(), ...WriteAnswers },
      },
    },
    async (request, reply) => {
      const geofence = await changeable(request, request.params.id);
      await inTransaction(app.db, async (trx) => {
        await deleteGeofence(trx, geofence.id);
        await recordAudit(trx, request, {
          action: 'GeofenceRemoved',
          targetType: 'Geofence',
          targetId: geofence.id,
          detail: summary(geofence),
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/Geofences/Preview',
    {
      schema: {
        tags: ['Geofences'],
        summary: "Try a geofence's rules on the last 7 days before saving it",
        description:
          "The rules run over the stored position fixes (trip replay's) of the last 7 days of every vehicle " +
          'in the scope the caller may see, as ingestion would have run them (a first fix inside is no ' +
          'entry); the breaches oldest first, the newest 500 when there were more. Nothing is saved. ' +
          `The same 400s as POST /Geofences. ${WHO}`,
        security: [{ bearer: [] }],
        body: GeofenceInputSchema,
        response: { 200: schemaRef(GeofencePreviewSchema), ...WriteAnswers },
      },
      preValidation: checkInput,
    },
    async (request) => {
      await checkScope(request, request.body);
      const { name, shape, scope, rules } = request.body;
      return previewGeofence(
        app.db,
        { name: name.trim(), shape, scope, rules },
        await scopeOf(app.db, request.user!),
      );
    },
  );
};

/** Geofences: staff, each within what they may see and change. */
export const geofencesRoutes = routePlugin('geofences', routes);
