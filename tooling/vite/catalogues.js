// The catalogue chunks of the apps' words (README of @santap/vite-config).
import { normalizePath, runnerImport } from 'vite';
import { deferredGroups, groupOfKey } from './catalogue-groups.js';
import { keyLiteral } from './size-budget.js';

/**
 * Catalogue splitting for production builds (README: Size budget). The catalogue
 * sections hold the three languages in one module, so a build cannot drop the unused ones; this
 * plugin reads the merged catalogues once at build start (`resources` of `@santap/i18n`, run from
 * source) and serves, as JSON:
 *
 * - `virtual:santap-catalogue/<lang>`: every key in one language except the groups below;
 * - `virtual:santap-catalogue/<lang>/legal`: the legal pages' text (i18next namespace `legal`);
 * - `virtual:santap-catalogue/<lang>/<group>`: each of the app's deferred groups (`groups`, e.g. the
 *   diner's `later` and `tab`; namespace `<group>`), the keys of its prefixes.
 *
 * Keys only the server looks up (owner `server` in `KEY_OWNERSHIP`: the invoice mail and PDF) are
 * left out of both: no screen shows them.
 *
 * It also swaps `@santap/i18n`'s resources module for one without catalogues: `i18nOptions` without
 * `resources`; `hasKey(key)` answers from the catalogue chunks loaded so far (each registers its keys
 * when it loads; an app awaits its start language's chunk before the first render) plus the names
 * of the legal pages' keys, so the app does not ship a second list of every key; `TRANSLATION_KEYS`
 * (every key, as in source) is only bundled when imported; `resources` throws when read (an app
 * loads its catalogues through `virtual:santap-catalogue/*`). In development (`vite`) the virtual
 * modules re-export the source catalogues, so edits reload as usual.
 */
const PREFIX = 'virtual:santap-catalogue/';
const RESOLVED = '\0santap-catalogue/';
const RESOURCES_SHIM = '\0santap-i18n-resources';

/** The legal pages' headings and text, loaded by those routes only (titles stay: links show them). */
const isLegalPageKey = (key) =>
  key.startsWith('legal.') && key !== 'legal.otherPolicies' && !key.endsWith('.title');

const startsWithAny = (key, prefixes) => prefixes.some((prefix) => key.startsWith(prefix));

/**
 * One group of a language's catalogue, without server-only keys and without the key groups this app
 * leaves out: `legal` (the legal pages' text), a deferred group (the keys whose longest matching
 * prefix is that group's: `groupOfKey`) or the start group (`undefined`: everything else).
 */
const part = (i18n, catalogue, group, { leaveOut, groups }) =>
  Object.fromEntries(
    Object.entries(catalogue).filter(([key]) => {
      if (i18n.keyOwner(key) === 'server' || startsWithAny(key, leaveOut)) return false;
      if (isLegalPageKey(key)) return group === 'legal';
      return groupOfKey(key, groups) === group;
    }),
  );

/**
 * One language's catalogue split as a build serves it (`catalogueSplit`): the start group under
 * `translation`, the legal pages' text under `legal`, each deferred group under its name.
 * @param {{ keyOwner: (key: string) => string | undefined }} i18n `@santap/i18n` (its `keyOwner`)
 * @param {Readonly<Record<string, string>>} catalogue
 * @param {{ leaveOut?: readonly string[], later?: readonly string[], groups?: Readonly<Record<string, readonly string[]>> }} [options]
 * @returns {Record<string, Record<string, string>>}
 */
export function splitCatalogue(i18n, catalogue, { leaveOut = [], later = [], groups = {} } = {}) {
  const deferred = deferredGroups({ later, groups });
  return Object.fromEntries(
    ['translation', 'legal', ...Object.keys(deferred)].map((name) => [
      name,
      part(i18n, catalogue, name === 'translation' ? undefined : name, { leaveOut, groups: deferred }),
    ]),
  );
}

/**
 * Where built code names a catalogue key under one of the `leaveOut` prefixes, or undefined: a string
 * that is such a key (`'staff.tabs.title'`), a template that starts one (`` `staff.${part}` ``), or a
 * string ending in `.` that starts keys (`'staff.tabs.' + part`). A string under the prefix that is
 * not a key is something else (`'staff.tableRequests'`, the id of a staff endpoint in a contract
 * module an app's page shares with the staff console) and is allowed.
 * @param {string} code
 * @param {readonly string[]} leaveOut
 * @param {readonly string[]} keys every catalogue key
 * @returns {number | undefined} the literal's index in `code`
 */
export function leftOutKeyIn(code, leaveOut, keys) {
  const startsKeys = (start) => keys.some((key) => key.startsWith(start));
  for (const found of code.matchAll(keyLiteral(leaveOut, 'g'))) {
    const [text, literal] = found;
    const next = code[found.index + text.length];
    const named =
      text[0] === '`' && literal.endsWith('$') && next === '{'
        ? startsKeys(literal.slice(0, -1))
        : next === text[0] && (keys.includes(literal) || (literal.endsWith('.') && startsKeys(literal)));
    if (named) return found.index;
  }
  return undefined;
}

/** Where a build records its catalogue groups, for `santap-size-budget`'s first-screen check. */
export const CATALOGUE_GROUPS_FILE = '.vite/santap-catalogue.json';

