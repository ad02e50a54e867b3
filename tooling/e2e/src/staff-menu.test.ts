import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF_PASSWORD, expectVisible, launchBrowser, startE2eServer } from './harness';
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

/** With SANTAP_SCREENSHOTS=<dir>, the journey keeps pictures of the screens there (for a review). */
async function picture(page: Page, name: string) {
  const dir = process.env.SANTAP_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

/** Logs a device in to the staff console and opens its menu screen from the top bar. */
async function staffMenu(page: Page, username: string, menuLink: string) {
  await page.goto(`${server.baseUrl}/staff/`);
  await page.waitForURL((url) => url.pathname === '/staff/login');
  await page.getByLabel(/Username|Nama pengguna/).fill(username);
  await page.getByLabel(/Password|Kata laluan|Kata sandi/).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: /Log in|Log masuk|Masuk/ }).click();
  await page.getByRole('link', { name: menuLink }).click();
  await page.waitForURL((url) => url.pathname === '/staff/menu');
}

describe('staff menu and stock at /staff/menu', () => {
  it("a manager on a phone marks Roti Canai sold out -> the diner's open menu shows it sold out within seconds, unreloaded; back in stock -> orderable again", async () => {
    const diner = await browser.newPage();
    await diner.page.goto(`${server.baseUrl}/r/kopitiam-ali`);
    const add = diner.page.getByRole('button', { name: 'Add Roti Canai' }).first();
    await expectVisible(add);

    const manager = await browser.newPage();
    await manager.page.setViewportSize({ width: 360, height: 640 });
    await staffMenu(manager.page, 'kopitiam-ali-manager', 'Menu & stock');
    const roti = manager.page.getByRole('article', { name: 'Roti Canai', exact: true });
    await expectVisible(roti);
    await picture(manager.page, 'menu-phone-en');
    // Every control of the screen is at least 44 px tall on the phone (checkbox rows and the photo's
    // hidden file input: their label).
    const small = await manager.page.evaluate(() =>
      Array.from(
        document.querySelectorAll(
          '.staff-menu button, .staff-menu summary, .staff-dish__option, .staff-menu input, .staff-photo__choose',
        ),
      )
        .filter(
          (element) =>
            !(
              element instanceof HTMLInputElement &&
              (element.type === 'checkbox' || element.type === 'file')
            ),
        )
        .map((element) => ({
          text: element.textContent ?? '',
          height: element.getBoundingClientRect().height,
        }))
        .filter(({ height }) => height > 0 && height < 44),
    );
    expect(small).toEqual([]);
    const marked = Date.now();
    await roti.getByRole('button', { name: 'Mark sold out' }).click();
    await expectVisible(roti.getByRole('button', { name: 'Back in stock' }));

    // The diner's page was not reloaded: its menu refresh brings the change.
    const soldOut = diner.page.getByRole('button', { name: 'Roti Canai is out of stock' }).first();
    await soldOut.waitFor({ state: 'visible', timeout: 25_000 });
    const seenMs = Date.now() - marked;
    console.log(`staff menu: the diner's open menu showed Roti Canai sold out ${seenMs} ms after the click`);
    expect(seenMs).toBeLessThan(25_000);
    expect(await add.isVisible()).toBe(false);

    // The manager edits a dish in the editor (the screenshot shows it), then puts Roti Canai back.
    await roti.getByRole('button', { name: 'Edit' }).click();
    const editor = manager.page.getByRole('dialog', { name: 'Edit Roti Canai' });
    await expectVisible(editor.getByLabel('Price (MYR)'));
    await picture(manager.page, 'menu-editor-phone-en');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await roti.getByRole('button', { name: 'Back in stock' }).click();
    await expectVisible(roti.getByRole('button', { name: 'Mark sold out' }));
    await expectVisible(diner.page.getByRole('button', { name: 'Add Roti Canai' }).first());
    await diner.context.close();
    await manager.context.close();
  });

  it('a kitchen tablet in Malay: the menu with its stock switches and no editing', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${server.baseUrl}/staff/`);
    await page.evaluate(() => localStorage.setItem('santap-staff-language', 'my'));
    await staffMenu(page, 'kopitiam-ali-kitchen', 'Menu & stok');
    const roti = page.getByRole('article', { name: 'Roti Canai', exact: true });
    await expectVisible(roti.getByRole('button', { name: 'Tandakan habis' }));
    expect(await roti.getByRole('button', { name: 'Sunting' }).count()).toBe(0);
    await roti.getByRole('button', { name: 'Tandakan habis' }).click();
    await expectVisible(roti.getByRole('button', { name: 'Ada stok semula' }));
    await picture(page, 'menu-tablet-my-top');
    await roti.getByRole('button', { name: 'Ada stok semula' }).click();
    await expectVisible(roti.getByRole('button', { name: 'Tandakan habis' }));
    await page
      .getByRole('article', { name: 'Teh Tarik', exact: true })
      .first()
      .getByText(/Pilihan/)
      .click();
    await picture(page, 'menu-tablet-my');
    await context.close();
  });
});
