import { ReplayFixPageSchema, ReplayTripsSchema } from '@sentinel/domain';
import type { ReplayFix, ReplayFixPage, ReplayPeriodQuery, ReplayTrips } from '@sentinel/domain';
import { allPages } from './all-pages';
import type { Caller } from './caller';

/** Which page of a period's fixes to read. */
export interface ReplayFixesPageRequest {
  /** 0-based. @default 0 */
  pageIndex?: number;
  /** Fixes per page, 1 to 5000. @default 5000 (the server's) */
  pageSize?: number;
}

/** Trip replay of a vehicle over a period (from inclusive, to exclusive; see replayPeriod). */
export interface ReplayApi {
  /**
   * GET /Vehicles/{id}/Replay/Fixes: one page of the period's GPS fixes, oldest first, with their
   * speeds; a period of more than 3000 fixes comes thinned (turns and stops kept).
   */
  fixes(vehicleId: number, period: ReplayPeriodQuery, page?: ReplayFixesPageRequest): Promise<ReplayFixPage>;
  /** Every page of the period's fixes, read one after another, as one list. */
  allFixes(vehicleId: number, period: ReplayPeriodQuery): Promise<ReplayFix[]>;
  /** GET /Vehicles/{id}/Replay/Trips: the period's trips, stops and lock, unlock and tamper entries. */
  trips(vehicleId: number, period: ReplayPeriodQuery): Promise<ReplayTrips>;
}

export function createReplayApi(caller: Pick<Caller, 'callAuthorised'>): ReplayApi {
  const fixes: ReplayApi['fixes'] = (vehicleId, { from, to }, page = {}) =>
    caller.callAuthorised(
      {
        method: 'get',
        path: `Vehicles/${vehicleId}/Replay/Fixes`,
        searchParams: {
          from,
          to,
          ...(page.pageIndex === undefined ? {} : { $pageindex: String(page.pageIndex) }),
          ...(page.pageSize === undefined ? {} : { $pagesize: String(page.pageSize) }),
        },
      },
      ReplayFixPageSchema,
    );
  return {
    fixes,
    async allFixes(vehicleId, period) {
      return (await allPages((page) => fixes(vehicleId, period, page))).items;
    },
    trips: (vehicleId, { from, to }) =>
      caller.callAuthorised(
        { method: 'get', path: `Vehicles/${vehicleId}/Replay/Trips`, searchParams: { from, to } },
        ReplayTripsSchema,
      ),
  };
}
