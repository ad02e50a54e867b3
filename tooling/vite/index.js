// Shared Vite set-up of the three React apps (diner, foodcourt, kiosk). An app's vite.config.ts is:
//   import { santapApp } from '@santap/vite-config'; export default santapApp({ base: '/fc/', port: 5174 });
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, runnerImport } from 'vite';
import { keyLiteral } from './size-budget.js';

/**
 * Catalogue splitting for production builds (the size budgets of issues 5 and 6). The catalogue
 * sections hold the three languages in one module, so a build cannot drop the unused ones; this
 * plugin reads the merged catalogues once at build start (`resources` of `@santap/i18n`, run from
 * source) and serves, as JSON:
 *
 * - `virtual:santap-catalogue/<lang>`: every key in one language except the two groups below;
 * - `virtual:santap-catalogue/<lang>/legal`: the legal pages' text (i18next namespace `legal`);
 * - `virtual:santap-catalogue/<lang>/later`: the app's `later` key groups (namespace `later`).
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
 * leaves out: `legal` (the legal pages' text), `later` (the app's `later` prefixes) or the start group
 * (`undefined`: everything else).
 */
const part = (i18n, catalogue, group, { leaveOut, later }) =>
  Object.fromEntries(
    Object.entries(catalogue).filter(([key]) => {
      if (i18n.keyOwner(key) === 'server' || startsWithAny(key, leaveOut)) return false;
      if (isLegalPageKey(key)) return group === 'legal';
      return startsWithAny(key, later) ? group === 'later' : group === undefined;
    }),
  );

/** Where a build records its catalogue groups, for `santap-size-budget`'s first-screen check. */
export const CATALOGUE_GROUPS_FILE = '.vite/santap-catalogue.json';

/**
 * @param {{ leaveOut?: readonly string[], later?: readonly string[] }} [options]
 *   `leaveOut`: key prefixes of other apps' screens (the diner leaves out `'fc.'` and `'kiosk.'`),
 *   kept out of this app's catalogue chunks; the build fails when a chunk of this app still names
 *   such a key, so a screen can never show a bare key.
 *   `later`: key prefixes no first screen shows (the diner's account and sign-in words): their own
 *   group `virtual:santap-catalogue/<lang>/later`, which the app loads after its first screen and
 *   awaits before any other route renders. The groups are written to `.vite/santap-catalogue.json`;
 *   `santap-size-budget` fails when a first-screen chunk names a `later` key.
 * @returns {import('vite').Plugin}
 */
