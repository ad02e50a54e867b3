import type { Plugin, UserConfig } from 'vite';

/** Production catalogue splitting: `virtual:santap-catalogue/<lang>[/legal]` as JSON per language. */
export declare function catalogueSplit(): Plugin;
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
}
/** The Vite config of one Santap app: React, catalogue splitting, manifest build, API proxy. */
export declare function santapApp(options?: SantapAppOptions): UserConfig;
