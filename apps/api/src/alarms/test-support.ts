/*
 * Set-up the alarm tests share: a listening api, the demo staff signed in over HTTP, calls to the
 * alarm routes as each of them, and device reports through the real telemetry route.
 */
import { expect } from 'vitest';
import type { Alarm, AlarmDetail, Page, RoleName } from '@sentinel/domain';
import { postTelemetry, signIn, startApi } from '../live/test-support';
import type { RunningApi, TrackedVehicle } from '../live/test-support';
import type { BuildOptions } from '../app';

export interface AlarmApi extends RunningApi {
  tokens: Record<'Admin' | 'Technical-Agent' | 'Company-Admin', string>;
}

export async function startAlarmApi(options: BuildOptions = {}): Promise<AlarmApi> {
  const api = await startApi(options);
  const tokens = {
    Admin: (await signIn(api.url, 'Admin')).accessToken,
    'Technical-Agent': (await signIn(api.url, 'Technical-Agent')).accessToken,
    'Company-Admin': (await signIn(api.url, 'Company-Admin')).accessToken,
  };
  return { ...api, tokens };
}

/** One call to the api as a demo staff member; answers the status and the parsed body. */
export async function call<T = unknown>(
  api: AlarmApi,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  role: Exclude<RoleName, 'Account-Holder'> = 'Admin',
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${api.tokens[role]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** A device report, stored before it answers. */
export async function report(api: AlarmApi, vehicle: TrackedVehicle, body: object): Promise<void> {
  const response = await postTelemetry(api.url, vehicle, body);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A timestamp `secondsAgo` before now, as a device sends it. */
export const ago = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

/** Every alarm of the vehicle (any state), oldest first, read from the database. */
export function alarmsOfVehicle(api: AlarmApi, vehicleId: number) {
  return api.app.db
    .selectFrom('alarms')
    .selectAll()
    .where('vehicleId', '=', vehicleId)
    .orderBy('id')
    .execute();
}

export async function detail(api: AlarmApi, alarmId: number, role: 'Admin' | 'Company-Admin' = 'Admin') {
  const answer = await call<AlarmDetail>(api, 'GET', `/Alarms/${alarmId}`, undefined, role);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function queue(
  api: AlarmApi,
  query = '',
  role: Exclude<RoleName, 'Account-Holder'> = 'Admin',
): Promise<Page<Alarm>> {
  const answer = await call<Page<Alarm>>(api, 'GET', `/Alarms${query}`, undefined, role);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/**
 * A timeline without the 'Message' lines of the messages the alarm sent (the holder's SMS and
 * e-mail, whose sending goes on beside the test): for the tests of the other entries.
 */
export const withoutMessages = <T extends { type: string }>(timeline: readonly T[]): T[] =>
  timeline.filter((entry) => entry.type !== 'Message');
