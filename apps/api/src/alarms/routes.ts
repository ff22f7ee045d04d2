import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlarmDetailSchema,
  AlarmEventSchema,
  AlarmNoteRequestSchema,
  AlarmPageSchema,
  AlarmQueueQuerySchema,
  AlarmSchema,
  DEFAULT_PAGE_SIZE,
  EscalateAlarmRequestSchema,
  ref as schemaRef,
  ResolveAlarmRequestSchema,
} from '@sentinel/domain';
import type { Alarm } from '@sentinel/domain';
import type { FastifyRequest } from 'fastify';
import { scopeOf } from '../access/scope';
import { ApiError, notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams, ListAnswers } from '../routes/schemas';
import { alertPartner, partnerRefused } from '../vehicles/partner-alert';
import { findVehicleWithDevice } from '../vehicles/vehicle-queries';
import { alarmContacts, alarmTimeline, findAlarm, listAlarms } from './alarm-queries';
import { acknowledgeAlarm, addAlarmNote, assertActive, resolveAlarm } from './alarm-service';

const ActionAnswers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AlarmSchema);
  app.addSchema(AlarmEventSchema);
  app.addSchema(AlarmDetailSchema);
  const context = { db: app.db, events: app.vehicleEvents };

  /** The alarm, or 404 when it is absent or its vehicle is outside the caller's companies. */
  const alarmOf = async (id: number, request: FastifyRequest): Promise<Alarm> => {
    const alarm = await findAlarm(app.db, id, await scopeOf(app.db, request.user!));
    if (!alarm) throw notFound(`Alarm ${id} was not found.`);
    return alarm;
  };

  app.get(
    '/Alarms',
    {
      schema: {
        tags: ['Alarms'],
        summary: 'The alarm queue: one tab, highest priority (1) first, then the oldest',
        description:
          'tab=Open (default): alarms nobody has taken. tab=Acknowledged: acknowledged or escalated ones. ' +
          "A Company-Admin sees only the alarms of their companies' vehicles.",
        security: [{ bearer: [] }],
        querystring: AlarmQueueQuerySchema,
        response: ListAnswers(AlarmPageSchema),
      },
    },
    async (request) => {
      const scope = await scopeOf(app.db, request.user!);
      return listAlarms(
        app.db,
        {
          tab: request.query.tab ?? 'Open',
          pageSize: request.query.$pagesize ?? DEFAULT_PAGE_SIZE,
          pageIndex: request.query.$pageindex ?? 0,
        },
        scope,
      );
    },
  );

  app.get(
    '/Alarms/:id',
    {
      schema: {
        tags: ['Alarms'],
        summary: 'One alarm with its timeline (oldest first) and who to call (the holder, then the drivers)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: schemaRef(AlarmDetailSchema), ...ActionAnswers },
      },
    },
    async (request) => {
      const alarm = await alarmOf(request.params.id, request);
      const [timeline, contacts] = await Promise.all([
        alarmTimeline(app.db, alarm.id),
        alarmContacts(app.db, alarm.vehicleId),
      ]);
      return { alarm, timeline, contacts };
    },
  );

  app.post(
    '/Alarms/:id/Acknowledge',
    {
      schema: {
        tags: ['Alarms'],
        summary: 'Take an open alarm: the caller owns it from now',
        description:
          'Only an Open alarm; when someone already has it, 409 naming them ("Already acknowledged by ..."). ' +
          'Of two acknowledgements at once exactly one wins.',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: schemaRef(AlarmSchema), ...ActionAnswers, 409: ProblemDetailsRef },
      },
    },
    async (request) => acknowledgeAlarm(context, request, await alarmOf(request.params.id, request)),
  );

  app.post(
    '/Alarms/:id/Escalate',
    {
      schema: {
        tags: ['Alarms'],
        summary:
          "Alert a partner to the alarm's vehicle, as the vehicle card's AlertAura / AlertCapitalAir does",
        description:
          'The same alert, history entry, partner_alerts row and audit entry as the vehicle route; when the partner ' +
          "accepts, the vehicle's active alarms are Escalated (an Open one also acknowledged by the caller). A " +
          'partner that does not accept: 502, the alarm keeps its state and its timeline says so. A resolved alarm: 409.',
        security: [{ bearer: [] }],
        params: IdParams,
        body: EscalateAlarmRequestSchema,
        response: {
          200: schemaRef(AlarmSchema),
          ...ActionAnswers,
          409: ProblemDetailsRef,
          502: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const alarm = await alarmOf(request.params.id, request);
      assertActive(alarm);
      const vehicle = await findVehicleWithDevice(app.db, alarm.vehicleId);
      if (!vehicle) throw notFound(`Alarm ${alarm.id} was not found.`);
      if (vehicle.deviceId === null) throw new ApiError('noDevice');
      const { partner } = request.body;
      const outcome = await alertPartner(
        { ...context, partnerAlerts: app.partnerAlerts },
        request,
        vehicle,
        partner,
      );
      if (!outcome.accepted) throw partnerRefused(partner, outcome);
      const escalated = await findAlarm(app.db, alarm.id);
      if (!escalated) throw notFound(`Alarm ${alarm.id} was not found.`);
      return escalated;
    },
  );

  app.post(
    '/Alarms/:id/Notes',
    {
      schema: {
        tags: ['Alarms'],
        summary: "Add a note to the alarm's timeline; answers the new entry",
        security: [{ bearer: [] }],
        params: IdParams,
        body: AlarmNoteRequestSchema,
        response: { 200: schemaRef(AlarmEventSchema), ...ActionAnswers },
      },
    },
    async (request) =>
      addAlarmNote(context, request, await alarmOf(request.params.id, request), request.body.note),
  );

  app.post(
    '/Alarms/:id/Resolve',
    {
      schema: {
        tags: ['Alarms'],
        summary: 'Close the alarm with a reason (and a note, required for Other)',
        description:
          'An Open alarm is acknowledged by the resolver too. Resolving the last active Tamper, PowerCut, GpsJammed ' +
          'or GpsLost alarm of a vehicle cancels its tamper alert (history: cancelled by the caller). Already resolved: 409.',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ResolveAlarmRequestSchema,
        response: { 200: schemaRef(AlarmSchema), ...ActionAnswers, 409: ProblemDetailsRef },
      },
    },
    async (request) =>
      resolveAlarm(context, request, await alarmOf(request.params.id, request), request.body),
  );
};

/** The alarm console: every staff role, a Company-Admin inside their companies. */
export const alarmsRoutes = routePlugin('alarms', routes, {
  dependencies: ['sentinel-vehicle-events', 'sentinel-providers', 'sentinel-alarms'],
  decorators: ['db', 'vehicleEvents', 'partnerAlerts'],
});