/**
 * @param {{ leaveOut?: readonly string[], later?: readonly string[], groups?: Readonly<Record<string, readonly string[]>> }} [options]
 *   `leaveOut`: key prefixes of other apps' screens (the diner leaves out `'fc.'` and `'kiosk.'`),
 *   kept out of this app's catalogue chunks; the build fails when a chunk of this app still names
 *   such a key, so a screen can never show a bare key.
 *   `groups`: deferred groups, `{ name: key prefixes }`, of words no first screen shows (the diner's
 *   `later`: account, sign-in and payment words; `tab`: the table tab's): each its own
 *   `virtual:santap-catalogue/<lang>/<name>`, which the app loads after its first screen and a route
 *   that shows them awaits before it renders. A key goes to the group of its longest matching prefix.
 *   `later`: the prefixes of the `later` group (the older option; merged into `groups.later`).
 *   The groups are written to `.vite/santap-catalogue.json`; `santap-size-budget` fails when a
 *   first-screen chunk names a key of a group its route does not wait for.
 * @returns {import('vite').Plugin}
 */
export function catalogueSplit({ leaveOut = [], later = [], groups: named = {} } = {}) {
  // Checked when the config loads: a bad group fails `vite` and `vite build` at once.
  const groups = deferredGroups({ later, groups: named });
  let build = false;
  // The server render's build (unminified: comments may name a prefix) renders the same modules the
  // browser build checked; the check is the browser's.
  let serverBuild = false;
  let i18n;
  const loaded = () => {
    if (!i18n) throw new Error('catalogues not loaded');
    return i18n;
  };
  return {
    name: 'santap-catalogue-split',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
      serverBuild = Boolean(config.build.ssr);
    },
    async buildStart() {
      if (build && !i18n) {
        const { module } = await runnerImport('@santap/i18n', { configFile: false, logLevel: 'error' });
        i18n = module;
      }
    },
    resolveId(source, importer) {
      if (source.startsWith(PREFIX)) return RESOLVED + source.slice(PREFIX.length);
      if (source === RESOURCES_SHIM) return RESOURCES_SHIM;
      if (
        build &&
        source === './resources' &&
        importer &&
        normalizePath(importer).endsWith('/packages/i18n/src/index.ts')
      ) {
        return RESOURCES_SHIM;
      }
      return undefined;
    },
    generateBundle() {
      if (!build) return;
      this.emitFile({
        type: 'asset',
        fileName: CATALOGUE_GROUPS_FILE,
        source: `${JSON.stringify({ leaveOut, groups }, null, 2)}\n`,
      });
    },
    renderChunk(code, chunk) {
      if (!build || serverBuild || leaveOut.length === 0) return null;
      const found = leftOutKeyIn(code, leaveOut, loaded().TRANSLATION_KEYS);
      if (found !== undefined) {
        const around = code.slice(found, found + 60);
        this.error(
          `${chunk.fileName} names a catalogue key this app leaves out (${leaveOut.join(', ')}): ${around}`,
        );
      }
      return null;
    },
    load(id) {
      if (id === RESOURCES_SHIM) {
        const { TRANSLATION_KEYS, i18nOptions, keyOwner } = loaded();
        const { resources: _omitted, ...options } = i18nOptions;
        const legalKeys = TRANSLATION_KEYS.filter((key) => isLegalPageKey(key) && keyOwner(key) !== 'server');
        return [
          `export const TRANSLATION_KEYS = ${JSON.stringify(TRANSLATION_KEYS)};`,
          `const KEYS = new Set(${JSON.stringify(legalKeys)});`,
          '/** Called by each catalogue chunk as it loads. */',
          'export const registerCatalogue = (words) => { for (const key of Object.keys(words)) KEYS.add(key); };',
          'export const hasKey = (key) => KEYS.has(key);',
          `export const i18nOptions = ${JSON.stringify(options)};`,
          'export const resources = new Proxy({}, { get() {',
          "  throw new Error('Built apps load catalogues per language (virtual:santap-catalogue/*).');",
          '} });',
        ].join('\n');
      }
      if (!id.startsWith(RESOLVED)) return undefined;
      const [language, group] = id.slice(RESOLVED.length).split('/');
      const lang = ['en', 'id', 'my'].find((supported) => supported === language);
      if (!lang || (group !== undefined && group !== 'legal' && !Object.hasOwn(groups, group))) {
        throw new Error(`unknown catalogue ${id.slice(RESOLVED.length)}`);
      }
      if (!build) {
        // Development: the whole catalogue (legal text included) from source, so edits hot-reload.
        return group
          ? 'export default {};'
          : `import { resources } from '@santap/i18n';\nexport default resources.${lang}.translation;`;
      }
      const i18n = loaded();
      const words = part(i18n, i18n.resources[lang].translation, group, { leaveOut, groups });
      return [
        `import { registerCatalogue } from ${JSON.stringify(RESOURCES_SHIM)};`,
        `const words = JSON.parse(${JSON.stringify(JSON.stringify(words))});`,
        'registerCatalogue(words);',
        'export default words;',
      ].join('\n');
    },
  };
}

/**
 * For vitest: the catalogue chunks resolve as in development (a language's whole source catalogue;
 * the legal and deferred groups empty), without a build.
 * @returns {import('vite').Plugin}
 */
export function catalogueSource() {
  return {
    name: 'santap-catalogue-source',
    resolveId: (source) => (source.startsWith(PREFIX) ? `\0${source}` : undefined),
    load(id) {
      const match = /^\0virtual:santap-catalogue\/(en|id|my)(\/[a-z][a-z0-9-]*)?$/.exec(id);
      if (!match) return undefined;
      return match[2]
        ? 'export default {};'
        : `import { resources } from '@santap/i18n';\nexport default resources.${match[1]}.translation;`;
    },
  };
}
