import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { ALARM_KIND_DEFAULTS, ROLE } from '@sentinel/domain';
import type { AlarmFigures, AlarmKind, AlarmState } from '@sentinel/domain';
import { build } from '../index';
import { DEMO_SIGN_INS } from '../db/seed';
import { demoTokens } from '../test-support/demo-tokens';
import { alarmFigures } from './figure-queries';
import { ALARM_FIGURES_CSV_COLUMNS } from './figure-routes';

/*
 * Alarms with known times, inserted straight into the table, in March 2024 (no other test's or
 * the seed's alarms fall there). Johannesburg is UTC+2: its 2 March starts at 22:00 UTC on 1 March.
 */
let app: FastifyInstance;
const tokens: Record<string, string> = {};
/** Two vehicles of the Company-Admin's companies, and one outside them. */
let inScope: number;
let inScopeToo: number;
let outOfScope: number;

const after = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

async function insertAlarm(
  vehicleId: number,
  kind: AlarmKind,
  openedAt: string,
  { acknowledged, resolved }: { acknowledged?: number; resolved?: number } = {},
): Promise<void> {
  const state: AlarmState =
    resolved !== undefined ? 'Resolved' : acknowledged !== undefined ? 'Acknowledged' : 'Open';
  await app.db
    .insertInto('alarms')
    .values({
      vehicleId,
      kind,
      priority: ALARM_KIND_DEFAULTS[kind].priority,
      state,
      acknowledgeWithinSeconds: ALARM_KIND_DEFAULTS[kind].acknowledgeWithinSeconds,
      openedAt,
      lastEventAt: openedAt,
      acknowledgedAt: acknowledged === undefined ? null : after(openedAt, acknowledged),
      acknowledgedByUserId: null,
      escalatedAt: null,
      resolvedAt: resolved === undefined ? null : after(openedAt, resolved),
      resolvedByUserId: null,
      resolution: resolved === undefined ? null : 'FalseAlarm',
      resolutionNote: null,
    })
    .execute();
}

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
  const companyAdmin = DEMO_SIGN_INS.find((demo) => demo.role === ROLE.companyAdmin)!;
  const { id: companyAdminId } = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', companyAdmin.email)
    .executeTakeFirstOrThrow();
  const companyIds = (
    await app.db
      .selectFrom('companyUsers')
      .select('companyId')
      .where('userId', '=', companyAdminId)
      .where('role', '=', ROLE.companyAdmin)
      .execute()
  ).map((row) => row.companyId);
  const linked = app.db.selectFrom('companyUsers').select('userId').where('companyId', 'in', companyIds);
  const inside = await app.db
    .selectFrom('vehicles')
    .select('id')
    .where('userId', 'in', linked)
    .orderBy('id')
    .limit(2)
    .execute();
  const outside = await app.db
    .selectFrom('vehicles')
    .select('id')
    .where('userId', 'not in', linked)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  [inScope, inScopeToo] = inside.map((row) => row.id) as [number, number];
  outOfScope = outside.id;
  expect(inScopeToo).toBeDefined();

  // 1 March, one second before Johannesburg's midnight: a Tamper acknowledged in 5 s, resolved in 50.
  await insertAlarm(inScope, 'Tamper', '2024-03-01T21:59:59.000Z', { acknowledged: 5, resolved: 50 });
  // 2 March from its first instant: five Tampers (target 60 s), two acknowledged late, one not resolved.
  await insertAlarm(inScope, 'Tamper', '2024-03-01T22:00:00.000Z', { acknowledged: 10, resolved: 100 });
  await insertAlarm(inScope, 'Tamper', '2024-03-01T23:00:00.000Z', { acknowledged: 20, resolved: 200 });
  await insertAlarm(inScope, 'Tamper', '2024-03-02T01:00:00.000Z', { acknowledged: 30, resolved: 300 });
  await insertAlarm(inScope, 'Tamper', '2024-03-02T02:00:00.000Z', { acknowledged: 90, resolved: 400 });
  await insertAlarm(inScopeToo, 'Tamper', '2024-03-02T03:00:00.000Z', { acknowledged: 120 });
  // A GPS-lost alarm nobody has taken: long past its 300 s, with no times to count.
  await insertAlarm(inScope, 'GpsLost', '2024-03-02T10:00:00.000Z');
  // A power cut on a vehicle outside the Company-Admin's companies.
  await insertAlarm(outOfScope, 'PowerCut', '2024-03-02T05:00:00.000Z', { acknowledged: 30, resolved: 60 });
  // Outside 1-3 March in Johannesburg: the evening before, and the first instant of 4 March.
  await insertAlarm(inScope, 'Tamper', '2024-02-29T21:59:59.000Z', { acknowledged: 1, resolved: 2 });
  await insertAlarm(inScope, 'Tamper', '2024-03-03T22:00:00.000Z', { acknowledged: 1, resolved: 2 });
});

afterAll(async () => {
  await app.close();
});

