// The JavaScript size budgets of the Santap apps (README of @santap/vite-config), measured on a production
// build's Vite manifest (`build.manifest: true`, which `santapApp()` sets).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { groupOfKey } from './catalogue-groups.js';

export const KB = 1024;
/**
 * JavaScript loaded before the first screen is interactive, gzipped, when an app names no budget of
 * its own (`--budget`): React 19 with react-dom (~60 KB), react-router and i18next (~25 KB), the
 * contract's schemas with the API client, the start language's words and the page. Each app sets a
 * tighter figure from its own first screen (see the README).
 */
export const START_BUDGET = 180 * KB;
/** Each lazily loaded chunk with the static imports the entry has not loaded, gzipped. */
export const LAZY_BUDGET = 60 * KB;
/**
 * Dynamic imports every app awaits before its first render: the start language's catalogue
 * (`virtual:santap-catalogue/<lang>` of `catalogueSplit()`). One language is loaded; the largest counts.
 */
export const CATALOGUE_AWAIT = /santap-catalogue\/[a-z]+$/;
/**
 * A deferred catalogue group's chunks (`virtual:santap-catalogue/<lang>/<group>` of `catalogueSplit()`):
 * a route that waits for the group (`withCatalogueGroup(group, …)` of @santap/web) loads one of them
 * before it renders (`withGroups`).
 * @param {string} group
 */
export const catalogueGroupAwait = (group) =>
  new RegExp(`santap-catalogue/[a-z]+/${group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/** The `later` group's chunks (every route but an app's first screens waits for them: `withLater`). */
export const LATER_CATALOGUE_AWAIT = catalogueGroupAwait('later');

/**
 * A string literal in built code that starts with one of the catalogue key prefixes (`'fc.`,
 * `"account.`, `` `auth. ``): how a built chunk names a key. Its group 1 is the key as far as the
 * literal spells it (`'tab.pay.title'` -> `tab.pay.title`, `` `tab.${kind}` `` -> `tab.$`); `flags`
 * `'g'` to find every one.
 * @param {readonly string[]} prefixes
 * @param {string} [flags]
 */
export const keyLiteral = (prefixes, flags) =>
  new RegExp(
    `["'\`]((?:${prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})[A-Za-z$][\\w.$-]*)`,
    flags,
  );

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[] }} ManifestChunk
 * @typedef {{ key: string, file: string, bytes: number, role: 'entry' | 'first screen' | 'awaited' }} StartChunk
 * @typedef {{ key: string, bytes: number, over: boolean }} LazyChunk
 * @typedef {{ file: string, literal: string, group: string }} DeferredKey
 * @typedef {{ ok: boolean, start: { total: number, budget: number, over: boolean, chunks: StartChunk[] },
 *   lazy: { budget: number, chunks: LazyChunk[] }, deferredKeys: DeferredKey[] }} SizeReport
 */

/**
 * The deferred catalogue groups a build recorded (`.vite/santap-catalogue.json` of `catalogueSplit()`:
 * `groups`; a build before named groups wrote `later` only); none without the file.
 * @param {string} dist
 * @returns {Record<string, string[]>}
 */
function recordedGroups(dist) {
  const path = join(dist, '.vite', 'santap-catalogue.json');
  if (!existsSync(path)) return {};
  const recorded = JSON.parse(readFileSync(path, 'utf8'));
  return recorded.groups ?? (recorded.later?.length ? { later: recorded.later } : {});
}

/**
 * Measures a build against the budgets. What every page loads first is the entry and, for each
 * `awaits` pattern, the largest matching dynamic import with its static imports (the start language's
 * catalogue; an app's main module when a small boot entry imports it after the first paint).
 * `firstScreen` are manifest keys of the route modules the first screen renders (e.g.
 * `src/features/menu/routes/menu-page.tsx`): the start path is all that plus those modules and every
 * chunk they import statically. A lazy chunk costs its own file plus its static imports that are
 * not loaded before every page. Sizes are gzip level 9.
 *
 * When the build deferred catalogue groups (`groups` in `.vite/santap-catalogue.json` of
 * `catalogueSplit()`: the diner's `later` and `tab`), no chunk of the start path may name a key of a
 * group the route does not wait for: the first screen renders before that group arrives
 * (`deferredKeys` lists offenders, the first per chunk and group; they fail the report). A key's group
 * is the one of its longest matching prefix, as the build splits them. A route that waits for groups
 * itself (`withGroups`, e.g. `['later']` for the diner's cart and order status; `withLater` is
 * `['later']`) loads them before it is interactive: each group's largest catalogue counts as
 * awaited, and its keys are allowed.
 *
 * @param {{ dist: string, firstScreen: string[], awaits?: RegExp[], startBudget?: number, lazyBudget?: number, withLater?: boolean, withGroups?: string[] }} options
 * @returns {SizeReport}
 */
