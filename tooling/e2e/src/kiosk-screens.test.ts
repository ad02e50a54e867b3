/**
 * The counter kiosk at its real sizes (apps/kiosk/README.md, "Kiosk layout"): a 1080×1920 portrait
 * screen and a 1920×1080 landscape one, with the demo's dish photos. Every screen of the journeys —
 * setup, attract, menu, options, order, the counter's question, the numbers, the QR, the idle
 * warning, offline and refused orders — is saved as a PNG under `tooling/e2e/artefacts/kiosk/`
 * (gitignored) for review, and swept for reach: every control sits in the lower two thirds.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@santap/api/testing';
import { apiCall, DEMO_STAFF_PASSWORD, expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { text, words } from './menu-kit';
import {
  confirmPayAtCounter,
  eventually,
  kioskOrdersOnServer,
  kioskPage,
  oneTapDish,
  orderTwoNasiLemak,
  payAtCounterOffline,
  setUpKiosk,
} from './kiosk-kit';

const ARTEFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artefacts/kiosk');
const PORTRAIT = { width: 1080, height: 1920 };
const LANDSCAPE = { width: 1920, height: 1080 };
/** The restaurants these journeys show: the demo kiosk's, and the food court's first stall. */
const PICTURED = [DEMO.kopitiamAli, DEMO.mall.nasiLemak];

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  mkdirSync(ARTEFACTS, { recursive: true });
  [server, browser] = await Promise.all([startE2eServer({ demoPhotos: PICTURED }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A button whose name starts with `label`. */
const startingWith = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

/**
 * What a guest can touch: every one must be within reach from a wheelchair (apps/kiosk README,
 * "Kiosk layout": nothing to touch in the top third of a kiosk-size screen).
 */
const CONTROLS = [
  'button',
  'a[href]',
  'input',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
].join(', ');

/**
 * Controls let sit above the reach line, each with the reason it may. None: every control of every
 * kiosk screen is in the lower two thirds.
 */
const ABOVE_THE_LINE: readonly { name: RegExp; reason: string }[] = [];

/**
 * The reach sweep: every visible, enabled control of the screen (of its top dialog, when a modal one
 * is open: the page behind cannot be touched) starts at or below a third of the screen's height. A
 * control in a list that scrolls is measured by the list's top, since scrolling brings any of its
 * controls up to there. Half a pixel of layout rounding is allowed.
 */
async function expectAllInReach(page: Page, screen: string) {
  const line = page.viewportSize()!.height / 3;
  const controls = await page.evaluate((selector) => {
    const dialogs = document.querySelectorAll('[aria-modal="true"]');
    const root = dialogs[dialogs.length - 1] ?? document.body;
    const scrolls = (element: Element) =>
      /auto|scroll/.test(getComputedStyle(element).overflowY) &&
      element.scrollHeight > element.clientHeight + 1;
    return Array.from(root.querySelectorAll<HTMLElement>(selector))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          element.checkVisibility({ checkVisibilityCSS: true }) &&
          !element.matches(':disabled, [aria-disabled="true"]')
        );
      })
      .map((element) => {
        let list = element.parentElement;
        while (list && list !== document.body && !scrolls(list)) list = list.parentElement;
        const inList = list !== null && list !== document.body;
        const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
        return {
          control: `${element.tagName.toLowerCase()} "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}"`,
          top: (inList ? list! : element).getBoundingClientRect().top,
          measured: inList ? `by its scrolling list .${list!.className.split(' ').join('.')}` : 'itself',
        };
      });
  }, CONTROLS);
  expect(controls.length, `${screen}: the sweep finds the screen's controls`).toBeGreaterThan(0);
  const outOfReach = controls.filter(
    (found) =>
      found.top < line - 0.5 && !ABOVE_THE_LINE.some((exception) => exception.name.test(found.control)),
  );
  expect(outOfReach, `${screen}: controls above the reach line at ${line} px`).toEqual([]);
}

