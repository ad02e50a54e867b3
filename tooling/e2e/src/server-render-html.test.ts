import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { AFTER_PAINT_STARTER } from '@santap/vite-config/after-paint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appDist,
  createServer,
  LUNCHTIME,
  openTestDatabase,
  TestClock,
  testConfig,
} from '@santap/api/testing';
import type { ServerConfig, TestDatabase } from '@santap/api/testing';
import { escaped } from './server-render-kit';

// The HTML the API serves from the real diner build with its server render (apps/api routes/web.ts,
// server-render.ts), read without a browser; the e2e runs after the builds (turbo.json).
const dinerDir = appDist('diner');
if (!dinerDir || !existsSync(join(dirname(dinerDir), 'dist-ssr', 'entry-server.js'))) {
  throw new Error('the diner build with its server render is missing: pnpm --filter @santap/diner build');
}

/** The app's root element's server-rendered content, and the page's blocks. */
function partsOf(html: string) {
  const start = html.indexOf('<div id="root">');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match.index);
  const hydration = /<script type="application\/json" id="santap-hydration">(.*?)<\/script>/s.exec(html)?.[1];
  return {
    start,
    scripts,
    hydration: hydration
      ? (JSON.parse(hydration) as {
          language: string;
          country: string;
          cartToken?: string;
          cartHandover?: string;
          state: { loaderData: Record<string, { menu?: unknown; session?: unknown }> };
        })
      : undefined,
    early: html.includes('id="st-early"'),
  };
}

interface Served {
  base: string;
  close(): Promise<void>;
}

/**
 * The API serving the diner build in `dinerDir` on a loopback port, on a fresh PGlite database
 * (rendering a page does not depend on the engine); `prepare` adds hooks before it listens.
 */
