import type { Plugin, UserConfig } from 'vite';

/**
 * Production catalogue splitting: `virtual:santap-catalogue/<lang>[/legal|/<group>]` as JSON per
 * language; `groups` are the deferred groups (`{ name: key prefixes }`, a key in the group of its
 * longest matching prefix), `later` the older option for `groups.later`.
 */
export declare function catalogueSplit(options?: {
  leaveOut?: readonly string[];
  later?: readonly string[];
  groups?: Readonly<Record<string, readonly string[]>>;
}): Plugin;
/** Where a build records its catalogue groups (`{ leaveOut, groups }`), beside Vite's manifest. */
export declare const CATALOGUE_GROUPS_FILE: string;
/**
 * Writes preloads for the first screen into `index.html`: `always` modules (the app's `main`) as
 * `<link rel="modulepreload">` with their imports and CSS; `routes` as an inline script that preloads
 * a route's chunks when the page's path starts with its `path` (under the app's base).
 */
export declare function firstScreenPreloads(options?: FirstScreenPreloads): Plugin;
export interface FirstScreenPreloads {
  /** Module paths relative to the app root, e.g. `['src/main.tsx']`. */
  always?: readonly string[];
  /** Route path prefixes (e.g. `'/r/'`) and the modules their first screen loads. */
  routes?: readonly { path: string; modules: readonly string[] }[];
}
/** V8's explicit compile hint, the first line of a first screen's chunks ({@link firstScreenCompileHints}). */
export declare const COMPILE_HINT: string;
/**
 * Puts {@link COMPILE_HINT} first in the framework chunk, the `first-screen` chunk and the chunks of the
 * given modules (paths relative to the app root), shifting their source maps by the line.
 */
export declare function firstScreenCompileHints(paths: readonly string[]): Plugin;
export { AFTER_PAINT_STARTER, AFTER_PAINT_TYPE, afterPaintStarter } from './after-paint.js';
/** Writes `.gz` and `.br` copies beside each text file of a build, for `@fastify/static`'s `preCompressed`. */
export declare function precompress(): Plugin;
/** For vitest: the catalogue chunks resolve to the source catalogues, as in development. */
export declare function catalogueSource(): Plugin;
export interface SantapAppOptions {
  /** Where the API server mounts the built app: '/' (diner), '/fc/' (food court), '/kiosk/' (kiosk). */
  base?: string;
  /** The development server's port. */
  port?: number;
  /** The API server that development proxies to. */
  apiUrl?: string;
  /**
   * Catalogue key prefixes only other apps show (the diner: `['fc.', 'kiosk.']`): left out of this
   * app's catalogue chunks; the build fails if one of its chunks names such a key.
   */
  catalogueLeaveOut?: readonly string[];
  /**
   * Deferred catalogue groups, `{ name: key prefixes }` (the diner: `later` for the account, sign-in and
   * payment words, `tab` for the table tab's): each `virtual:santap-catalogue/<lang>/<name>`, loaded
   * after the first screen and awaited by the routes that show its words
   * (`withCatalogueGroup(name, …)` of `@santap/web`). A key goes to the group of its longest matching
   * prefix; the size budget fails when a first screen names a key of a group it does not wait for.
   */
  catalogueGroups?: Readonly<Record<string, readonly string[]>>;
  /** The `later` group's prefixes (the older spelling of `catalogueGroups.later`; merged into it). */
  catalogueLater?: readonly string[];
  /** First-screen preloads written into `index.html` ({@link firstScreenPreloads}). */
  preload?: FirstScreenPreloads;
  /**
   * Route modules of other first screens the server renders (an order status link, the food court's
   * mall): their chunks get V8's compile hint like `preload`'s, without being preloaded.
   */
  compileHints?: readonly string[];
}
/** The Vite config of one Santap app: React, catalogue splitting, manifest build, API proxy. */
export declare function santapApp(options?: SantapAppOptions): UserConfig;
