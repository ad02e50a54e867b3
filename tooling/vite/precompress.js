// Compressed copies of a build's text files (README of @santap/vite-config).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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