export function measureSizeBudget({
  dist,
  firstScreen,
  awaits = [CATALOGUE_AWAIT],
  startBudget = START_BUDGET,
  lazyBudget = LAZY_BUDGET,
  withLater = false,
  withGroups = [],
}) {
  const waitsFor = new Set([...withGroups, ...(withLater ? ['later'] : [])]);
  awaits = [...awaits, ...[...waitsFor].map(catalogueGroupAwait)];
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the app first (vite build with build.manifest)`);
  }
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const groups = recordedGroups(dist);
  for (const group of waitsFor) {
    if (!Object.hasOwn(groups, group))
      throw new Error(`size budget: the build has no catalogue group '${group}'`);
  }
  const sizes = new Map();
  const gzipped = (key) => {
    const file = manifest[key].file;
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  const isJs = (key) => manifest[key].file.endsWith('.js');
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('size budget: no entry chunk in the manifest');
  if (firstScreen.length === 0) throw new Error('size budget: name the first screen route module(s)');
  for (const key of firstScreen) {
    if (!manifest[key]) throw new Error(`size budget: ${key} is not in the manifest`);
  }

  // What every page loads before its first render: the entry, and each dynamic import the entry awaits
  // (an app's main module behind a small boot entry; the start language's catalogue).
  const entryChunks = closure(entryKey);
  const boot = new Set(entryChunks);
  const roles = new Map([...entryChunks].map((key) => [key, 'entry']));
  const awaited = new Set();
  for (const pattern of awaits) {
    const matches = Object.keys(manifest).filter((key) => pattern.test(key) && isJs(key));
    if (matches.length === 0) throw new Error(`size budget: no chunk matches ${pattern}`);
    const cost = (key) =>
      [...closure(key)]
        .filter((dep) => !boot.has(dep) && isJs(dep))
        .reduce((sum, dep) => sum + gzipped(dep), 0);
    const largest = matches.reduce((a, b) => (cost(a) >= cost(b) ? a : b));
    for (const key of matches) awaited.add(key);
    for (const dep of closure(largest)) {
      if (!roles.has(dep)) roles.set(dep, 'awaited');
      boot.add(dep);
    }
  }
  const start = new Set(boot);
  for (const key of firstScreen) {
    for (const dep of closure(key)) {
      if (!roles.has(dep)) roles.set(dep, 'first screen');
      start.add(dep);
    }
  }

  const startChunks = [...start]
    .filter(isJs)
    .map((key) => ({ key, file: manifest[key].file, bytes: gzipped(key), role: roles.get(key) }))
    .sort((a, b) => b.bytes - a.bytes);
  const startTotal = startChunks.reduce((sum, chunk) => sum + chunk.bytes, 0);

  // A lazy chunk costs its own file and the static imports that are not loaded before every page.
  const lazyChunks = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && isJs(key) && !awaited.has(key))
    .map((key) => {
      const bytes = [...closure(key)]
        .filter((dep) => !boot.has(dep) && isJs(dep))
        .reduce((sum, dep) => sum + gzipped(dep), 0);
      return { key: manifest[key].src ?? key, bytes, over: bytes > lazyBudget };
    })
    .sort((a, b) => b.bytes - a.bytes);

  const prefixes = Object.values(groups).flat();
  /** @type {DeferredKey[]} */
  const deferredKeys = [];
  if (prefixes.length > 0) {
    const pattern = keyLiteral(prefixes, 'g');
    for (const chunk of startChunks) {
      const named = new Set();
      for (const [, literal] of readFileSync(join(dist, chunk.file), 'utf8').matchAll(pattern)) {
        const group = groupOfKey(literal, groups);
        if (group === undefined || waitsFor.has(group) || named.has(group)) continue;
        named.add(group);
        deferredKeys.push({ file: chunk.file, literal, group });
      }
    }
  }

  const startOver = startTotal > startBudget;
  return {
    deferredKeys,
    ok: !startOver && lazyChunks.every((chunk) => !chunk.over) && deferredKeys.length === 0,
    start: { total: startTotal, budget: startBudget, over: startOver, chunks: startChunks },
    lazy: { budget: lazyBudget, chunks: lazyChunks },
  };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1).padStart(7)} KB`;

/**
 * The report as text: the start path chunk by chunk, its total against the budget, then every lazy
 * chunk (largest first) against its budget.
 * @param {SizeReport} report
 * @param {string} [title] what the first screen is, e.g. '/r/:name'
 */
export function formatSizeReport(report, title = 'the first screen') {
  const lines = [`Before ${title} is interactive (gzipped):`];
  for (const chunk of report.start.chunks) {
    const role = chunk.role === 'entry' ? '' : `  (${chunk.role})`;
    lines.push(`  ${kb(chunk.bytes)}  ${chunk.file.replace(/^assets\//, '')}${role}`);
  }
  lines.push(
    `  ${kb(report.start.total)}  total, budget ${kb(report.start.budget).trim()}  ${report.start.over ? 'OVER BUDGET' : 'ok'}`,
    '',
    'Lazy chunks (gzipped, with static imports not in the entry):',
  );
  for (const chunk of report.lazy.chunks) {
    lines.push(`  ${kb(chunk.bytes)}  ${chunk.key}${chunk.over ? '  OVER BUDGET' : ''}`);
  }
  lines.push(`  budget ${kb(report.lazy.budget).trim()} each`);
  for (const { file, literal, group } of report.deferredKeys) {
    lines.push(
      `${file} is on the first screen but names ${literal}…, a key of the catalogue group '${group}' it does not wait for`,
    );
  }
  return lines.join('\n');
}