export function catalogueSplit({ leaveOut = [], later = [] } = {}) {
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
        source: `${JSON.stringify({ leaveOut, later }, null, 2)}\n`,
      });
    },
    renderChunk(code, chunk) {
      if (!build || serverBuild || leaveOut.length === 0) return null;
      const found = keyLiteral(leaveOut).exec(code);
      if (found) {
        const around = code.slice(found.index, found.index + 60);
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
      if (!lang || (group !== undefined && group !== 'legal' && group !== 'later')) {
        throw new Error(`unknown catalogue ${id.slice(RESOLVED.length)}`);
      }
      if (!build) {
        // Development: the whole catalogue (legal text included) from source, so edits hot-reload.
        return group
          ? 'export default {};'
          : `import { resources } from '@santap/i18n';\nexport default resources.${lang}.translation;`;
      }
      const i18n = loaded();
      const words = part(i18n, i18n.resources[lang].translation, group, { leaveOut, later });
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
 * the legal group empty), without a build.
 * @returns {import('vite').Plugin}
 */
export function catalogueSource() {
  return {
    name: 'santap-catalogue-source',
    resolveId: (source) => (source.startsWith(PREFIX) ? `\0${source}` : undefined),
    load(id) {
      const match = /^\0virtual:santap-catalogue\/(en|id|my)(\/legal|\/later)?$/.exec(id);
      if (!match) return undefined;
      return match[2]
        ? 'export default {};'
        : `import { resources } from '@santap/i18n';\nexport default resources.${match[1]}.translation;`;
    },
  };
}

/** Text files worth compressing ahead of time (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a gzip (level 9) and a brotli (quality 11) copy beside each text file of the build
 * (`app.js.gz`, `app.js.br`), so the server sends compressed files without compressing per request
 * (`@fastify/static` with `preCompressed`): a phone on a slow network downloads the gzipped sizes the
 * size budget counts, not the raw files.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  return {
    name: 'santap-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(options.dir ?? 'dist', fileName);
        const source = readFileSync(path);
        if (source.length < MIN_COMPRESS_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

/** Paths the API server owns; `vite` (development) proxies them to `pnpm --filter @santap/api dev`. */
const API_PATHS = [
  '/api',
  '/v1',
  '/user',
  '/user_login',
  '/simulator',
  '/set_restaurant_qr.php',
  '/menu.php',
];

/**
 * React, react-router and i18next in one chunk: every page needs them before its first render, one
 * file compresses better than the handful automatic splitting makes of them, and it stays cached
 * across deploys that change only app code.
 */
const FRAMEWORK_CHUNK = {
  name: 'framework',
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/,
};

/** One `import … from` / `export … from` / `import '…'` statement of transformed module code. */
const STATEMENT = /^[ \t]*(import|export)\s+(?:([^;'"]*?)\s+from\s*)?["']([^"']+)["']/gm;

/**
 * The import and re-export statements of a module, each with the id it resolves to and its clause
 * (`{ a, b as c }`, `* as ns`, `*`, `x`; undefined for a bare `import '…'`); undefined when the code
 * and `importedIds` cannot be matched up (the caller then follows nothing from it).
 * @param {{ code: string | null, importedIds: readonly string[] }} info
 */
function statementsOf(info) {
  if (info.code == null) return undefined;
  const specifiers = [];
  const statements = [];
  for (const [, keyword, clause, specifier] of info.code.matchAll(STATEMENT)) {
    if (!specifiers.includes(specifier)) specifiers.push(specifier);
    statements.push({ keyword, clause: clause?.trim(), specifier });
  }
  if (specifiers.length !== info.importedIds.length) return undefined;
  return statements.map((statement) => ({
    ...statement,
    id: info.importedIds[specifiers.indexOf(statement.specifier)],
  }));
}

/** `{ a, b as c }` -> [['a', 'a'], ['b', 'c']]: each name as its module has it and as it is bound. */
const namedParts = (clause) =>
  (/\{([^}]*)\}/.exec(clause ?? '')?.[1].split(',') ?? [])
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, as = from] = part.split(/\s+as\s+/).map((name) => name.trim());
      return [from, as];
    });

/** The names an import clause takes: `'*'` for a namespace or a bare import, else default and named. */
function namesTaken(clause) {
  if (clause === undefined || clause.startsWith('*')) return ['*'];
  const names = namedParts(clause).map(([from]) => from);
  if (clause.replace(/\{[^}]*\}/, '').replace(/[,\s]/g, '')) names.push('default');
  return names;
}

/**
 * The modules of the app's own source (not node_modules) that the `entries` run before their first
 * render: what they import statically, at any depth, following a re-exporting index module
 * (`export { Button } from './button'`) only to the modules that define the names asked for, so a
 * package's index does not bring in every component it lists. Not the entries themselves.
 * @param {readonly string[]} entries module ids
 * @param {(id: string) => { code: string | null, importedIds: readonly string[] } | null} moduleInfo
 * @returns {Set<string>}
 */
export function firstScreenModules(entries, moduleInfo) {
  const found = new Set();
  const seen = new Set();
  /** @param {string} id @param {readonly string[]} names */
  const visit = (id, names) => {
    if (/[\\/]node_modules[\\/]/.test(id)) return;
    const info = moduleInfo(id);
    const statements = info && statementsOf(info);
    if (!statements) return;
    const rest = (info.code ?? '').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(STATEMENT, '');
    const isIndex =
      statements.length > 0 &&
      statements.every((statement) => statement.keyword === 'export') &&
      rest.replace(/[;\s]/g, '') === '';
    if (isIndex && !names.includes('*')) {
      for (const name of names) {
        if (seen.has(`${id}#${name}`)) continue;
        seen.add(`${id}#${name}`);
        for (const { clause, id: target } of statements) {
          if (clause === '*') visit(target, [name]);
          else if (clause?.startsWith('*')) {
            if (clause.replace(/^\*\s+as\s+/, '') === name) visit(target, ['*']);
          } else {
            for (const [from, as] of namedParts(clause)) if (as === name) visit(target, [from]);
          }
        }
      }
      return;
    }
    if (!entries.includes(id)) found.add(id);
    if (seen.has(id)) return;
    seen.add(id);
    for (const { clause, id: target } of statements) visit(target, namesTaken(clause));
  };
  entries.forEach((entry) => visit(entry, ['*']));
  return found;
}

