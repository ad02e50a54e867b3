// What a first screen loads and how its code is grouped (README of @santap/vite-config).
import { join, resolve } from 'node:path';
import { normalizePath } from 'vite';

/**
 * React, react-router and i18next in one chunk: every page needs them before its first render, one
 * file compresses better than the handful automatic splitting makes of them, and it stays cached
 * across deploys that change only app code.
 */
export const FRAMEWORK_CHUNK = {
  name: 'framework',
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/,
};

/** The name of the chunk of {@link firstScreenChunk}. */
const FIRST_SCREEN_CHUNK = 'first-screen';

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
 * each file is a request, and a phone opens 6 connections at a time over HTTP/1.1 (LCP: README of @santap/vite-config).
 * Nothing moves in that the first screen does not already run. `paths` are relative to the app root
 * (the working directory of `vite build`).
 * @param {readonly string[]} paths
 */
export function firstScreenChunk(paths) {
  const entries = paths.map((path) => normalizePath(resolve(path)));
  /** @type {Set<string> | undefined} */
  let modules;
  return {
    debugName: FIRST_SCREEN_CHUNK,
    name: (/** @type {string} */ id, /** @type {import('rolldown').ChunkingContext} */ ctx) => {
      modules ??= firstScreenModules(entries, (module) => ctx.getModuleInfo(module));
      return modules.has(id) && !/\.css(\?|$)/.test(id) ? FIRST_SCREEN_CHUNK : null;
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136 and later; v8.dev/blog/explicit-compile-hints): a script that
 * begins with this comment has all its functions compiled while it downloads, on a background thread,
 * instead of each on the main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link COMPILE_HINT} at the top of the chunks a first screen runs nearly all of at start: the
 * framework, the first-screen chunk and the chunks of `paths` (the `always` modules, the preloaded
 * routes and `compileHints` of `santapApp`: the other pages the server renders; module paths relative
 * to the app root). Other chunks (popups, later pages) stay lazily compiled: most of their functions
 * wait for a tap. The comment must be the file's first line, so it is written after Vite's own
 * preamble (`__vite__mapDeps`, added when the bundle is generated); the source map gains an unmapped
 * line with it. The hint counts in the chunk's hash, so its file name changes with it (the API serves
 * `/assets/` as immutable). Measured on the menu: README of @santap/vite-config, compile hints.
 * @param {readonly string[]} paths
 * @returns {import('vite').Plugin}
 */
export function firstScreenCompileHints(paths) {
  const facades = new Set(paths.map((path) => normalizePath(resolve(path))));
  /** @param {{ name: string, facadeModuleId: string | null }} chunk */
  const hinted = (chunk) =>
    chunk.name === FRAMEWORK_CHUNK.name ||
    chunk.name === FIRST_SCREEN_CHUNK ||
    (chunk.facadeModuleId !== null && facades.has(chunk.facadeModuleId));
  return {
    name: 'santap-compile-hints',
    apply: 'build',
    augmentChunkHash(chunk) {
      return hinted(chunk) ? COMPILE_HINT : undefined;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        // A path that names no chunk (a typo, a moved route) would silently lose its hint.
        for (const facade of facades) {
          if (!chunks.some((chunk) => chunk.facadeModuleId === facade)) {
            throw new Error(`firstScreenCompileHints: no chunk for ${facade}`);
          }
        }
        for (const chunk of chunks) {
          if (!hinted(chunk) || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const parsed = JSON.parse(String(map.source));
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * Vite's preload helper stays a file of its own: the boot entry needs it, and would otherwise import
 * the first-screen chunk it was drawn into (its dynamic imports use it), and run all of it before
 * the spinner's first paint.
 */
export const PRELOAD_HELPER_CHUNK = {
  name: 'preload-helper',
  test: /^\0vite[\\/]preload-helper/,
  priority: 1,
};

/**
 * Flattens the first screen's download (LCP on a phone's network). Without it the
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
            // The API drops it from a page it rendered (`codeAfterPaint` of apps/api).
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
