/** Reading /metrics in tests: a scrape, one sample's value, the names exported, the names a query uses. */
import type { TestServer } from './harness';

/** The text of a loopback scrape (the test server listens on 127.0.0.1). */
export async function scrape(server: TestServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

/** `name{a="1",b="2"} 3` -> its labels. */
function labelsOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** Every sample of one metric: its labels and value. */
export function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const found = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    found.push({ labels: labelsOf(match[2] ?? ''), value: Number(match[3]) });
  }
  return found;
}

/** The value of the sample whose labels include `labels`; 0 when there is none. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const match = samples(text, name).find((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return match?.value ?? 0;
}

/**
 * Every series name a scrape exports: each `# TYPE` (a histogram's `_bucket`, `_count` and `_sum`, a
 * summary's `_count` and `_sum`), so a metric with no sample yet (no kitchen board connected) counts.
 */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(name! + suffix);
    if (type === 'summary') for (const suffix of ['_count', '_sum']) names.add(name! + suffix);
  }
  return names;
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression (or a Grafana query) reads: identifiers that are not a function
 * call, a keyword, a label inside `{…}` or a grouping clause, a duration, a string or a Grafana variable.
 * `label_values(metric, label)` reads `metric`.
 */
export function metricNamesIn(expression: string): string[] {
  const stripped = expression
    .replace(/label_values\(\s*([a-zA-Z_:][\w:]*)\s*,[^)]*\)/g, ' $1 ')
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(?![\w])(\s*\()?/g)) {
    const [, name, call] = match;
    if (call || PROMQL_WORDS.has(name!.toLowerCase()) || /^\d/.test(name!)) continue;
    names.add(name!);
  }
  return [...names];
}
