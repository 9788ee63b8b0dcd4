import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireSearches } from '../../server/matchmaking/queue.ts';
import { createMetrics } from '../../server/metrics/metrics.ts';
import { fundedPlayer, pairedRps, playRpsToEnd, started } from './gameHarness.ts';
import { addressOf, databaseKinds, startTestApp, uniqueName, type TestApp } from './harness.ts';
import { parse, scrapeText, type Sample } from './metricsKit.ts';

/**
 * ops/ (issue 37): the alert rules pass promtool's own check and unit tests, and every metric the rules
 * and the Grafana dashboard ask for is one a real server exports — a renamed metric would otherwise
 * leave an alert that can never fire and a panel that says "No data", and nobody would notice.
 */

const run = promisify(execFile);
const OPS = new URL('../../ops/', import.meta.url).pathname;

/** promtool's output on failure says which rule or case broke; vitest would only show "exit code 1". */
async function promtool(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('promtool', args, { cwd: OPS });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error("promtool is not installed: .ci/run installs it (Debian's prometheus package); here: apt-get install -y prometheus");
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

describe('ops/alerts.yml under promtool', () => {
  it('passes promtool check rules', async () => {
    expect(await promtool('check', 'rules', 'alerts.yml')).toMatch(/SUCCESS/);
  });
  it('passes promtool test rules (a firing and a quiet case per alert)', async () => {
    expect(await promtool('test', 'rules', 'alerts.test.yml')).toMatch(/SUCCESS/);
  });
  it('has a firing and a quiet case for every alert', () => {
    const names = alertRules().map((r) => r.alert);
    expect(names.length).toBeGreaterThan(8);
    const cases = ruleTestCases();
    for (const name of names) {
      const mine = cases.filter((c) => c.alertname === name);
      expect(mine.some((c) => c.fires), `${name} never fires in alerts.test.yml`).toBe(true);
      expect(mine.some((c) => !c.fires), `${name} is never tested quiet in alerts.test.yml`).toBe(true);
    }
  });
});

/*
 * The two YAML files are read with a few lines of parsing, not a YAML library the project does not
 * have: each rule is `- alert: Name` then `expr:` (inline, or a `|` block indented under it); each case is
 * `alertname:` then `exp_alerts: []` (quiet) or `exp_alerts:` with items (fires). promtool itself
 * parses the files for real in the tests above, so a layout this misreads fails there or here.
 */
function alertRules(): { alert: string; expr: string }[] {
  const lines = readFileSync(`${OPS}alerts.yml`, 'utf8').split('\n');
  const rules: { alert: string; expr: string }[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const alert = /^\s*- alert: (\S+)\s*$/.exec(lines[i]!);
    if (alert) rules.push({ alert: alert[1]!, expr: '' });
    const expr = /^(\s*)expr: (.*)$/.exec(lines[i]!);
    if (!expr) continue;
    const rule = rules[rules.length - 1];
    if (!rule) throw new Error(`alerts.yml line ${i + 1}: an expr before any alert`);
    if (expr[2]!.trim() !== '|') {
      rule.expr = expr[2]!.trim();
      continue;
    }
    const body: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1]!.trim() === '' || lines[i + 1]!.search(/\S/) > expr[1]!.length)) body.push(lines[(i += 1)]!.trim());
    rule.expr = body.join(' ').trim();
  }
  for (const rule of rules) if (rule.expr === '') throw new Error(`alerts.yml: ${rule.alert} has no expr`);
  return rules;
}

