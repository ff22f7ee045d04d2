/*
 * Which roles reach a route: the route table declares it on the route (its `handle`), with the
 * domain's role lists that the api's routes are configured with, so a screen and its calls agree.
 * The guard shows the refusal instead of a screen whose calls would answer 403, and the menus offer
 * only what the role reaches; both read the one declaration.
 */
import { useAtomValue } from 'jotai';
import { matchRoutes, Outlet, useMatches, useNavigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { RoleName } from '@sentinel/domain';
import { PageHeader } from '@sentinel/ui';
import { ReachesContext } from '../features/agent-shell/hooks/use-reaches';
import { authorisedUserAtom } from '../lib/session';

/**
 * The api's words when a role may not make a call (its 403 answer); the routes test checks them
 * against the api's own answer.
 */
export const ROLE_REFUSAL = 'Your role does not allow this request.';

/** A route's `handle`: the roles that reach it and everything below it. */
export interface RouteAccess {
  readonly roles: readonly RoleName[];
  /** What another role reads instead of the screen. @default ROLE_REFUSAL */
  readonly refusal?: string;
}

/** The handle of a route that only these roles reach (the roles the api gives the screen's calls). */
export function reachedBy(roles: readonly RoleName[], refusal?: string): RouteAccess {
  return refusal === undefined ? { roles } : { roles, refusal };
}

function isRouteAccess(handle: unknown): handle is RouteAccess {
  return typeof handle === 'object' && handle !== null && Array.isArray((handle as RouteAccess).roles);
}

/** The first restriction on the way to a route (its matches' handles) that the role does not pass. */
export function refusalOn(role: string, handles: readonly unknown[]): RouteAccess | undefined {
  return handles.filter(isRouteAccess).find((access) => !(access.roles as readonly string[]).includes(role));
}

/**
 * Answers already worked out, per route table and then by role and path. matchRoutes flattens and
 * ranks the whole table on every call, and the menus ask for every item and tab on every render of
 * the agent layout; a table's answers never change, so each is worked out once. A table's paths
 * with ids in them (a client's tabs) are few per session; past MAX_CACHED the map starts again.
 */
const reached = new WeakMap<RouteObject[], Map<string, boolean>>();
const MAX_CACHED = 500;

/** Whether a role reaches a path of the route table; an unknown path is not reached. */
export function roleReaches(routes: RouteObject[], role: string, path: string): boolean {
  let answers = reached.get(routes);
  if (answers === undefined || answers.size >= MAX_CACHED) {
    answers = new Map();
    reached.set(routes, answers);
  }
  const key = `${role}\n${path}`;
  const known = answers.get(key);
  if (known !== undefined) return known;
  const matches = matchRoutes(routes, path);
  const answer =
    matches !== null &&
    refusalOn(
      role,
      matches.map((match) => match.route.handle),
    ) === undefined;
  answers.set(key, answer);
  return answer;
}

/** Tells the menus below it which paths the signed-in role reaches in `routes`. */
export function ReachesProvider({ routes }: { routes: () => RouteObject[] }) {
  const role = useAtomValue(authorisedUserAtom)?.userRole ?? '';
  return (
    <ReachesContext.Provider value={(path) => roleReaches(routes(), role, path)}>
      <Outlet />
    </ReachesContext.Provider>
  );
}

/** The routed screen, or the refusal when the route is not for the signed-in role. */
export function RoleGuard() {
  const role = useAtomValue(authorisedUserAtom)?.userRole ?? '';
  const matches = useMatches();
  const navigate = useNavigate();
  const refused = refusalOn(
    role,
    matches.map((match) => match.handle),
  );
  if (refused === undefined) return <Outlet />;
  return (
    <section className="role-refusal">
      <PageHeader title={refused.refusal ?? ROLE_REFUSAL} onBack={() => void navigate(-1)} />
    </section>
  );
}
