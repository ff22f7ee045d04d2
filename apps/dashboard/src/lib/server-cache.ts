// The query keys and options of the resources several features show (users, vehicles, a vehicle's
// history and commands, devices, subscription plans, companies), each resource's keys from one
// factory here, and the in-place update of a cached vehicle wherever it is held. A feature's own
// resources keep their factories in the feature's api/ file.
import { queryOptions } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { allPages, and, contains, eq } from '@sentinel/api-sdk';
import type {
  Alarm,
  AlarmDetail,
  AlarmQueueTab,
  ApiClient,
  DeviceCommand,
  Page,
  Vehicle,
} from '@sentinel/api-sdk';

export const userKeys = {
  all: ['users'] as const,
  /** The account holder View account shows, or null. */
  accountHolder: (userId: number) => [...userKeys.all, 'account-holder', userId] as const,
  /** A list or lookup and the filters it was asked with. */
  list: <F extends object>(name: string, filters: F) => [...userKeys.all, 'list', name, filters] as const,
};

/** A vehicle's history pages; apart from vehicleKeys, whose queries hold vehicles, not entries. */
export const historyKeys = {
  all: ['history'] as const,
  byVehicle: (vehicleId: number) => [...historyKeys.all, vehicleId] as const,
};

/**
 * Every query under `all` holds vehicles (one, a page, or an infinite list's pages), so a live
 * message or a mutation can update a vehicle wherever it is cached (patchCachedVehicles).
 */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  /** One vehicle, or null when it is absent. */
  detail: (vehicleId: number) => [...vehicleKeys.all, 'detail', vehicleId] as const,
  /** Every vehicle of one client. */
  byOwner: (userId: number) => [...vehicleKeys.all, 'owner', userId] as const,
  /** A paged list and the filters it was asked with. */
  list: <F extends object>(name: string, filters: F) => [...vehicleKeys.all, 'list', name, filters] as const,
};

/** A vehicle's newest lock or unlock command (null when it never had one). */
export const commandKeys = {
  all: ['vehicle-commands'] as const,
  latest: (vehicleId: number) => [...commandKeys.all, vehicleId, 'latest'] as const,
};

export const deviceKeys = {
  all: ['devices'] as const,
  status: (deviceId: number) => [...deviceKeys.all, deviceId, 'status'] as const,
  free: (text: string) => [...deviceKeys.all, 'free', normalisedSearch(text)] as const,
};

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  /** Every company the signed-in user may choose (all pages). */
  choices: () => [...companyKeys.all, 'choices'] as const,
  detail: (id: number) => [...companyKeys.all, 'detail', id] as const,
  users: (id: number) => [...companyKeys.all, 'users', id] as const,
};

const subscriptionPlanKeys = { all: ['subscription-plans'] as const };

// Plans change with a release, not during a shift.
const PLANS_STALE_MS = 60 * 60_000;

/** Spec part 2 §7 and §9: a free-device search asks for 50 results, ordered by serial. */
export const FREE_DEVICE_SEARCH_SIZE = 50;

// Devices free up and get linked by anyone; a search answer is reused only for a moment.
const FREE_DEVICE_STALE_MS = 10_000;

// The server compares without case, so 'ab12' and ' AB12' are one search.
function normalisedSearch(text: string): string {
  return text.trim().toLowerCase();
}

/** GET /SubscriptionPlans: the plans a client may choose, shown by View account and Payment. */
export const subscriptionPlansQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: subscriptionPlanKeys.all,
    queryFn: () => api.subscriptionPlans.list(),
    staleTime: PLANS_STALE_MS,
  });

/**
 * GET /Devices: free devices (vehicleId eq 0) whose serial contains the text, 50 by serial; the
 * vehicle card's Change device and the installation's existing device search alike.
 */
export const freeDevicesQuery = (api: ApiClient, text: string) =>
  queryOptions({
    queryKey: deviceKeys.free(text),
    queryFn: async () =>
      (
        await api.devices.list({
          filter: and(eq('vehicleId', 0), contains('serialNumber', text.trim())),
          pageSize: FREE_DEVICE_SEARCH_SIZE,
          orderBy: [{ field: 'serialNumber', direction: 'asc' }],
        })
      ).items,
    staleTime: FREE_DEVICE_STALE_MS,
  });

/** GET /Vehicles?$filter=id eq {id}: one vehicle, or null. */
export const vehicleQuery = (api: ApiClient, vehicleId: number) =>
  queryOptions({
    queryKey: vehicleKeys.detail(vehicleId),
    queryFn: async () => (await api.vehicles.list({ filter: eq('id', vehicleId) })).items[0] ?? null,
  });