async function served(
  dinerDir: string,
  web: Partial<ServerConfig['web']> = {},
  prepare?: (app: Awaited<ReturnType<typeof createServer>>) => void,
): Promise<Served> {
  const db: TestDatabase = await openTestDatabase('pglite');
  const config = {
    ...testConfig(new TestClock(new Date(LUNCHTIME))),
    web: { serve: true, dinerDir, earlyRepliesWaitMs: 5_000, ...web },
  };
  const app = await createServer(config, { database: db.database });
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

describe('the server renders the diner menu (entry-server.tsx)', () => {
  let server: Served;
  let base: string;
  let failMenu = false;
  beforeAll(async () => {
    server = await served(dinerDir, { serverRenderWaitMs: 10_000 }, (app) => {
      // A menu the server cannot read (its store down): the page's own call and the render's.
      app.addHook('onRequest', async (request, reply) => {
        if (failMenu && request.url.startsWith('/api/menu')) {
          await reply.status(500).send({ status: 0, statusCode: 500, message: 'down', code: 'down' });
        }
      });
    });
    base = server.base;
  }, 60_000);
  afterAll(() => server?.close());

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
  const dishNames = async (language: string): Promise<string[]> => {
    const reply = (await (
      await fetch(`${base}/api/menu?restaurant_id=kopitiam-ali`, {
        headers: { 'accept-language': language, 'country-code': 'MY' },
      })
    ).json()) as {
      data: { categories: { item_ids: number[] }[]; items: { id: number; name: string }[] };
    };
    const names = new Map(reply.data.items.map((item) => [item.id, item.name]));
    // In the menu's order: the first category's first dishes are on the first screen.
    return reply.data.categories.flatMap((category) => category.item_ids.map((id) => names.get(id)!));
  };

  it('a menu link -> the dishes in the HTML before any script, styled, with the data to hydrate', async () => {
    const response = await page('/r/kopitiam-ali', { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // It holds this browser's cart token: never in a shared cache.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const html = await response.text();
    const parts = partsOf(html);
    const names = await dishNames('en');
    expect(names.length).toBeGreaterThan(3);
    // The first dishes are in the page (the rest come in a deferred render, README of apps/diner).
    for (const name of names.slice(0, 3)) {
      const at = html.indexOf(escaped(name), parts.start);
      expect(at, name).toBeGreaterThan(parts.start);
      // Before the app's code (its module script) and every data block.
      expect(parts.scripts.filter((index) => index > parts.start).every((index) => index > at)).toBe(true);
    }
    expect(html).not.toContain('class="boot"');
    // Styled from the first paint: the app's and the menu's stylesheets are written into the head
    // (server-render.ts `inlineStylesheets`), each link after its style of a type no browser fetches.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<style>[^<]+<\/style><link type="text\/x-inlined-css" rel="stylesheet" crossorigin href="\/assets\/main-[\w-]+\.css">/,
    );
    expect(head).toMatch(
      /<style>[^<]+<\/style><link type="text\/x-inlined-css" rel="stylesheet" crossorigin href="\/assets\/menu-page-[\w-]+\.css">/,
    );
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    // The app's code waits for the page's first paint (server-render.ts `codeAfterPaint`): its entry
    // of a type no browser fetches, started by the page's starter (`AFTER_PAINT_STARTER`).
    expect(html).not.toMatch(/<script type="module"/);
    expect(head).toMatch(
      /<script type="text\/x-santap-after-paint" crossorigin src="\/assets\/index-[\w-]+\.js">/,
    );
    expect(html).toContain(AFTER_PAINT_STARTER);
    const block = parts.hydration!;
    expect(block.language).toBe('en');
    expect(block.country).toBe('MY');
    // The browser's cart token goes only into its HttpOnly cookie; the page holds a sealed handover.
    const cookie = response.headers.get('set-cookie') ?? '';
    const token = /cart_token=([^;]+);[^\n]*HttpOnly/.exec(cookie)?.[1];
    expect(token).toBeDefined();
    expect(html).not.toContain(token!);
    expect(block.cartToken).toBeUndefined();
    expect(block.cartHandover).toMatch(/^[A-Za-z0-9_-]{40,200}$/);
    expect(Object.values(block.state.loaderData).some((data) => data?.menu !== undefined)).toBe(true);
    // The early replies stay (what the browser loads again after hydration takes from them), and
    // the noscript menu (every dish; the server renders the first ones, as the app does).
    expect(parts.early).toBe(true);
    expect(html).toContain('<noscript>');
  });

  it('three pages rendered at once in Indonesian, Malay and English -> each in its own language (dishes, words, <html lang>)', async () => {
    const cases = [
      ['id', 'id', 'Pesan meja'],
      ['my', 'ms', 'Tempah meja'],
      ['en', 'en', 'Book a table'],
    ] as const;
    // At once: each render's scope (language, cart token, replies) is its own (AsyncLocalStorage).
    const pages = await Promise.all(
      cases.map(async ([language]) => (await page(`/r/kopitiam-ali?language=${language}`)).text()),
    );
    for (const [index, [language, lang, word]] of cases.entries()) {
      const html = pages[index]!;
      expect(html).toContain(`<html lang="${lang}">`);
      expect(partsOf(html).hydration!.language).toBe(language);
      for (const name of (await dishNames(language)).slice(0, 3)) expect(html).toContain(escaped(name));
      expect(html, language).toContain(word);
      for (const [other, , otherWord] of cases) if (other !== language) expect(html).not.toContain(otherWord);
    }
  });

  it("a table QR link -> the table in the rendered order bar; an unknown table -> the server's redirect to /qrError", async () => {
    const html = await (await page('/r/kopitiam-ali/1?source=qr&tableId=5001')).text();
    expect(html).toContain('T1');
    const unknown = await fetch(`${base}/r/kopitiam-ali/1?source=qr&tableId=999999`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toMatch(/^\/qrError/);
  });

  it("an unknown restaurant -> 404 with the not-found words in the diner's language; no hydration (the browser renders it)", async () => {
    const response = await page('/r/no-such-place?language=id');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="id">');
    expect(partsOf(html).hydration).toBeUndefined();
    expect(html).toContain('Ke beranda');
  });

  it("a menu that fails to load -> 503, the error page with its retry in the diner's language", async () => {
    failMenu = true;
    try {
      const response = await page('/r/kopitiam-ali?language=my');
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain('Cuba lagi');
      expect(partsOf(html).hydration).toBeUndefined();
    } finally {
      failMenu = false;
    }
  });

  it("a page that is not a first screen -> the build's index.html (the spinner), rendered by the browser", async () => {
    const html = await (await page('/profileHome')).text();
    expect(html).toContain('class="boot"');
    expect(partsOf(html).hydration).toBeUndefined();
  });
});

describe('a server render that fails', () => {
  let dir: string;
  let server: Served;
  beforeAll(async () => {
    // The real browser build beside a server render that throws.
    dir = mkdtempSync(join(tmpdir(), 'santap-ssr-'));
    cpSync(dinerDir, join(dir, 'dist'), { recursive: true });
    mkdirSync(join(dir, 'dist-ssr'));
    writeFileSync(
      join(dir, 'dist-ssr', 'entry-server.js'),
      'export const rendersOnServer = () => true;\nexport const actsAsDiner = (path) => path.startsWith("/cart/");\n' +
        'export async function render() { throw new Error("render broke"); }\n',
    );
    server = await served(join(dir, 'dist'));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("-> today's page: the build's index.html with the early replies, for the browser to render", async () => {
    const response = await fetch(`${server.base}/r/kopitiam-ali`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('class="boot"');
    expect(html).toContain('id="st-early"');
    expect(partsOf(html).hydration).toBeUndefined();
  });

  it("a diner's own page (the cart) -> the build's index.html, kept by no cache", async () => {
    const response = await fetch(`${server.base}/cart/kopitiam-ali`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('class="boot"');
    expect(partsOf(html).hydration).toBeUndefined();
  });
});
