import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server';
import {
  builtStylesheets,
  injectFetch,
  inlineStylesheets,
  stylesheetLinks,
  AFTER_PAINT_TYPE,
  codeAfterPaint,
} from './server-render';
import { LUNCHTIME, TestClock, openTestDatabase, testConfig } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';

/**
 * The food court's server render as the API runs it (web.ts, server-render.ts), with a stand-in for the
 * app's `dist-ssr/entry-server.js` (the real one is the app's build: tooling/e2e covers it): the API
 * loads each app's server render by one mechanism, and speaks for the page's caller.
 */
const ENTRY = `
const calls = (globalThis.__santapRenderCalls ??= []);
export const rendersOnServer = (path) => /^\\/fc\\/[^/]+(\\/cart|\\/r\\/[^/]+)?$/.test(path);
export async function render(input) {
  const url = new URL(input.url);
  calls.push({ url: input.url, language: input.language, country: input.country, cartToken: input.cartToken });
  if (url.searchParams.has('broken')) throw new Error('render broke');
  if (url.searchParams.has('slow')) await new Promise((resolve) => setTimeout(resolve, 2000));
  const { Readable } = await import('node:stream');
  const cart = url.pathname.endsWith('/cart');
  // The render reaches the API in-process, as the page's caller (its cart token, never a login).
  const reply = await input.fetch('http://santap.server-render/api/orders/cart/get.php?scope=mall-demo', {
    headers: { 'cart-token': input.cartToken, 'accept-language': input.language, 'country-code': input.country },
  });
  const lines = (await reply.json()).data.items.length;
  return {
    kind: 'page',
    status: 200,
    html: Readable.from([\`<main>rendered \${url.pathname} in \${input.language}: \${lines} lines</main>\`]),
    hydration: JSON.stringify({ language: input.language, cartToken: input.cartToken }),
    modules: ['src/main.tsx', cart ? 'src/cart-page.tsx' : 'src/mall-page.tsx'],
    noStore: cart,
  };
}
`;

type Call = { url: string; language: string; country: string; cartToken: string };
const calls = () => ((globalThis as { __santapRenderCalls?: Call[] }).__santapRenderCalls ??= []);

/** One line of the server's log (pino's JSON), the fields these tests read. */
type LogLine = { level: number; msg: string; path?: string; waitMs?: number; err?: { message: string } };