/** A screen of a journey: saved as it is (no animation half-way) for review, then swept for reach. */
async function kioskScreen(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(ARTEFACTS, `${name}.png`), animations: 'disabled' });
  await expectAllInReach(page, name);
}

/** The setup screen staff see once (its screenshot), then the demo kiosk set up on it. */
async function setUpWithScreenshot(page: Page, name: string, kiosk: 'kopitiamAli' | 'mall' = 'kopitiamAli') {
  await page.goto(`${server.baseUrl}/kiosk/setup`);
  await expectVisible(page.getByRole('heading', { name: 'Set up this kiosk' }));
  await kioskScreen(page, name);
  await setUpKiosk(page, server, kiosk);
}

/**
 * The menu replies without dish photos (the field the kiosk reads, `photo`): every card shows its
 * placeholder, as for a restaurant that has no photos.
 */
async function withoutPictures(page: Page) {
  await page.route('**/api/menu?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { items: { photo?: unknown }[] } };
    for (const item of body.data.items) item.photo = null;
    await route.fulfill({ response, json: body });
  });
}

/** The server's menu of `nameid` (real API, English). */
async function menuOf(nameid: string) {
  return apiCall<{
    categories: { name: string; item_ids: number[] }[];
    items: { id: number; name: string; photo?: { width: number; height: number } | null }[];
  }>(server, 'GET', `/api/menu?restaurant_id=${nameid}`);
}

/** A dish's card on the menu, by its name. */
const card = (page: Page, dish: string) =>
  page.locator('.kiosk-item').filter({ has: page.getByRole('heading', { name: dish, exact: true }) });

/** The card shows the dish's photo: an <img> with its size set (nothing shifts as it loads), loaded. */
async function expectPhotoOn(page: Page, dish: string) {
  const img = card(page, dish).locator('img');
  await expectVisible(img);
  expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['480', '360']);
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
  expect(await card(page, dish).locator('.kiosk-dish-picture--none').count()).toBe(0);
}

/** A manager of Kopitiam Ali marks a dish sold out, or back (the staff's real stock call). */
async function setInStock(itemId: number, inStock: boolean) {
  const { token } = await apiCall<{ token: string }>(server, 'POST', '/api/staff/login', {
    payload: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
  });
  await apiCall(server, 'POST', `/api/staff/menu/items/${itemId}/stock`, {
    token,
    payload: { in_stock: inStock },
  });
}

