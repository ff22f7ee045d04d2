import { Type } from '@sinclair/typebox';
import {
  AlarmDetailSchema,
  AlarmEventSchema,
  AlarmFiguresSchema,
  AlarmPageSchema,
  AlarmSchema,
} from '@sentinel/domain';
import type {
  Alarm,
  AlarmDetail,
  AlarmEvent,
  AlarmFigures,
  AlarmFiguresQuery,
  AlarmQueueTab,
  EscalateAlarmRequest,
  Page,
  ResolveAlarmRequest,
} from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';

/** Which page of which queue tab to read. */
export interface AlarmQueueRequest {
  /** Open: nobody owns them yet; Acknowledged: acknowledged or escalated. @default 'Open' */
  tab?: AlarmQueueTab;
  /** Alarms per page, 1 to 500. @default 50 (the server's) */
  pageSize?: number;
  /** 0-based. @default 0 */
  pageIndex?: number;
}

/** The response figures' CSV, ready to save. */
export interface AlarmFiguresCsv {
  blob: Blob;
  /** 'Alarm-figures-{from}-to-{to}.csv' */
  fileName: string;
}

/** The partner response services an alarm can be escalated to. */
export type AlarmPartner = EscalateAlarmRequest['partner'];

/** The name the response figures' CSV is saved under. */
export function alarmFiguresCsvFileName(period: AlarmFiguresQuery): string {
  return `Alarm-figures-${period.from}-to-${period.to}.csv`;
}

export interface AlarmsApi {
  /**
   * GET /Alarms?tab=: one page of a queue tab, highest priority first, then oldest first. Staff only;
   * a Company-Admin sees the alarms of their companies' vehicles.
   */
  queue(request?: AlarmQueueRequest): Promise<Page<Alarm>>;
  /** GET /Alarms/{id}: the alarm, its timeline (oldest first) and who to call about the vehicle. */
  get(alarmId: number): Promise<AlarmDetail>;
  /**
   * POST /Alarms/{id}/Acknowledge: the caller takes the alarm. Only an Open alarm; when someone
   * already has it, an ApiError 409 whose `message` names them ("Already acknowledged by …").
   */
  acknowledge(alarmId: number): Promise<Alarm>;
  /**
   * POST /Alarms/{id}/Escalate: alerts the partner as the vehicle card's alert does, and marks the
   * alarm Escalated (an Open one is acknowledged by the caller too). A refusing partner: ApiError 502.
   */
  escalate(alarmId: number, partner: AlarmPartner): Promise<Alarm>;
  /** POST /Alarms/{id}/Notes: adds a note to the timeline; answers the new entry. A bad note: 400, field Note. */
  addNote(alarmId: number, note: string): Promise<AlarmEvent>;
  /**
   * POST /Alarms/{id}/Resolve: closes the alarm with a reason (ALARM_RESOLUTIONS) and an optional
   * note; 400 with the field (Reason, Note) as alarmResolutionErrors says; 409 once resolved.
   */
  resolve(alarmId: number, request: ResolveAlarmRequest): Promise<Alarm>;
  /** GET /Alarms/Figures: per day (Johannesburg) and kind, the counts and response times. */
  figures(period: AlarmFiguresQuery): Promise<AlarmFigures>;
  /** GET /Alarms/Figures.csv: the same rows as a CSV Blob with the name to save it under. */
  figuresCsv(period: AlarmFiguresQuery): Promise<AlarmFiguresCsv>;
}

export function createAlarmsApi(caller: Pick<Caller, 'callAuthorised'>): AlarmsApi {
  const action = (alarmId: number, name: string) => `Alarms/${alarmId}/${name}`;
  return {
    queue: (request = {}) =>
      caller.callAuthorised(
        {
          method: 'get',
          path: 'Alarms',
          searchParams: {
            ...(request.tab === undefined ? {} : { tab: request.tab }),
            ...odataParams({ pageSize: request.pageSize, pageIndex: request.pageIndex }),
          },
        },
        AlarmPageSchema,
      ),
    get: (alarmId) => caller.callAuthorised({ method: 'get', path: `Alarms/${alarmId}` }, AlarmDetailSchema),
    acknowledge: (alarmId) =>
      caller.callAuthorised({ method: 'post', path: action(alarmId, 'Acknowledge') }, AlarmSchema),
    escalate: (alarmId, partner) =>
      caller.callAuthorised(
        {
          method: 'post',
          path: action(alarmId, 'Escalate'),
          json: { partner } satisfies EscalateAlarmRequest,
        },
        AlarmSchema,
      ),
    addNote: (alarmId, note) =>
      caller.callAuthorised(
        { method: 'post', path: action(alarmId, 'Notes'), json: { note } },
        AlarmEventSchema,
      ),
    resolve: (alarmId, request) =>
      caller.callAuthorised({ method: 'post', path: action(alarmId, 'Resolve'), json: request }, AlarmSchema),
    figures: (period) =>
      caller.callAuthorised(
        { method: 'get', path: 'Alarms/Figures', searchParams: { from: period.from, to: period.to } },
        AlarmFiguresSchema,
      ),
    async figuresCsv(period) {
      // As the history download: the text/csv answer read as text through the refreshing caller.
      const text = await caller.callAuthorised(
        { method: 'get', path: 'Alarms/Figures.csv', searchParams: { from: period.from, to: period.to } },
        Type.Union([Type.String(), Type.Undefined()]),
      );
      return {
        blob: new Blob([text ?? ''], { type: 'text/csv;charset=utf-8' }),
        fileName: alarmFiguresCsvFileName(period),
      };
    },
  };
}
