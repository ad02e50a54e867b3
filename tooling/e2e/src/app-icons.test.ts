import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DINER_DIST, FOODCOURT_DIST, KIOSK_DIST, STAFF_DIST, startE2eServer } from './harness';
import type { E2eServer } from './harness';

// Each app's built index.html names its icon (`<link rel="icon">`) and the server answers it: an icon
// written into the page (a data: URL, no request) is the one the API serves at /favicon.ico to the
// clients that ask there, one linked by address is served at that address (apps/api routes/web.ts).

/** Each app's build and where the API mounts it. */
const APPS: [name: string, dist: string, mount: string][] = [
  ['diner', DINER_DIST, '/'],
  ['foodcourt', FOODCOURT_DIST, '/fc/'],
  ['kiosk', KIOSK_DIST, '/kiosk/'],
  ['staff', STAFF_DIST, '/staff/'],
];

let server: E2eServer;

beforeAll(async () => {
  server = await startE2eServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The `href` of the page's `<link rel="icon">`, undefined when it has none. */
const iconHref = (html: string) => {
  const link = /<link\b[^>]*\srel="icon"[^>]*>/.exec(html)?.[0];
  return link && /\shref="([^"]*)"/.exec(link)?.[1];
};

/** An SVG's markup with one kind of quote (a data: URL writes its attributes in single quotes). */
const svgOf = (text: string) => text.replace(/'/g, '"').trim();

describe("each app's icon (built index.html)", () => {
  it.each(APPS)(
    '%s -> its page links an icon, and it is the one the server answers',
    async (name, dist, mount) => {
      const href = iconHref(readFileSync(join(dist, 'index.html'), 'utf8'));
      expect(href, `${name}: <link rel="icon">`).toBeTruthy();
      const favicon = await fetch(`${server.baseUrl}/favicon.ico`);
      expect(favicon.status).toBe(200);
      const product = svgOf(await favicon.text());
      expect(product).toMatch(/^<svg /);
      if (href!.startsWith('data:')) {
        const comma = href!.indexOf(',');
        expect(href!.slice(0, comma)).toBe('data:image/svg+xml');
        expect(svgOf(decodeURIComponent(href!.slice(comma + 1)))).toBe(product);
        return;
      }
      // Asked for as a browser asks for an icon, from the app's page.
      const icon = await fetch(new URL(href!, `${server.baseUrl}${mount}`), {
        headers: { accept: 'image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8' },
      });
      expect(icon.status, href).toBe(200);
      expect(icon.headers.get('content-type')).toMatch(/^image\//);
      expect(svgOf(await icon.text())).toBe(product);
    },
  );
});