// Most clients have a handful of vehicles and one page holds them all; a fleet account has more.
const OWNER_VEHICLES_PAGE_SIZE = 100;

/**
 * GET /Vehicles?$filter=userId eq {id}: every vehicle of a client, one page after another until
 * all are in, so a fleet account's View account is never cut off at a page.
 */
export const ownerVehiclesQuery = (api: ApiClient, userId: number, pageSize = OWNER_VEHICLES_PAGE_SIZE) =>
  // The page size changes how the vehicles are fetched, not which: one cache entry per owner.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: vehicleKeys.byOwner(userId),
    queryFn: (): Promise<Page<Vehicle>> =>
      allPages((page) => api.vehicles.list({ filter: eq('userId', userId), pageSize, ...page })),
  });

/** The next page of a server list, or undefined once everything is loaded (or a page came back empty). */
export function nextPageIndex<T>(lastPage: Page<T>, pages: readonly Page<T>[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return lastPage.items.length > 0 && loaded < lastPage.totalCount ? lastPage.pageIndex + 1 : undefined;
}

/** Every item of an infinite list's loaded pages, in order. */
export const pageItems = <T>(data: InfiniteData<Page<T>> | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

// ---------------------------------------------------------------------------------------------
// A vehicle wherever it is cached.

/** How one vehicle changes: given the cached vehicle, the vehicle to cache instead. */
export type VehiclePatch = (vehicle: Vehicle) => Vehicle;

function isVehicle(value: unknown): value is Vehicle {
  return typeof value === 'object' && value !== null && typeof (value as Vehicle).id === 'number';
}

function isPage(value: unknown): value is Page<Vehicle> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page<Vehicle>).items);
}

function isInfinite(value: unknown): value is InfiniteData<Page<Vehicle>> {
  return typeof value === 'object' && value !== null && Array.isArray((value as InfiniteData<unknown>).pages);
}

function patchPage(page: Page<Vehicle>, patches: ReadonlyMap<number, VehiclePatch>): Page<Vehicle> {
  let changed = false;
  const items = page.items.map((vehicle) => {
    const patch = patches.get(vehicle.id);
    if (!patch) return vehicle;
    changed = true;
    return patch(vehicle);
  });
  return changed ? { ...page, items } : page;
}

/**
 * The cached data with the patches applied, or undefined when it holds none of their vehicles, so
 * the query is left alone: its observers, and the components of the other vehicles, are not told.
 * Vehicles not patched keep their identity, so a memoised card of another vehicle does not render.
 */
function patchedData(data: unknown, patches: ReadonlyMap<number, VehiclePatch>): unknown {
  if (isInfinite(data)) {
    const pages = data.pages.map((page) => patchPage(page, patches));
    return pages.some((page, index) => page !== data.pages[index]) ? { ...data, pages } : undefined;
  }
  if (isPage(data)) {
    const page = patchPage(data, patches);
    return page === data ? undefined : page;
  }
  if (isVehicle(data)) {
    const patch = patches.get(data.id);
    return patch ? patch(data) : undefined;
  }
  return undefined;
}

/**
 * Applies what the server or the hub said about some vehicles to every cached query that holds
 * them: a vehicle's detail, a client's vehicles, the vehicle tabs' and onboarding pages. This is
 * the one place a vehicle's server facts change in the app; every screen reads them from there.
 */
export function patchCachedVehicles(
  queryClient: QueryClient,
  patches: ReadonlyMap<number, VehiclePatch>,
): void {
  if (patches.size === 0) return;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: vehicleKeys.all })) {
    const next = patchedData(query.state.data, patches);
    // Writes only the queries that changed: a write stamps the query, and its observers look again.
    if (next !== undefined) queryClient.setQueryData(query.queryKey, next);
  }
}

/** patchCachedVehicles for one vehicle. */
export function patchCachedVehicle(queryClient: QueryClient, vehicleId: number, patch: VehiclePatch): void {
  patchCachedVehicles(queryClient, new Map([[vehicleId, patch]]));
}

/** Every vehicle the cached vehicle queries hold (one, a page, or an infinite list's pages). */
export function cachedVehicles(queryClient: QueryClient): Vehicle[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: vehicleKeys.all })
    .flatMap(({ state: { data } }): Vehicle[] =>
      isInfinite(data)
        ? data.pages.flatMap((page) => page.items)
        : isPage(data)
          ? data.items
          : isVehicle(data)
            ? [data]
            : [],
    );
}

/** The vehicle as some cached query holds it, or undefined when none does. */
export function findCachedVehicle(queryClient: QueryClient, vehicleId: number): Vehicle | undefined {
  return cachedVehicles(queryClient).find((vehicle) => vehicle.id === vehicleId);
}

// ---------------------------------------------------------------------------------------------
// A vehicle's newest command.