describe('counter kiosk at 1080×1920', () => {
  it('the counter journey: setup -> attract -> menu (photos) -> options sheet -> order -> pay at the counter (asked) -> its number; the order on the server', async () => {
    const { context, page } = await kioskPage(browser, server, PORTRAIT);
    const before = (await kioskOrdersOnServer(server)).orders.length;
    await setUpWithScreenshot(page, 'portrait-en-0-setup');
    await kioskScreen(page, 'portrait-en-1-attract');

    await page.getByRole('button', { name: /^Eat here/ }).click();
    const add = page.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true });
    await expectVisible(add);
    // The dish has the demo's photo on the server, and its card shows it.
    const pictured = (await menuOf('kopitiam-ali')).items.find(
      (item) => item.name === 'Nasi Lemak Rendang Daging',
    );
    expect(pictured?.photo).toBeTruthy();
    await expectPhotoOn(page, 'Nasi Lemak Rendang Daging');
    // The order summary is on screen before anything is in it.
    const summary = page.getByRole('region', { name: 'Your order' });
    await expectVisible(summary);
    await kioskScreen(page, 'portrait-en-2-menu');
    await add.click();
    await add.click();
    await expectVisible(summary.getByText('Items: 2'));

    // A dish with options: the full-height sheet, the dish on top, its rows at least 64 px.
    await page
      .getByRole('button', { name: /^Choose options for / })
      .first()
      .click();
    const sheet = page.getByRole('dialog');
    await expectVisible(sheet);
    const sheetBox = await sheet.boundingBox();
    expect(sheetBox!.height).toBeGreaterThanOrEqual(PORTRAIT.height - 1);
    const rows = await sheet
      .locator('.st-choice')
      .evaluateAll((choices) => choices.map((choice) => choice.getBoundingClientRect().height));
    expect(rows.length).toBeGreaterThan(0);
    // 64 px, to the layout's sub-pixel rounding (the sheet's rows are placed at fractions of a pixel).
    expect(Math.min(...rows)).toBeGreaterThan(63.9);
    await expectVisible(sheet.locator('.kiosk-options__dish img'));
    await kioskScreen(page, 'portrait-en-3-options');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expectVisible(add);

    await page.getByRole('button', { name: /^Review order/ }).click();
    await expectVisible(page.getByRole('heading', { name: 'Your order' }));
    await expectVisible(page.getByText('Total', { exact: true }));
    await kioskScreen(page, 'portrait-en-4-order');
    await page.getByRole('button', { name: /^Pay at the counter/ }).click();
    await expectVisible(page.getByRole('dialog', { name: /^Pay RM [\d.]+ at the counter\?$/ }));
    await kioskScreen(page, 'portrait-en-5-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await confirmPayAtCounter(page);

    const number = page.getByRole('region', { name: 'Your order number' });
    await expectVisible(number);
    await expectVisible(page.getByText('We will call your number at the counter when your food is ready.'));
    await kioskScreen(page, 'portrait-en-6-number');
    const queueNo = Number((await number.locator('.st-kiosk-number__value').textContent())?.trim());
    const { orders } = await kioskOrdersOnServer(server);
    expect(orders).toHaveLength(before + 1);
    expect(orders.at(-1)).toMatchObject({ queueNo, paymentMode: 'cash_kiosk' });
    await context.close();
  });

  it('the offline journey: pay at the counter offline -> its ticket -> online: its number; the staff find the ticket at their counter', async () => {
    const { context, page } = await kioskPage(browser, server, PORTRAIT);
    await setUpKiosk(page, server);
    await page.getByRole('button', { name: /^Eat here/ }).click();
    await page.getByRole('button', { name: 'Add Nasi Lemak Rendang Daging', exact: true }).click();
    await page.getByRole('button', { name: /^Review order/ }).click();
    await expectVisible(page.getByText('Total', { exact: true }));

    await context.setOffline(true);
    await expectVisible(page.getByRole('region', { name: 'Orders on this kiosk' }).getByText('Offline'));
    await kioskScreen(page, 'portrait-en-7-order-offline');
    const ticket = await payAtCounterOffline(page);
    await kioskScreen(page, 'portrait-en-8-saved-offline');

    await context.setOffline(false);
    await expectVisible(page.getByRole('region', { name: 'Your order number' }));
    await expectVisible(page.getByText(`Your ticket ${ticket} is now in the kitchen.`));
    await kioskScreen(page, 'portrait-en-9-sent');
    await eventually(async () =>
      (await kioskOrdersOnServer(server)).orders.some((order) => order.kioskTicket === ticket),
    );

    // The customer shows the ticket at the counter: the cashier's screen lists the order under it.
    const staff = await browser.newPage();
    await staff.page.setViewportSize({ width: 1024, height: 768 });
    await staff.page.goto(`${server.baseUrl}/staff/counter`);
    await staff.page.waitForURL((url) => url.pathname === '/staff/login');
    await staff.page.getByLabel('Username').fill('kopitiam-ali-manager');
    await staff.page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
    await staff.page.getByRole('button', { name: 'Log in' }).click();
    await staff.page.waitForURL((url) => url.pathname !== '/staff/login');
    await staff.page.goto(`${server.baseUrl}/staff/counter`);
    await expectVisible(staff.page.getByText(`Ticket ${ticket}`, { exact: true }));
    await staff.page.screenshot({ path: join(ARTEFACTS, 'staff-counter-ticket.png') });
    await staff.context.close();
    await context.close();
  });

  it('an order refused: taken offline, the dish sold out meanwhile -> online: refused, the ticket to show the staff', async () => {
    const dish = (await menuOf('kopitiam-ali')).items.find(
      (item) => item.name === 'Nasi Lemak Rendang Daging',
    )!;
    const { context, page } = await kioskPage(browser, server, PORTRAIT);
    await setUpKiosk(page, server);
    await orderTwoNasiLemak(page, { quote: true });
    await context.setOffline(true);
    const ticket = await payAtCounterOffline(page);
    await setInStock(dish.id, false);
    try {
      await context.setOffline(false);
      await expectVisible(page.getByRole('heading', { name: 'We could not place this order' }));
      await expectVisible(page.getByText(`Please show ticket ${ticket} to the staff.`));
      await expectVisible(
        page.getByRole('region', { name: 'Orders on this kiosk' }).getByText(`Ticket ${ticket}`),
      );
      await kioskScreen(page, 'portrait-en-10-refused');
    } finally {
      await setInStock(dish.id, true);
    }
    await context.close();
  });

  for (const [orientation, viewport] of [
    ['portrait', PORTRAIT],
    ['landscape', LANDSCAPE],
  ] as const) {
    it(`${orientation}: every screen in English, Indonesian and Malay, the QR to pay and the idle warning (screenshots; Malay "Mula semula" on one line)`, async () => {
      const { context, page } = await kioskPage(browser, server, viewport);
      await setUpWithScreenshot(page, `${orientation}-en-setup`);
      for (const language of ['en', 'id', 'my'] as const) {
        const name = (screen: string) => `${orientation}-${language}-${screen}`;
        await page
          .getByRole('button', {
            name: { en: 'English', id: 'Bahasa Indonesia', my: 'Bahasa Melayu' }[language],
          })
          .click();
        const eatHere = startingWith(page, text(language, 'kiosk.attract.eatHere'));
        await expectVisible(eatHere);
        await kioskScreen(page, name('attract'));
        await eatHere.click();
        await startingWith(page, words(language, 'kiosk.menu.addNamed', { name: '' }))
          .first()
          .click();
        const startOver = page.getByRole('button', { name: text(language, 'kiosk.startOver') });
        const box = await startOver.boundingBox();
        const lineHeight = await startOver.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
        // One line of words (the button's padding is 14 px above and below).
        expect(box!.height).toBeLessThanOrEqual(Math.max(64, 28 + lineHeight * 1.5));
        await kioskScreen(page, name('menu'));
        if (language === 'en') {
          // Nobody touches the kiosk for its idle time: 'Are you still there?'; staying keeps the order.
          await page.clock.fastForward(61_000);
          const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
          await expectVisible(warning);
          await kioskScreen(page, name('idle'));
          await warning.getByRole('button', { name: "I'm still here" }).click();
          await expectVisible(startingWith(page, text(language, 'kiosk.menu.review')));
        }
        await startingWith(page, words(language, 'kiosk.menu.chooseNamed', { name: '' }))
          .first()
          .click();
        await expectVisible(page.getByRole('dialog'));
        await kioskScreen(page, name('options'));
        await page.keyboard.press('Escape');
        await startingWith(page, text(language, 'kiosk.menu.review')).click();
        await expectVisible(page.getByRole('heading', { name: text(language, 'kiosk.cart.title') }));
        await expectVisible(page.getByText(text(language, 'bill.total'), { exact: true }));
        await kioskScreen(page, name('order'));
        // Scan to pay: the payment's QR on screen (the simulator's page, opened on the phone).
        await startingWith(page, text(language, 'kiosk.pay.qr')).click();
        await expectVisible(
          page.getByRole('img', {
            name: new RegExp(`^${words(language, 'kiosk.qr.codeLabel', { amount: '' })}`),
          }),
        );
        await kioskScreen(page, name('qr'));
        // Cancelling goes back to the start, in the kiosk's own language.
        await page.getByRole('button', { name: text(language, 'kiosk.qr.cancel') }).click();
        await expectVisible(page.getByRole('button', { name: /^Eat here/ }));
      }
      await context.close();
    });
  }

  for (const [orientation, viewport, language] of [
    ['portrait', PORTRAIT, 'en'],
    ['landscape', LANDSCAPE, 'my'],
  ] as const) {
    it(`food-court kiosk, ${orientation} in ${language}: two stalls -> pay at the food court's cashier -> one number per stall, each saying which stall's counter to collect at`, async () => {
      const { context, page } = await kioskPage(browser, server, viewport);
      const stalls = [
        ['Nasi Lemak Mak Jah', await oneTapDish(server, 'mall-demo-nasi-lemak', language)],
        ['Roti Canai Raju', await oneTapDish(server, 'mall-demo-roti-canai', language)],
      ] as const;
      await setUpKiosk(page, server, 'mall');
      if (language === 'my') await page.getByRole('button', { name: 'Bahasa Melayu' }).click();
      await kioskScreen(page, `${orientation}-${language}-foodcourt-attract`);
      await startingWith(page, text(language, 'kiosk.attract.takeAway')).click();
      const stallNav = page.getByRole('navigation', { name: text(language, 'kiosk.menu.outlets') });
      const categories = page.getByRole('navigation', { name: text(language, 'kiosk.menu.categories') });
      for (const [stall, dish] of stalls) {
        await stallNav.getByRole('button', { name: stall, exact: true }).click();
        await categories.getByRole('button', { name: dish.category, exact: true }).click();
        await page
          .getByRole('button', {
            name: words(language, 'kiosk.menu.addNamed', { name: dish.name }),
            exact: true,
          })
          .click();
        if (stall === 'Nasi Lemak Mak Jah')
          await kioskScreen(page, `${orientation}-${language}-foodcourt-menu`);
      }
      await startingWith(page, text(language, 'kiosk.menu.review')).click();
      await expectVisible(page.getByText(text(language, 'bill.total'), { exact: true }));
      await kioskScreen(page, `${orientation}-${language}-foodcourt-order`);
      await startingWith(page, text(language, 'kiosk.pay.cashMall')).click();
      const question = page.getByRole('dialog');
      await expectVisible(question);
      await kioskScreen(page, `${orientation}-${language}-foodcourt-confirm`);
      await question.getByRole('button', { name: text(language, 'kiosk.pay.confirm') }).click();

      const numbers = page.getByRole('region', { name: text(language, 'kiosk.done.numberLabel') });
      await expectVisible(numbers);
      // Each stall's number says where to collect it; the money goes to the food court's cashier.
      for (const [stall] of stalls) {
        await expectVisible(numbers.getByText(words(language, 'kiosk.done.collectAt', { outlet: stall })));
      }
      await expectVisible(
        page.getByText(new RegExp(`^${words(language, 'kiosk.done.payAtCashier', { amount: '.+' })}$`)),
      );
      await expectVisible(page.getByText(text(language, 'kiosk.done.callNumberStalls')));
      await kioskScreen(page, `${orientation}-${language}-foodcourt-number`);
      await context.close();
    });
  }

  it('food-court kiosk, dishes without pictures -> each card shows its tinted placeholder, even a dish with a photo (screenshots)', async () => {
    const menu = await menuOf('mall-demo-nasi-lemak');
    const pictured = menu.items.find((item) => item.photo);
    expect(pictured, 'a dish of the first stall has a photo on the server').toBeTruthy();
    const category = menu.categories.find((candidate) => candidate.item_ids.includes(pictured!.id))!;
    const { context, page } = await kioskPage(browser, server, PORTRAIT);
    await withoutPictures(page);
    await setUpKiosk(page, server, 'mall');
    await page.getByRole('button', { name: /^Take away/ }).click();
    await page
      .getByRole('navigation', { name: 'Stalls' })
      .getByRole('button', { name: 'Nasi Lemak Mak Jah', exact: true })
      .click();
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: category.name, exact: true })
      .click();
    await expectVisible(card(page, pictured!.name).locator('.kiosk-dish-picture--none'));
    expect(await card(page, pictured!.name).locator('img').count()).toBe(0);
    await kioskScreen(page, 'portrait-en-foodcourt-menu-no-pictures');
    await context.close();
  });
});