/**
 * The app code every first screen runs, in one chunk beside the framework: `firstScreenModules` of
 * the `always` modules (the app's `main`), other than the framework's and the bundler's own, and
 * styles. Without it they are cut into a file per group of importers (the diner had six of 1-18 KB:
 * buttons, the session, the API client, the menu's contract...), because the lazy routes share them;
 * each file is a request, and a phone opens 6 connections at a time over HTTP/1.1 (issue 5 §7: LCP).
 * Nothing moves in that the first screen does not already run. `paths` are relative to the app root
 * (the working directory of `vite build`).
 * @param {readonly string[]} paths
 */
export function firstScreenChunk(paths) {
  const entries = paths.map((path) => normalizePath(resolve(path)));
  /** @type {Set<string> | undefined} */
  let modules;
  return {
    debugName: 'first-screen',
    name: (/** @type {string} */ id, /** @type {import('rolldown').ChunkingContext} */ ctx) => {
      modules ??= firstScreenModules(entries, (module) => ctx.getModuleInfo(module));
      return modules.has(id) && !/\.css(\?|$)/.test(id) ? 'first-screen' : null;
    },
  };
}

/**
 * Vite's preload helper stays a file of its own: the boot entry needs it, and would otherwise import
 * the first-screen chunk it was drawn into (its dynamic imports use it), and run all of it before
 * the spinner's first paint.
 */
const PRELOAD_HELPER_CHUNK = { name: 'preload-helper', test: /^\0vite[\\/]preload-helper/, priority: 1 };

/**
 * react-router's package exports point every condition at its development build (warnings and
 * checks for the developer); in a production build this takes the production build beside it,
 * the same API without them (about 3 KB gzipped less on every first screen).
 */
function reactRouterProduction() {
  return {
    name: 'santap-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return { ...resolved, id: resolved.id.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2') };
    },
  };
}

/**
 * Flattens the first screen's download (issue 5 §7: LCP on a phone's network). Without it the
 * browser finds the app's code one round trip at a time: `index.html` -> the boot entry -> `main`
 * and the framework -> the route's chunk -> the route's data. This plugin writes into `index.html`:
 *
 * - `<link rel="modulepreload">` for each module of `always` (the app's `main`, which the boot entry
 *   imports after the first paint) with every chunk it imports, and a style preload for its CSS;
 * - an inline script that, when the page's path starts with a `routes[].path` prefix (under `base`),
 *   preloads that route's chunks and CSS the same way, so `/r/...` fetches the menu's code beside the
 *   framework instead of after it.
 *
 * Preloading downloads and compiles, it does not run, so the boot entry still paints first. Vite's
 * own preload helper finds these links and does not add them twice.
 *
 * @param {{ always?: readonly string[], routes?: readonly { path: string, modules: readonly string[] }[] }} [options]
 *   module paths relative to the app root (`'src/main.tsx'`).
 * @returns {import('vite').Plugin}
 */