/**
 * How far a command has got; a late answer must not move it back (Delivered, then the PUT's
 * Pending; a held lock's release, then its WaitingForSlowdown).
 */
const STAGE: Record<DeviceCommand['status'], number> = {
  WaitingForSlowdown: 0,
  Pending: 1,
  Delivered: 2,
  Confirmed: 3,
  Failed: 3,
  Expired: 3,
  Cancelled: 3,
};

/** The newer of two views of a vehicle's newest command: the later command, else the further status. */
export function newerCommand(
  a: DeviceCommand | null | undefined,
  b: DeviceCommand | null | undefined,
): DeviceCommand | null {
  if (!a) return b ?? null;
  if (!b) return a;
  if (a.id !== b.id) return a.id > b.id ? a : b;
  return STAGE[b.status] >= STAGE[a.status] ? b : a;
}

/**
 * A command the server answered or the hub announced becomes the vehicle's newest command in the
 * cache, unless the cache already holds a later one or the same one further along.
 */
export function receiveCommand(queryClient: QueryClient, command: DeviceCommand): void {
  queryClient.setQueryData<DeviceCommand | null>(commandKeys.latest(command.vehicleId), (cached) =>
    newerCommand(cached, command),
  );
}

// ---------------------------------------------------------------------------------------------
// Alarms: the queue's tabs, one alarm's page, the response figures.

export const alarmKeys = {
  all: ['alarms'] as const,
  /** Every queue tab's pages (an infinite query of Page<Alarm> per tab). */
  queues: () => [...alarmKeys.all, 'queue'] as const,
  queue: (tab: AlarmQueueTab) => [...alarmKeys.queues(), tab] as const,
  /** GET /Alarms/{id}: the alarm, its timeline and its contacts. */
  detail: (alarmId: number) => [...alarmKeys.all, 'detail', alarmId] as const,
  figures: (from: string, to: string) => [...alarmKeys.all, 'figures', from, to] as const,
};

/** The queue tab an alarm belongs in, or null once resolved (it leaves the queue). */
export function alarmQueueTab(alarm: Pick<Alarm, 'state'>): AlarmQueueTab | null {
  if (alarm.state === 'Open') return 'Open';
  if (alarm.state === 'Resolved') return null;
  return 'Acknowledged';
}

type AlarmListener = (alarm: Alarm) => void;
const alarmListeners = new WeakMap<QueryClient, Set<AlarmListener>>();

/**
 * Tells `listener` of every alarm the server answered or the hub announced, after the cache holds
 * it (the alarm watcher rings on a new one). An event, not a store: the alarm itself is read from
 * the cache.
 */
export function onAlarmReceived(queryClient: QueryClient, listener: AlarmListener): () => void {
  const listeners = alarmListeners.get(queryClient) ?? new Set<AlarmListener>();
  alarmListeners.set(queryClient, listeners);
  const entry: AlarmListener = (alarm) => listener(alarm);
  listeners.add(entry);
  return () => listeners.delete(entry);
}

/**
 * An alarm as the server answered it (an action's answer, an AlarmChangedMessage) written wherever
 * the cache holds it: its page, and the queue pages it is on. A tab it entered or left asks the
 * server again (its order and counts are the server's), without cancelling a request under way, so
 * a burst of messages sends one; its page's timeline is asked again too, as a message has none.
 */
export function receiveAlarm(queryClient: QueryClient, alarm: Alarm): void {
  const detailKey = alarmKeys.detail(alarm.id);
  if (queryClient.getQueryData<AlarmDetail>(detailKey) !== undefined) {
    queryClient.setQueryData<AlarmDetail>(detailKey, (cached) => cached && { ...cached, alarm });
    void queryClient.invalidateQueries({ queryKey: detailKey }, { cancelRefetch: false });
  }
  const tab = alarmQueueTab(alarm);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: alarmKeys.queues() })) {
    const data = query.state.data as InfiniteData<Page<Alarm>> | undefined;
    const queryTab = query.queryKey[2] as AlarmQueueTab;
    const held = data?.pages.some((page) => page.items.some((item) => item.id === alarm.id)) ?? false;
    if (held && queryTab === tab) {
      queryClient.setQueryData<InfiniteData<Page<Alarm>>>(query.queryKey, (cached) =>
        cached
          ? {
              ...cached,
              pages: cached.pages.map((page) =>
                page.items.some((item) => item.id === alarm.id)
                  ? { ...page, items: page.items.map((item) => (item.id === alarm.id ? alarm : item)) }
                  : page,
              ),
            }
          : cached,
      );
    } else if (held || queryTab === tab) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
    }
  }
  for (const listener of [...(alarmListeners.get(queryClient) ?? [])]) listener(alarm);
}