function get(url: string, role: string, query: Record<string, string>) {
  return app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${tokens[role]}` } });
}

const MARCH = { from: '2024-03-01', to: '2024-03-03' };

const firstOfMarch = {
  day: '2024-03-01',
  kind: 'Tamper',
  alarms: 1,
  breached: 0,
  acknowledgeMedianSeconds: 5,
  acknowledgeP90Seconds: 5,
  resolveMedianSeconds: 50,
  resolveP90Seconds: 50,
};
const secondOfMarchTamper = {
  day: '2024-03-02',
  kind: 'Tamper',
  alarms: 5,
  breached: 2,
  // 10, 20, 30, 90, 120: the middle one, and 90 + 0.6 × (120 - 90) at the 90th percentile.
  acknowledgeMedianSeconds: 30,
  acknowledgeP90Seconds: 108,
  // 100, 200, 300, 400 (the fifth is not resolved): between the middle two, and 300 + 0.7 × 100.
  resolveMedianSeconds: 250,
  resolveP90Seconds: 370,
};
const secondOfMarchPowerCut = {
  day: '2024-03-02',
  kind: 'PowerCut',
  alarms: 1,
  breached: 0,
  acknowledgeMedianSeconds: 30,
  acknowledgeP90Seconds: 30,
  resolveMedianSeconds: 60,
  resolveP90Seconds: 60,
};
const secondOfMarchGpsLost = {
  day: '2024-03-02',
  kind: 'GpsLost',
  alarms: 1,
  breached: 1,
  acknowledgeMedianSeconds: null,
  acknowledgeP90Seconds: null,
  resolveMedianSeconds: null,
  resolveP90Seconds: null,
};

describe('GET /Alarms/Figures', () => {
  it('answers a row per Johannesburg day and kind with its counts, medians and 90th percentiles', async () => {
    const response = await get('/Alarms/Figures', 'Admin', MARCH);

    expect(response.statusCode).toBe(200);
    expect(response.json<AlarmFigures>().rows).toEqual([
      firstOfMarch,
      secondOfMarchTamper,
      secondOfMarchPowerCut,
      secondOfMarchGpsLost,
    ]);
  });

  it('counts an alarm opened at 23:59:59 in Johannesburg on that day, and one at midnight on the next', async () => {
    const response = await get('/Alarms/Figures', 'Technical-Agent', {
      from: '2024-03-02',
      to: '2024-03-02',
    });

    const rows = response.json<AlarmFigures>().rows;
    expect(rows.map((row) => [row.day, row.kind, row.alarms])).toEqual([
      ['2024-03-02', 'Tamper', 5],
      ['2024-03-02', 'PowerCut', 1],
      ['2024-03-02', 'GpsLost', 1],
    ]);
  });

  it("gives a Company-Admin the figures of their companies' vehicles only", async () => {
    const response = await get('/Alarms/Figures', 'Company-Admin', MARCH);

    expect(response.statusCode).toBe(200);
    expect(response.json<AlarmFigures>().rows).toEqual([
      firstOfMarch,
      secondOfMarchTamper,
      secondOfMarchGpsLost,
    ]);
  });

  it('reads the period a page at a time to the same answer', async () => {
    const paged = await alarmFigures(app.db, { kind: 'all' }, MARCH, { pageSize: 2 });

    expect(paged).toEqual([firstOfMarch, secondOfMarchTamper, secondOfMarchPowerCut, secondOfMarchGpsLost]);
  });

  it('answers no rows for days without alarms, and takes 92 days', async () => {
    const response = await get('/Alarms/Figures', 'Admin', { from: '2023-01-01', to: '2023-04-02' });

    expect(response.statusCode).toBe(200);
    expect(response.json<AlarmFigures>().rows).toEqual([]);
  });

  it.each([
    [{ from: '2024-03-05', to: '2024-03-01' }, 'To', 'To must be on or after From.'],
    [
      { from: '2024-01-01', to: '2024-04-02' },
      'To',
      'Figures cover at most 92 days: choose a To closer to From.',
    ],
    [{ from: '2024-02-30', to: '2024-03-01' }, 'From', 'From must be a date, YYYY-MM-DD.'],
    [{ from: '2024-03-01', to: '03/02/2024' }, 'To', 'To must be a date, YYYY-MM-DD.'],
  ])('refuses %j with a 400 at the field', async (query, field, message) => {
    const response = await get('/Alarms/Figures', 'Admin', query);

    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({ [field]: [message] });
  });

  it('refuses a missing day with a 400 at its field', async () => {
    const response = await get('/Alarms/Figures', 'Admin', { to: '2024-03-01' });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['From']);
  });

  it('is for staff only', async () => {
    const response = await get('/Alarms/Figures', 'Account-Holder', MARCH);

    expect(response.statusCode).toBe(403);
  });
});

describe('GET /Alarms/Figures.csv', () => {
  it('downloads the same rows as a CSV file with a header line', async () => {
    const response = await get('/Alarms/Figures.csv', 'Admin', MARCH);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Alarm-figures-2024-03-01-to-2024-03-03.csv"',
    );
    const lines = parse(response.body) as string[][];
    expect(lines[0]).toEqual([...ALARM_FIGURES_CSV_COLUMNS]);
    expect(lines.slice(1)).toHaveLength(4);
    expect(lines[2]).toEqual(['2024-03-02', 'Tamper alert', '5', '2', '30', '108', '250', '370']);
    expect(lines[4]).toEqual(['2024-03-02', 'GPS signal lost', '1', '1', '', '', '', '']);
  });

  it('refuses a bad period as the figures do', async () => {
    const response = await get('/Alarms/Figures.csv', 'Admin', { from: '2024-03-05', to: '2024-03-01' });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['To']);
  });
});
