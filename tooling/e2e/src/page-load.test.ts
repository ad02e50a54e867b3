import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DINER_DIST, expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import type { Page } from 'playwright-core';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('page load (the console and the network of a first visit)', () => {
  it('table QR link to the menu -> no failed request, no console error or warning, code sent brotli-compressed', async () => {
    const { context, page } = await browser.newPage();
    const failed: string[] = [];
    const console: string[] = [];
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
      }
    });
    page.on('requestfailed', (request) => failed.push(`${request.failure()?.errorText} ${request.url()}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
    });
    page.on('pageerror', (error) => console.push(error.message));

    await page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`);
    await page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    // The page settles: the idle-time fetches (popups' code, images of the first dishes) are done.
    await page.waitForLoadState('networkidle');

    expect(failed).toEqual([]);
    expect(console).toEqual([]);
    // Every script the build holds a brotli copy of (all but the smallest) comes brotli-compressed.
    const compressible = scripts.filter(({ url }) =>
      existsSync(join(DINER_DIST, `${new URL(url).pathname}.br`)),
    );
    expect(compressible.some(({ url }) => url.includes('/assets/framework-'))).toBe(true);
    expect(compressible.filter((script) => script.encoding !== 'br')).toEqual([]);
    await context.close();
  });

  it("a phone opening a menu stays at the page's top (the category bar scrolls sideways only)", async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/r/kopitiam-ali`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    await page.waitForLoadState('networkidle');
    // The category bar is below the fold of a 360 x 640 phone; bringing its current category into
    // view once moved the whole page down past the restaurant's header.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Scrolled to a later category, the bar follows it sideways.
    const section = await categoryId(page, 3);
    await page.evaluate((id) => {
      const top = document.getElementById(id)!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - 130);
    }, section);
    const bar = page.getByRole('navigation', { name: 'Menu categories' });
    await expect.poll(() => bar.evaluate((nav) => nav.scrollLeft)).toBeGreaterThan(0);
    await context.close();
  });
});

/** The id of the menu's n-th category section (0-based), read from the page. */
async function categoryId(page: Page, index: number): Promise<string> {
  const ids = await page
    .locator('[id^="category-"]')
    .evaluateAll((sections) =>
      sections.map((section) => section.id).filter((id) => /^category-\d+$/.test(id)),
    );
  return ids[Math.min(index, ids.length - 1)]!;
}
