/**
 * deploy/observability names only metrics this server exports: every metric of the Grafana dashboard's
 * queries, of the alert rules and of the alert rules' unit tests is one a live server's /metrics has
 * (apps/api docs, Observability). A renamed metric fails here, not on a dark dashboard in production.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { exportedNames, metricNamesIn, scrape } from '../../test/metrics-kit';

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const FOLDER = join(REPOSITORY, 'deploy/observability');
const DOC = join(REPOSITORY, 'apps/api/docs/observability.md');

/** Series Prometheus makes itself for every target, not the server. */
const PROMETHEUS_OWN = new Set(['up']);

/** Every query of a Grafana dashboard: panels' `expr` (rows' nested panels too) and the variables' queries. */
function dashboardQueries(dashboard: unknown): string[] {
  const queries: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'expr' && typeof value === 'string') queries.push(value);
        else walk(value);
      }
    }
  };
  walk((dashboard as { panels?: unknown }).panels);
  for (const variable of (dashboard as { templating?: { list?: { type: string; query?: unknown }[] } })
    .templating?.list ?? []) {
    if (variable.type !== 'query') continue;
    const query =
      typeof variable.query === 'string' ? variable.query : (variable.query as { query?: string })?.query;
    if (query) queries.push(query);
  }
  return queries;
}

interface RuleFile {
  groups: {
    name: string;
    rules: { alert?: string; record?: string; expr: string; annotations?: Record<string, string> }[];
  }[];
}

/** The metric names `queries` use that `exported` lacks, each with the first query naming it. */
function unknownMetrics(queries: string[], exported: Set<string>): Record<string, string> {
  const unknown: Record<string, string> = {};
  for (const query of queries) {
    for (const name of metricNamesIn(query)) {
      if (!exported.has(name) && !PROMETHEUS_OWN.has(name)) unknown[name] ??= query;
    }
  }
  return unknown;
}

const dashboard: unknown = JSON.parse(readFileSync(join(FOLDER, 'grafana-dashboard.json'), 'utf8'));
const alerts = load(readFileSync(join(FOLDER, 'alerts.yml'), 'utf8')) as RuleFile;
const alertTests = load(readFileSync(join(FOLDER, 'alerts.test.yml'), 'utf8')) as {
  tests: { input_series: { series: string }[] }[];
};

describe('deploy/observability against a live /metrics', () => {
  let server: TestServer;
  let exported: Set<string>;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    exported = exportedNames(await scrape(server));
  });
  afterAll(() => server?.close());

  it('the scrape exports the santap_ metrics and the process ones', () => {
    expect(exported).toContain('santap_http_requests_total');
    expect(exported).toContain('santap_order_create_duration_seconds_bucket');
    expect(exported).toContain('santap_kitchen_boards_connected');
    expect(exported).toContain('process_cpu_seconds_total');
  });

  it('grafana-dashboard.json -> every metric its queries name is exported', () => {
    const queries = dashboardQueries(dashboard);
    expect(queries.length).toBeGreaterThan(20);
    expect(unknownMetrics(queries, exported)).toEqual({});
  });

  it('alerts.yml -> every metric its rules name is exported', () => {
    const rules = alerts.groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['SantapPaymentStuck', 'SantapKitchenBoardSilent', 'SantapHighErrorRate']),
    );
    expect(
      unknownMetrics(
        rules.map((rule) => rule.expr),
        exported,
      ),
    ).toEqual({});
  });

  it("alerts.test.yml -> its input series are the server's metrics", () => {
    const series = alertTests.tests.flatMap((test) => test.input_series.map((input) => input.series));
    expect(unknownMetrics(series, exported)).toEqual({});
  });

  it('a dashboard naming a metric the server does not export -> named as unknown', () => {
    const renamed = {
      panels: [
        {
          type: 'row',
          panels: [{ targets: [{ expr: 'sum(rate(santap_orders_placed_total[5m]))' }] }],
        },
      ],
      templating: {
        list: [{ type: 'query', query: { query: 'label_values(santap_boards, restaurant_id)' } }],
      },
    };
    expect(Object.keys(unknownMetrics(dashboardQueries(renamed), exported))).toEqual([
      'santap_orders_placed_total',
      'santap_boards',
    ]);
  });

  it('every alert -> its runbook is a section of apps/api/docs/observability.md', () => {
    const anchors = new Set(
      [...readFileSync(DOC, 'utf8').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map(([, heading]) =>
        heading!
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, '')
          .replace(/\s/g, '-'),
      ),
    );
    for (const rule of alerts.groups.flatMap((group) => group.rules)) {
      const runbook = rule.annotations?.runbook ?? '';
      expect(runbook, rule.alert).toMatch(/^apps\/api\/docs\/observability\.md#/);
      expect(anchors, rule.alert).toContain(runbook.split('#')[1]);
    }
  });
});

describe('metricNamesIn', () => {
  it.each([
    ['histogram_quantile(0.99, sum by (le) (rate(a_bucket{result="placed"}[5m])))', ['a_bucket']],
    [
      '(max by (restaurant_id) (b) == 1) unless on (restaurant_id) (sum by (restaurant_id) (c) > 0)',
      ['b', 'c'],
    ],
    ['max_over_time((sum by (x) (d))[7d:10m]) > 0 and e offset 1h', ['d', 'e']],
    [
      'sum(rate(f{status_code=~"5.."}[$__rate_interval])) / clamp_min(sum(rate(f[5m])), 1e-9) or vector(0)',
      ['f'],
    ],
    ['label_values(g, restaurant_id)', ['g']],
    ['up{job="santap-api"} == 0', ['up']],
  ])('%s -> %j', (query, names) => {
    expect(metricNamesIn(query)).toEqual(names);
  });
});
