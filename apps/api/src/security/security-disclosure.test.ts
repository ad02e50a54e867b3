/**
 * What the server tells a stranger about itself, over HTTP on both engines: `/health` says only up or
 * down (no engine, no version), and a built app's source maps — its whole source — are not served
 * outside the demo (apps/api/README.md, "Browser hardening").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';

const SOURCE = 'export function secretRule() { return "the whole source"; }';

/** A built app with a bundle and its source map (Vite's `build.sourcemap`). */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'santap-maps-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Santap</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)\n//# sourceMappingURL=index-abc.js.map');
  const map = JSON.stringify({
    version: 3,
    sources: ['src/rule.ts'],
    sourcesContent: [SOURCE],
    mappings: '',
  });
  writeFileSync(join(dir, 'assets', 'index-abc.js.map'), map);
  writeFileSync(join(dir, 'assets', 'index-abc.css.map'), map);
  return dir;
}

describe.each(ENGINES)('what the server discloses on %s', (engine) => {
  it('/health -> 200 {"status":"up"} and nothing else; no engine named in body or headers', async () => {
    const server = await startTestServer(engine);
    try {
      const reply = await fetch(`${server.baseUrl}/health`);
      expect(reply.status).toBe(200);
      const text = await reply.text();
      expect(JSON.parse(text)).toEqual({ status: 'up' });
      const everything = `${text} ${JSON.stringify([...reply.headers.entries()])}`.toLowerCase();
      for (const word of ['pglite', 'postgres', 'version', 'fastify', 'node'])
        expect(everything).not.toContain(word);
      expect(reply.headers.get('cache-control')).toBe('no-store');
    } finally {
      await server.close();
    }
  });

  it('/health with the database gone -> 503 {"status":"down"}, still nothing else', async () => {
    const database = await openTestDatabase(engine);
    const server = await startTestServer(engine, { database });
    try {
      await database.close();
      const reply = await fetch(`${server.baseUrl}/health`);
      expect(reply.status).toBe(503);
      expect(await reply.json()).toEqual({ status: 'down' });
    } finally {
      await server.app.close().catch(() => undefined);
    }
  });

  describe.each([
    ['production', 'production' as const, 404],
    ['a test config (no mode named)', undefined, 404],
    ['the demo', 'demo' as const, 200],
  ])('source maps in %s', (_name, mode, expected) => {
    let server: TestServer;
    let build: string;
    beforeAll(async () => {
      build = fakeBuild();
      server = await startTestServer(engine, {
        config: { ...(mode ? { mode } : {}), web: { serve: true, dinerDir: build, staffDir: build } },
      });
    });
    afterAll(async () => {
      await server?.close();
      rmSync(build, { recursive: true, force: true });
    });

    it(`a bundle -> 200; its source maps, however asked for -> ${expected}`, async () => {
      expect((await fetch(`${server.baseUrl}/assets/index-abc.js`)).status).toBe(200);
      const asks: [string, Record<string, string>][] = [
        ['/assets/index-abc.js.map', {}],
        ['/assets/index-abc.js.map', { accept: 'text/html' }],
        ['/assets/index-abc.js.map', { 'accept-encoding': 'br, gzip' }],
        ['/assets/index-abc.css.map', {}],
        ['/assets/index-abc.js.MAP', {}],
        ['/assets/index-abc.js%2Emap', {}],
        ['/assets/index-abc.js.map?v=1', {}],
        ['/staff/assets/index-abc.js.map', {}],
      ];
      for (const [path, headers] of asks) {
        const reply = await fetch(`${server.baseUrl}${path}`, { headers });
        const text = await reply.text();
        if (expected === 404) {
          expect(reply.status, path).toBe(404);
          expect(text, path).not.toContain('secretRule');
        } else if (!/MAP|%2E/.test(path)) {
          expect(reply.status, path).toBe(200);
          expect(text, path).toContain('secretRule');
        }
      }
    });
  });
});