function ruleTestCases(): { alertname: string; fires: boolean }[] {
  const lines = readFileSync(`${OPS}alerts.test.yml`, 'utf8').split('\n');
  const cases: { alertname: string; fires: boolean }[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const name = /^\s*alertname: (\S+)\s*$/.exec(lines[i]!);
    if (!name) continue;
    const exp = /^\s*exp_alerts:(.*)$/.exec(lines[i + 1] ?? '');
    if (!exp) throw new Error(`alerts.test.yml line ${i + 2}: exp_alerts expected after alertname`);
    const inline = exp[1]!.trim();
    cases.push({ alertname: name[1]!, fires: inline === '' ? /^\s*- /.test(lines[i + 2] ?? '') : inline !== '[]' });
  }
  return cases;
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);
/** Aggregations may stand apart from their parenthesis (`sum by (x) (...)`), so they are not caught as calls. */
const AGGREGATIONS = new Set(['sum', 'min', 'max', 'avg', 'group', 'stddev', 'stdvar', 'count', 'count_values', 'bottomk', 'topk', 'quantile']);

/**
 * The metric names a PromQL expression reads. Strings, label matchers, ranges and Grafana's `$vars` are
 * removed first, and the label lists of by/without/on/ignoring/group_*; what is left that is an
 * identifier and not a function call or a keyword is a metric name.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' $1 ')
    .replace(/\boffset\s+\S+/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.:])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*\()/g)) {
    const word = match[1]!.toLowerCase();
    if (!KEYWORDS.has(word) && !AGGREGATIONS.has(word)) names.add(match[1]!);
  }
  return [...names];
}

/** The grouping labels an expression aggregates by (by (...)), to be found on the metrics' samples. */
function groupingLabels(expr: string): string[] {
  return [...expr.matchAll(/\bby\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()).filter(Boolean));
}

describe('metricNames (the extractor the check below relies on)', () => {
  it('finds metric names and nothing else', () => {
    expect(metricNames('histogram_quantile(0.99, sum by (mode, le) (rate(duel_move_duration_seconds_bucket{node=~"$node"}[$__rate_interval]))) > 0.25')).toEqual([
      'duel_move_duration_seconds_bucket',
    ]);
    expect(metricNames('max by (mode, bet) (duel_searchers) >= 2')).toEqual(['duel_searchers']);
    expect(metricNames('(sum(increase(duel_deposits_seen_total[12h])) or vector(0)) == 0')).toEqual(['duel_deposits_seen_total']);
    expect(metricNames('a_total / on (node) group_left b offset 5m unless c{x="y or z"}').sort()).toEqual(['a_total', 'b', 'c']);
  });
});

interface Dashboard {
  schemaVersion: number;
  templating: { list: { name: string; type: string; query?: string | { query: string } }[] };
  panels: { title: string; type: string; targets?: { expr: string }[] }[];
}

const alertExprs = (): { where: string; expr: string }[] => alertRules().map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }));
const dashboard = (): Dashboard => JSON.parse(readFileSync(`${OPS}grafana-dashboard.json`, 'utf8')) as Dashboard;