describe('the food court rendered on the server (web.ts, server-render.ts)', () => {
  let root: string;
  let db: TestDatabase;
  let app: FastifyInstance;
  /** What the server logged (warnings and errors), oldest first. */
  const logged: LogLine[] = [];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'santap-ssr-fc-'));
    const dist = join(root, 'foodcourt', 'dist');
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Santap</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/main.tsx': { file: 'assets/main-1.js', css: ['assets/main-1.css'], imports: ['_shared'] },
        _shared: { file: 'assets/shared-2.js', css: ['assets/shared-2.css'] },
        'src/mall-page.tsx': { file: 'assets/mall-page-3.js', css: ['assets/mall-page-3.css'] },
        'src/cart-page.tsx': {
          file: 'assets/cart-page-4.js',
          css: ['assets/cart-page-4.css'],
          imports: ['_shared'],
        },
      }),
    );
    // The page's stylesheets, but for `shared-2.css`, which this build lacks (its link stays).
    mkdirSync(join(dist, 'assets'));
    for (const css of ['main-1', 'mall-page-3', 'cart-page-4'])
      writeFileSync(join(dist, 'assets', `${css}.css`), `.${css}{color:red}`);
    mkdirSync(join(root, 'foodcourt', 'dist-ssr'));
    writeFileSync(join(root, 'foodcourt', 'dist-ssr', 'entry-server.js'), ENTRY);
    db = await openTestDatabase('pglite');
    app = await createServer(
      {
        ...testConfig(new TestClock(new Date(LUNCHTIME))),
        logLevel: 'warn',
        web: { serve: true, foodcourtDir: dist, serverRenderWaitMs: 500 },
      },
      { database: db.database, logStream: { write: (line) => logged.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'santap.my', ...headers } });

  it("the mall page -> the render's HTML in the root, its styles in the head, for the page's caller; private", async () => {
    calls().length = 0;
    const reply = await page('/fc/mall-demo?language=id');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-cache');
    const token = /cart_token=([^;]+)/.exec(String(reply.headers['set-cookie']))?.[1];
    expect(token).toBeTruthy();
    expect(calls()).toEqual([
      expect.objectContaining({
        language: 'id',
        country: 'MY',
        cartToken: token,
        url: expect.stringMatching(/\/fc\/mall-demo\?language=id$/),
      }),
    ]);
    const html = reply.body;
    expect(html).toContain('<div id="root"><main>rendered /fc/mall-demo in id: 0 lines</main></div>');
    expect(html).toContain(
      `<script type="application/json" id="santap-hydration">{"language":"id","cartToken":"${token}"}</script>`,
    );
    // Styled as it arrives: the stylesheets it has are in its head, their links of a type not fetched.
    const head = html.slice(0, html.indexOf('</head>'));
    for (const css of ['main-1', 'mall-page-3']) {
      expect(head).toContain(
        `<style>.${css}{color:red}</style><link type="text/x-inlined-css" rel="stylesheet" crossorigin href="/fc/assets/${css}.css">`,
      );
    }
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/fc/assets/shared-2.css">');
    expect(html).not.toContain('cart-page-4');
    expect(html).toContain('<html lang="id">');
  });

  it("the cart page -> rendered with the browser's own cart token; never stored (private, no-store), gzipped as asked", async () => {
    const first = await page('/fc/mall-demo');
    const token = /cart_token=([^;]+)/.exec(String(first.headers['set-cookie']))![1]!;
    calls().length = 0;
    const reply = await page('/fc/mall-demo/cart', {
      cookie: `cart_token=${token}`,
      'accept-encoding': 'gzip',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(calls()).toEqual([expect.objectContaining({ cartToken: token, language: 'en' })]);
    const html = gunzipSync(reply.rawPayload).toString('utf8');
    expect(html).toContain('rendered /fc/mall-demo/cart in en');
    expect(html).toContain('href="/fc/assets/cart-page-4.css"');
    // A browser that takes brotli gets the same page in brotli (smaller: its whole window).
    const brotli = await page('/fc/mall-demo/cart', {
      cookie: `cart_token=${token}`,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(html);
  });

  it("a render that throws or is slow, or a page that is not a first screen -> the build's index.html for the browser; the failure and the slow render logged with the page's path", async () => {
    logged.length = 0;
    for (const url of ['/fc/mall-demo?broken=1', '/fc/mall-demo?slow=1', '/fc/mall-demo/order/7']) {
      const reply = await page(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toContain('<div id="root"></div>');
      expect(reply.body, url).not.toContain('santap-hydration');
    }
    // What failed and why, at error level (50); the slow one a warning (40); the path without its query.
    expect(logged.filter((line) => line.msg.startsWith('server render'))).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'server render failed: the browser renders the page',
        path: '/fc/mall-demo',
        err: expect.objectContaining({ message: 'render broke' }),
      }),
      expect.objectContaining({
        level: 40,
        msg: 'server render too slow: the browser renders the page',
        path: '/fc/mall-demo',
        waitMs: 500,
      }),
    ]);
  });
});

describe('stylesheetLinks', () => {
  it('the CSS of the modules and of every chunk they import, once each, under the app mount', () => {
    const manifest = {
      a: { css: ['assets/a.css'], imports: ['b', 'c'] },
      b: { css: ['assets/b.css'], imports: ['c'] },
      c: { css: ['assets/c.css'], imports: ['a'] },
    };
    expect(stylesheetLinks(manifest, ['a', 'missing'], '/fc/')).toBe(
      ['a', 'b', 'c']
        .map((name) => `<link rel="stylesheet" crossorigin href="/fc/assets/${name}.css">`)
        .join(''),
    );
  });
});