export function firstScreenPreloads({ always = [], routes = [] } = {}) {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  return {
    name: 'santap-first-screen-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byModule = (path) => {
          const id = normalizePath(join(config.root, path));
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`firstScreenPreloads: no chunk for ${path}`);
          return chunk;
        };
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entryFiles = new Set(
          chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
        );
        /** The chunks of `paths` and everything they import, minus what the entry already preloads. */
        const graph = (paths, seen = new Set(entryFiles)) => {
          const js = [];
          const css = new Set();
          const visited = new Set();
          const visit = (chunk) => {
            if (visited.has(chunk.fileName)) return;
            visited.add(chunk.fileName);
            if (!seen.has(chunk.fileName)) {
              seen.add(chunk.fileName);
              js.push(chunk.fileName);
            }
            for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
            for (const file of chunk.imports) {
              const imported = byFile.get(file);
              if (imported) visit(imported);
            }
          };
          paths.forEach((path) => visit(byModule(path)));
          return { js, css: [...css], seen };
        };
        const url = (file) => `${config.base}${file}`;
        const base = graph(always);
        const tags = [
          ...base.js.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: url(file) },
            injectTo: 'head',
          })),
          ...base.css.map((file) => ({
            tag: 'link',
            // Vite's preload helper asks for the CSS with crossorigin: the preload must match it.
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: url(file) },
            injectTo: 'head',
          })),
        ];
        if (routes.length > 0) {
          const table = routes.map((route) => {
            const own = graph(route.modules, new Set(base.seen));
            return [
              `${config.base.replace(/\/$/, '')}${route.path}`,
              own.js.map(url),
              own.css.filter((file) => !base.css.includes(file)).map(url),
            ];
          });
          tags.push({
            tag: 'script',
            // The API drops it from a page it rendered (`withoutCodePreloads` of apps/api).
            attrs: { 'data-route-preloads': true },
            children:
              `(function(){var r=${JSON.stringify(table)},p=location.pathname,d=document;` +
              'function l(h,m){var e=d.createElement("link");e.rel=m?"modulepreload":"preload";' +
              'if(!m)e.as="style";e.crossOrigin="";e.href=h;d.head.appendChild(e);}' +
              'for(var i=0;i<r.length;i++)if(p.indexOf(r[i][0])===0){' +
              'r[i][1].forEach(function(h){l(h,1)});r[i][2].forEach(function(h){l(h,0)});break;}})();',
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}

/**
 * The server render's build of an app (`vite build --ssr src/entry-server.tsx`, loaded by apps/api):
 * the same modules for Node 20 in `dist-ssr/` (not in `dist/`, which the API serves to browsers),
 * without the browser build's chunk groups, manifest, preloads and compressed copies.
 * @returns {import('vite').Plugin}
 */
function serverRenderBuild() {
  return {
    name: 'santap-server-render-build',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    config(config) {
      // Vite names the bundler's options twice (`rollupOptions` is an alias of `rolldownOptions`).
      const { rolldownOptions: _chunking, rollupOptions: _alias, ...build } = config.build ?? {};
      config.build = { ...build, outDir: 'dist-ssr', target: 'node20', manifest: false };
    },
  };
}

/** A browser build's plugin, left out of the server render's build. */
const browserOnly = (plugin) => ({
  ...plugin,
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
});

/**
 * The Vite config of one app. `base` is where the API server mounts the built app ('/' diner,
 * '/fc/' food court, '/kiosk/' kiosk); `port` its development port. The API serves the built app in
 * production (`pnpm start`); in development Vite proxies the API on :3000.
 */
export function santapApp({
  base = '/',
  port = 5173,
  apiUrl = 'http://localhost:3000',
  catalogueLeaveOut = [],
  catalogueLater = [],
  preload = {},
} = {}) {
  return defineConfig({
    base,
    plugins: [
      react(),
      reactRouterProduction(),
      catalogueSplit({ leaveOut: catalogueLeaveOut, later: catalogueLater }),
      browserOnly(firstScreenPreloads(preload)),
      browserOnly(precompress()),
      serverRenderBuild(),
    ],
    build: {
      outDir: 'dist',
      sourcemap: true,
      target: 'es2022',
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              FRAMEWORK_CHUNK,
              ...(preload.always?.length ? [PRELOAD_HELPER_CHUNK, firstScreenChunk(preload.always)] : []),
            ],
            // Common chunks under 8 KB (before minification) are copied into the chunks that use them
            // instead of being files of their own: the diner's first screen needs 14 files instead of
            // 40, and a phone opens only 6 connections at a time over HTTP/1.1.
            experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          },
        },
      },
    },
    server: {
      port,
      proxy: {
        ...Object.fromEntries(API_PATHS.map((path) => [path, apiUrl])),
        '/ws': { target: apiUrl.replace(/^http/, 'ws'), ws: true },
      },
    },
  });
}
