// Shared Vite set-up of the three React apps (diner, foodcourt, kiosk). An app's vite.config.ts is:
//   import { santapApp } from '@santap/vite-config'; export default santapApp({ base: '/fc/', port: 5174 });
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { afterPaintStarter } from './after-paint.js';
import { catalogueSplit } from './catalogues.js';
import {
  FRAMEWORK_CHUNK,
  PRELOAD_HELPER_CHUNK,
  firstScreenChunk,
  firstScreenCompileHints,
  firstScreenPreloads,
} from './first-screen.js';
import { precompress } from './precompress.js';

export { AFTER_PAINT_STARTER, AFTER_PAINT_TYPE, afterPaintStarter } from './after-paint.js';
export { CATALOGUE_GROUPS_FILE, catalogueSource, catalogueSplit } from './catalogues.js';
export {
  COMPILE_HINT,
  firstScreenChunk,
  firstScreenCompileHints,
  firstScreenModules,
  firstScreenPreloads,
} from './first-screen.js';
export { precompress } from './precompress.js';

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
  catalogueGroups = {},
  preload = {},
  compileHints = [],
} = {}) {
  return defineConfig({
    base,
    plugins: [
      react(),
      reactRouterProduction(),
      catalogueSplit({ leaveOut: catalogueLeaveOut, later: catalogueLater, groups: catalogueGroups }),
      browserOnly(firstScreenPreloads(preload)),
      browserOnly(afterPaintStarter()),
      browserOnly(
        firstScreenCompileHints([
          ...(preload.always ?? []),
          ...(preload.routes ?? []).flatMap((route) => route.modules),
          ...compileHints,
        ]),
      ),
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
