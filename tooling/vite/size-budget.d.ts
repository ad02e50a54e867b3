export declare const KB: 1024;
/** JavaScript loaded before the first screen is interactive, gzipped, unless an app names its own: 180 KB. */
export declare const START_BUDGET: number;
/** Each lazy chunk with the static imports the entry has not loaded, gzipped: 60 KB. */
export declare const LAZY_BUDGET: number;
/** The start language's catalogue chunk (`virtual:santap-catalogue/<lang>`), awaited before the first render. */
export declare const CATALOGUE_AWAIT: RegExp;
/** The `later` catalogue group (`virtual:santap-catalogue/<lang>/later`), awaited by a route that waits for it. */
export declare const LATER_CATALOGUE_AWAIT: RegExp;
/** A deferred catalogue group's chunks (`virtual:santap-catalogue/<lang>/<group>`). */
export declare function catalogueGroupAwait(group: string): RegExp;
/** A string literal naming a key under one of `prefixes`; group 1 is the key as far as it is spelt. */
export declare function keyLiteral(prefixes: readonly string[], flags?: string): RegExp;

export interface StartChunk {
  /** The manifest key. */
  key: string;
  /** The built file, relative to `dist`. */
  file: string;
  /** Gzipped size (level 9). */
  bytes: number;
  /** Loaded by the entry, by the first screen's route modules, or by an awaited dynamic import. */
  role: 'entry' | 'first screen' | 'awaited';
}
export interface LazyChunk {
  /** The source of the dynamic entry (a route module, a catalogue, a polyfill). */
  key: string;
  bytes: number;
  over: boolean;
}
/** A first-screen chunk naming a key of a deferred catalogue group its route does not wait for. */
export interface DeferredKey {
  file: string;
  /** The key as far as the chunk spells it (`tab.pay.title`, `tab.$` for `` `tab.${x}` ``). */
  literal: string;
  group: string;
}
export interface SizeReport {
  ok: boolean;
  start: { total: number; budget: number; over: boolean; chunks: StartChunk[] };
  lazy: { budget: number; chunks: LazyChunk[] };
  /** Offenders of the deferred groups' rule (the first per chunk and group); any fails the report. */
  deferredKeys: DeferredKey[];
}
export interface SizeBudgetOptions {
  /** The app's build folder (with `.vite/manifest.json`). */
  dist: string;
  /** Manifest keys of the first screen's route modules, e.g. `src/features/menu/routes/menu-page.tsx`. */
  firstScreen: string[];
  /** Dynamic imports awaited before the first render; the largest match of each counts. */
  awaits?: RegExp[];
  startBudget?: number;
  lazyBudget?: number;
  /**
   * The route waits for the `later` catalogue group (the diner's cart and order status): its largest
   * catalogue counts as awaited, and its keys may appear on the start path. The same as
   * `withGroups: ['later']`.
   */
  withLater?: boolean;
  /** The deferred catalogue groups the route waits for (each counted and its keys allowed, as `withLater`). */
  withGroups?: string[];
}
/** Measures a production build against the size budgets (gzip level 9 of each JavaScript chunk). */
export declare function measureSizeBudget(options: SizeBudgetOptions): SizeReport;
/** The report as text, chunk by chunk, with each total against its budget. */
export declare function formatSizeReport(report: SizeReport, title?: string): string;
