/*
 * The alarm queue as an operator watches it: how many alarms wait in each state, and for each kind
 * how long its oldest Open alarm has waited against its acknowledgement target. One grouped query
 * over the alarms not resolved (the alarms_queue index starts with the state), which are few
 * whatever the size of the history.
 */
import type { Kysely } from 'kysely';
import type { AlarmKind, AlarmState } from '@sentinel/domain';
import type { Database } from '../db/schema';

export const ACTIVE_ALARM_STATES = [
  'Open',
  'Acknowledged',
  'Escalated',
] as const satisfies readonly AlarmState[];
type ActiveState = (typeof ACTIVE_ALARM_STATES)[number];

export interface AlarmFigures {
  byState: Record<ActiveState, number>;
  /**
   * Per kind with Open alarms: the oldest one's age and its target. Where alarms of one kind opened
   * under different targets (the setting changed), the one furthest past its own target.
   */
  oldestOpen: { kind: AlarmKind; ageSeconds: number; targetSeconds: number }[];
}

export async function readAlarmFigures(db: Kysely<Database>, now: Date): Promise<AlarmFigures> {
  const rows = await db
    .selectFrom('alarms')
    .select(['state', 'kind', 'acknowledgeWithinSeconds'])
    .select((eb) => [eb.fn.countAll<number>().as('alarms'), eb.fn.min('openedAt').as('oldestOpenedAt')])
    .where('state', 'in', ACTIVE_ALARM_STATES)
    .groupBy(['state', 'kind', 'acknowledgeWithinSeconds'])
    .execute();
  const byState: Record<ActiveState, number> = { Open: 0, Acknowledged: 0, Escalated: 0 };
  const worst = new Map<AlarmKind, { ageSeconds: number; targetSeconds: number }>();
  for (const row of rows) {
    const state = row.state as ActiveState;
    byState[state] += Number(row.alarms);
    if (state !== 'Open') continue;
    const ageSeconds = Math.max(0, (now.getTime() - Date.parse(row.oldestOpenedAt)) / 1000);
    const targetSeconds = row.acknowledgeWithinSeconds;
    const known = worst.get(row.kind);
    if (known === undefined || ageSeconds - targetSeconds > known.ageSeconds - known.targetSeconds) {
      worst.set(row.kind, { ageSeconds, targetSeconds });
    }
  }
  return { byState, oldestOpen: [...worst].map(([kind, figures]) => ({ kind, ...figures })) };
}
