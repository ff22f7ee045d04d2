import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from './test/processes';

/** Debian's prometheus package, which `npm test` installs. */
const PROMTOOL = '/usr/bin/promtool';
const HAS_PROMTOOL = existsSync(PROMTOOL);
const PROMETHEUS_DIR = fileURLToPath(new URL('../prometheus', import.meta.url));
const DASHBOARD = fileURLToPath(new URL('../grafana/sentinel.json', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Dashboard {
  uid: string;
  title: string;
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
}

async function dashboard(): Promise<Dashboard> {
  return JSON.parse(await readFile(DASHBOARD, 'utf8')) as Dashboard;
}

async function alertsText(): Promise<string> {
  return readFile(join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8');
}

/** Every alert's name and its block of alerts.yml, in order. */
async function alerts(): Promise<{ name: string; block: string }[]> {
  const text = await alertsText();
  return text
    .split(/^ {6}- alert: /m)
    .slice(1)
    .map((block) => ({ name: block.slice(0, block.indexOf('\n')).trim(), block }));
}

/** The names the apps declare to prom-client (a histogram's series add _bucket, _sum and _count). */
async function declaredMetricNames(): Promise<Set<string>> {
  const files = [
    ...(await readdir(join(ROOT, 'apps/api/src/metrics')))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => join(ROOT, 'apps/api/src/metrics', file)),
    join(ROOT, 'apps/test-runner/src/metrics.ts'),
    join(ROOT, 'apps/device-gateway/src/metrics.ts'),
  ];
  const names = new Set<string>();
  for (const file of files) {
    for (const [, name] of (await readFile(file, 'utf8')).matchAll(/name: '(sentinel_\w+)'/g))
      names.add(name!);
  }
  return names;
}

const usedSentinelNames = (text: string) =>
  [...new Set(text.match(/\bsentinel_\w+/g) ?? [])].map((name) => name.replace(/_(bucket|sum|count)$/, ''));

describe('the alert rules and the dashboard, as text', () => {
  it('name only metrics the api, the gateway and the test-runner expose', async () => {
    const declared = await declaredMetricNames();
    const queries = (await dashboard()).panels
      .flatMap((panel) => panel.targets ?? [])
      .map((target) => target.expr);

    const used = usedSentinelNames([await alertsText(), ...queries].join('\n'));

    expect(declared.size).toBeGreaterThan(20);
    expect(used.filter((name) => !declared.has(name))).toEqual([]);
  });

  it('give every alert a severity, a summary, a description and its runbook section', async () => {
    const all = await alerts();

    expect(all.map((alert) => alert.name)).toEqual(
      expect.arrayContaining([
        'SentinelApiDown',
        'SentinelApiLatencyHigh',
        'SentinelIngestionLagHigh',
        'SentinelAlarmWaitingPastTarget',
        'SentinelHubDropsRising',
      ]),
    );
    for (const { name, block } of all) {
      expect(block, name).toMatch(/severity: (critical|warning)\n/);
      expect(block, name).toMatch(/summary: /);
      expect(block, name).toMatch(/description: /);
      expect(block, name).toContain(`runbook_url: 'deploy/README.md#${name.toLowerCase()}'`);
    }
  });

  it('has a dashboard panel with a query for every figure the alerts watch', async () => {
    const board = await dashboard();
    const queries = board.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);

    expect(board.uid).toBe('sentinel-overview');
    for (const name of usedSentinelNames(await alertsText())) {
      expect(
        queries.some((query) => query.includes(name)),
        name,
      ).toBe(true);
    }
  });
});

describe.skipIf(!HAS_PROMTOOL)(
  `promtool${HAS_PROMTOOL ? '' : ` (skipped: ${PROMTOOL} is missing; npm test installs Debian's prometheus package)`}`,
  () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'sentinel-promtool-'));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it('accepts the alert rules (promtool check rules)', async () => {
      const { code, output } = await runToEnd(PROMTOOL, ['check', 'rules', 'alerts.yml'], {
        cwd: PROMETHEUS_DIR,
      });

      expect(output).toContain(`SUCCESS: ${(await alerts()).length} rules found`);
      expect(code).toBe(0);
    });

    it('fires each alert on the figures it is meant for, and only then (promtool test rules)', async () => {
      const tests = await readFile(join(PROMETHEUS_DIR, 'alerts.test.yml'), 'utf8');
      const { code, output } = await runToEnd(PROMTOOL, ['test', 'rules', 'alerts.test.yml'], {
        cwd: PROMETHEUS_DIR,
      });

      expect(output).toContain('SUCCESS');
      expect(code).toBe(0);
      // Every alert has a case that expects it to fire.
      for (const { name } of await alerts()) {
        expect(tests, name).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels:`));
      }
    });

    it('accepts the example scrape configuration and the rules it loads (promtool check config)', async () => {
      const { code, output } = await runToEnd(PROMTOOL, ['check', 'config', 'prometheus.yml'], {
        cwd: PROMETHEUS_DIR,
      });

      expect(output).toContain('is valid prometheus config file syntax');
      expect(code).toBe(0);
    });

    it("accepts every dashboard query as PromQL, Grafana's variables filled in", async () => {
      const queries = (await dashboard()).panels
        .flatMap((panel) => panel.targets ?? [])
        .map((target) => target.expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*'));
      // Each query as a recording rule: promtool parses its expression. JSON strings are YAML's too.
      const rules = [
        'groups:',
        '  - name: dashboard',
        '    rules:',
        ...queries.flatMap((expr, index) => [
          `      - record: dashboard:query_${index}`,
          `        expr: ${JSON.stringify(expr)}`,
        ]),
      ].join('\n');
      const file = join(folder, 'dashboard-queries.yml');
      await writeFile(file, `${rules}\n`);

      const { code, output } = await runToEnd(PROMTOOL, ['check', 'rules', file]);

      expect(output).toContain(`SUCCESS: ${queries.length} rules found`);
      expect(code).toBe(0);
    });
  },
);