/** Histograms are read through their series' suffixes; the scrape's `# TYPE` line names the family. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name!}${suffix}`);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name!}${suffix}`);
  }
  return names;
}

// The richest setup this machine offers: node-postgres (pool gauges) when TEST_DATABASE_URL is set,
// Redis (duel_redis_up) when REDIS_URL is.
const kind = databaseKinds[databaseKinds.length - 1]!;
const redisUrl = process.env.REDIS_URL;

describe(`ops/ queries against a scraped server [${kind}${redisUrl ? ', redis' : ''}]`, () => {
  let t: TestApp;
  let text = '';
  let samples: Sample[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { METRICS_PORT: '0', NODE_NAME: 'ops-node', AUTH_RATE_LIMIT_MAX: '2', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    const server = t.app.metricsServer();
    if (!server) throw new Error('no metrics server');
    // Activity, so the labelled series the queries group by exist: a game played to its end (moves,
    // search waits, timeouts, games ended, deposits), a search that times out, a limited sign-in, and a
    // player left waiting in a queue at the scrape.
    const [a, b, c, d] = await Promise.all([fundedPlayer(t, 20), fundedPlayer(t, 20), fundedPlayer(t, 20), fundedPlayer(t, 20)]);
    await playRpsToEnd(t, a, b, await pairedRps(t.app, a, b, 1));
    expect((await started(t.app, c, 'rps', 0)).status).toBe('searching');
    expect(await expireSearches(t.app.services, Date.now() + t.config.games.searchTimeoutMs + 1000)).toBe(1);
    const victim = uniqueName('ops-victim');
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: victim, password: 'wrong-password' }, remoteAddress: addressOf(victim) });
    }
    expect((await started(t.app, d, 'rps', 0)).status).toBe('searching');
    text = await scrapeText(server.address().port);
    samples = parse(text);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Names this configuration does not register (pool, Redis) must be ones the full configuration does. */
  const fullOnly = async (): Promise<Set<string>> => {
    const full = exportedNames(await createMetrics('x', { pool: true, redis: true }).registry.metrics());
    const bare = exportedNames(await createMetrics('x', { pool: false, redis: false }).registry.metrics());
    return new Set([...full].filter((n) => !bare.has(n)));
  };

  async function expectExported(queries: { where: string; expr: string }[]): Promise<void> {
    const exported = exportedNames(text);
    const conditional = await fullOnly();
    const missing: string[] = [];
    for (const { where, expr } of queries) {
      const names = metricNames(expr);
      expect(names.length, `${where}: no metric in ${expr}`).toBeGreaterThan(0);
      for (const name of names) {
        // `up` is Prometheus's own series about each scrape.
        if (name === 'up' || exported.has(name)) continue;
        if (conditional.has(name) && !(name.startsWith('duel_db_pool_') ? kind === 'postgres' : redisUrl)) continue;
        missing.push(`${where}: ${name}`);
      }
      // Grouping by a label the metrics do not have yields one unlabelled line: check it where a sample exists.
      const withSamples = names.filter((n) => samples.some((s) => s.name === n));
      for (const label of groupingLabels(expr)) {
        if (withSamples.length === 0) continue;
        expect(
          withSamples.some((n) => samples.some((s) => s.name === n && label in s.labels)),
          `${where}: by (${label}) but no sample of ${withSamples.join(', ')} has that label`,
        ).toBe(true);
      }
    }
    expect(missing, 'names the server does not export').toEqual([]);
  }

  it('exports every metric ops/alerts.yml reads', async () => {
    await expectExported(alertExprs());
  });

  it('exports every metric the dashboard panels and its node variable read', async () => {
    const d = dashboard();
    expect(d.schemaVersion).toBeGreaterThanOrEqual(36);
    const queries = d.panels
      .filter((p) => p.type !== 'row')
      .flatMap((p) => {
        expect(p.targets?.length ?? 0, `panel ${p.title} has no query`).toBeGreaterThan(0);
        return (p.targets ?? []).map((target) => ({ where: `panel ${p.title}`, expr: target.expr }));
      });
    expect(queries.length).toBeGreaterThan(20);
    await expectExported(queries);

    const variable = d.templating.list.find((v) => v.name === 'node');
    const query = typeof variable?.query === 'string' ? variable.query : variable?.query?.query;
    const [, metric, label] = /^label_values\((\w+),\s*(\w+)\)$/.exec(query ?? '') ?? [];
    expect(metric, `node variable query: ${query}`).toBeDefined();
    expect(samples.some((s) => s.name === metric && s.labels[label!] === 'ops-node'), `${metric} has no sample labelled ${label}="ops-node"`).toBe(true);
    expect(d.templating.list.some((v) => v.type === 'datasource')).toBe(true);
  });

  it('has the samples the rules and panels group by after that activity', () => {
    // The activity above really made the labelled series (otherwise the label checks would pass empty).
    for (const name of ['duel_moves_total', 'duel_move_duration_seconds_bucket', 'duel_search_wait_seconds_bucket', 'duel_searchers', 'duel_games_ended_total', 'duel_search_timeouts_total', 'duel_limiter_refusals_total', 'duel_sign_ins_total', 'duel_deposits_seen_total']) {
      expect(samples.some((s) => s.name === name), name).toBe(true);
    }
  });
});
