/// <reference types="node" />
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeConfig } from 'vite';
import type { Plugin } from 'vite';
import { santapApp } from '@santap/vite-config';

/**
 * Emits `sw.js` (the service worker in `sw/service-worker.js`) with the list of every built file
 * and a build id, so the worker can keep the whole app shell for offline starts and drop an old
 * build's cache when a new one is deployed.
 */
function kioskServiceWorker(): Plugin {
  let serverBuild = false;
  return {
    name: 'santap-kiosk-service-worker',
    apply: 'build',
    configResolved(config) {
      // The server render's build (`dist-ssr/`) is not served to browsers: no worker there.
      serverBuild = Boolean(config.build.ssr);
    },
    // After the bundle is written: earlier hooks still list chunks Vite drops at the end (the empty
    // JavaScript of a CSS-only module), which the worker could not fetch.
    writeBundle(options, bundle) {
      if (serverBuild) return;
      const files = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map') && !file.startsWith('.vite/') && file !== 'index.html')
        .sort();
      const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./sw/service-worker.js', import.meta.url), 'utf8')
        .replace('__SANTAP_BUILD__', build)
        .replace('__SANTAP_FILES__', JSON.stringify(files));
      writeFileSync(join(options.dir ?? 'dist', 'sw.js'), source);
    },
  };
}

// The API serves the built app under `/kiosk/` (`pnpm start`); in development Vite proxies the API.
// A kiosk has no diner account, sign-in, bookings or reviews, no food-court screens and no staff console:
// their words stay out of its catalogue (the size budget, README: Tests); the build fails if one of its
// screens names one.
// Nor does it show the payer's return page (`pay.kioskReturn.`): that is the diner's phone's page.
export default mergeConfig(
  santapApp({
    base: '/kiosk/',
    port: 5175,
    catalogueLeaveOut: [
      'fc.',
      'account.',
      'auth.',
      'booking.',
      'review.',
      'reco.',
      'pay.kioskReturn.',
      'staff.',
      'printers.',
    ],
    preload: { always: ['src/main.tsx'] },
    // The screens the server renders: their code is compiled while it downloads.
    compileHints: ['src/features/attract/routes/attract-page.tsx', 'src/features/menu/routes/menu-page.tsx'],
  }),
  { plugins: [kioskServiceWorker()] },
);
