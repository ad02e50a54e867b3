import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DINER_DIST, expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('page load (issue 5 §7, the console and the network of a first visit)', () => {
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
});