// The server render's in-process fetch (README "Server rendering" of apps/diner): what it carries.
describe('codeAfterPaint', () => {
  it("a rendered page -> the head keeps its styles and words and its boot entry retyped, not the code's preloads", () => {
    const head =
      '<meta charset="UTF-8"><title>Kopitiam Ali</title>' +
      '<script type="module" crossorigin src="/assets/boot-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/main-2.js">' +
      '<link rel="preload" as="style" crossorigin href="/assets/main-3.css">' +
      '<script data-route-preloads>(function(){var r=[["/r/",["/assets/menu-4.js"],[]]];})();</script>' +
      '<style>a{}</style><link type="text/x-inlined-css" rel="stylesheet" href="/assets/main-3.css">';
    const body =
      '<body><div id="root"><link rel="modulepreload" href="/kept.js"></div>' +
      '<script type="module" src="/body-kept.js"></script></body>';
    expect(codeAfterPaint(`<html><head>${head}</head>${body}</html>`)).toBe(
      '<html><head><meta charset="UTF-8"><title>Kopitiam Ali</title>' +
        `<script type="${AFTER_PAINT_TYPE}" crossorigin src="/assets/boot-1.js"></script>` +
        '<style>a{}</style><link type="text/x-inlined-css" rel="stylesheet" href="/assets/main-3.css">' +
        `</head>${body}</html>`,
    );
    expect(AFTER_PAINT_TYPE).toBe('text/x-santap-after-paint');
  });

  it('a page without a head -> unchanged', () => {
    expect(codeAfterPaint('<div id="root"></div>')).toBe('<div id="root"></div>');
  });
});

describe('inlineStylesheets', () => {
  const page = (head: string) =>
    `<html><head>${head}</head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>`;

  it('each stylesheet of the head -> its text in a <style> there, its link after it of a type not fetched; other links stay', () => {
    const css = (href: string) => ({ '/a.css': 'a{color:red}', '/b.css': 'b{}' })[href];
    const html = inlineStylesheets(
      page(
        '<link rel="modulepreload" href="/a.js"><link rel="stylesheet" crossorigin href="/a.css"><link rel="stylesheet" href="/b.css">',
      ),
      css,
    );
    expect(html).toBe(
      '<html><head><link rel="modulepreload" href="/a.js">' +
        '<style>a{color:red}</style><link type="text/x-inlined-css" rel="stylesheet" crossorigin href="/a.css">' +
        '<style>b{}</style><link type="text/x-inlined-css" rel="stylesheet" href="/b.css"></head>' +
        '<body><div id="root"></div><script type="module" src="/a.js"></script></body></html>',
    );
  });

  it('a stylesheet it cannot read, or whose text would close the <style>, -> its link stays in the head', () => {
    const css = (href: string) => (href === '/evil.css' ? 'a{}</style><script>x()</script>' : undefined);
    const head = '<link rel="stylesheet" href="/missing.css"><link rel="stylesheet" href="/evil.css">';
    expect(inlineStylesheets(page(head), css)).toBe(page(head));
  });

  it("built files -> read under the app's mount only, once; no other path, no '..'", () => {
    const dir = mkdtempSync(join(tmpdir(), 'santap-css-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'assets', 'main-1.css'), 'a{}');
      writeFileSync(join(dir, 'secret.txt'), 'no');
      const read = builtStylesheets(dir, '/fc/');
      expect(read('/fc/assets/main-1.css')).toBe('a{}');
      writeFileSync(join(dir, 'assets', 'main-1.css'), 'changed');
      expect(read('/fc/assets/main-1.css')).toBe('a{}');
      expect(read('/assets/main-1.css')).toBeUndefined();
      expect(read('/fc/assets/none.css')).toBeUndefined();
      expect(read('/fc/../secret.txt')).toBeUndefined();
      expect(read('/fc/secret.txt')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('injectFetch', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get('/echo', async (request) => ({
      cookie: request.headers.cookie ?? null,
      cartToken: request.headers['cart-token'] ?? null,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const echo = async (fetcher: typeof fetch, init?: RequestInit) =>
    (await (await fetcher('http://santap.server-render/echo', init)).json()) as {
      cookie: string | null;
      cartToken: string | null;
    };

  it("a guest's page -> the client's headers, never a cookie (not even one the client set)", async () => {
    const reply = await echo(injectFetch(app), {
      headers: { 'cart-token': 'userA', cookie: 'auth_token=forged' },
    });
    expect(reply).toEqual({ cookie: null, cartToken: 'userA' });
  });

  it("a diner's own page -> this request's session cookie with every call of this fetch, and only this one", async () => {
    const mine = injectFetch(app, { auth_token: 'session of A; x=1' });
    const theirs = injectFetch(app);
    const [a, b] = await Promise.all([echo(mine), echo(theirs)]);
    // Encoded: a value cannot add a cookie of its own.
    expect(a.cookie).toBe('auth_token=session%20of%20A%3B%20x%3D1');
    expect(b.cookie).toBeNull();
    expect((await echo(mine, { headers: { cookie: 'auth_token=other' } })).cookie).toBe(
      'auth_token=session%20of%20A%3B%20x%3D1',
    );
  });
});
