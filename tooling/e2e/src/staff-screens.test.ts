/**
 * The staff console on its devices (apps/staff README 'Layout'): a 10-inch tablet in landscape
 * (1280×800) and portrait (800×1280) and a phone (390×844). Every screen in en, id and my, the board
 * also in the dark theme, saved under `tooling/e2e/artefacts/staff/` for review; on each, what a
 * person would see: no page wider than the screen, no button's words cut, every target 48×48 px; the
 * board's colours (age clocks, allergies, rush) pass axe's WCAG AA checks in both themes.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO_STAFF_PASSWORD,
  apiCall,
  expectVisible,
  launchBrowser,
  startE2eServer,
  staffSetStatus,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import {
  DEVICES,
  axeFindings,
  backdate,
  dinerWithAllergies,
  kitchenSettings,
  layoutFindings,
  markContrasts,
  placeOrder,
} from './staff-screens-kit';
import type { Device } from './staff-screens-kit';

let server: E2eServer;
let browser: E2eBrowser;
const ARTEFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artefacts/staff');
const LANGUAGES = ['en', 'id', 'my'] as const;
type Language = (typeof LANGUAGES)[number];
/** The smallest target a finger in a kitchen gets (CSS px). */
const TARGET = 48;
const SERVER_ACCOUNT = 'kopitiam-ali-floor';

/** Each screen: its path under the app, what shows once its data is in, and where its controls are. */
const SCREENS = {
  board: { path: '/', loaded: '.staff-board[aria-busy=false] [data-order-id]', scope: 'body' },
  ready: { path: '/ready', loaded: '.staff-ready[aria-busy=false]', scope: '.staff-ready' },
  menu: { path: '/menu', loaded: '.staff-dish', scope: 'body' },
  accounts: { path: '/accounts', loaded: '.staff-accounts__row', scope: 'body' },
  counter: { path: '/counter', loaded: '.staff-till[aria-busy=false] .staff-till__row', scope: 'body' },
  bookings: { path: '/bookings', loaded: '.staff-till[aria-busy=false]', scope: 'body' },
  printers: { path: '/printers', loaded: '.printers-page', scope: 'body' },
} as const;
type Screen = keyof typeof SCREENS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  mkdirSync(ARTEFACTS, { recursive: true });
  await kitchenSettings(server);
  // A ticket with all a ticket can carry, 25 minutes old (red): allergies, options, a note, a request.
  const allergic = await dinerWithAllergies(server, '+60123450031');
  const full = await placeOrder(server, {
    token: allergic,
    dishes: [
      { name: 'Nasi Goreng Kampung', quantity: 2, notes: 'No prawns, extra sambal on the side' },
      { name: 'Teh Tarik', quantity: 1 },
      { name: 'Roti Canai', quantity: 3 },
    ],
    request: 'Birthday: please bring the cake with the drinks',
  });
  await backdate(server, full, 25);
  // 12 minutes old (amber), rushed.
  const rushed = await placeOrder(server, { dishes: [{ name: 'Mee Goreng Mamak', quantity: 1 }] });
  await backdate(server, rushed, 12);
  const manager = await staffToken('kopitiam-ali-manager', DEMO_STAFF_PASSWORD);
  await apiCall(server, 'POST', `/api/staff/orders/${rushed}/kitchen`, {
    token: manager,
    payload: { rush: true },
  });
  // A pickup being prepared and one ready (the ready screen's numbers).
  const cooking = await placeOrder(server, { dishes: [{ name: 'Curry Laksa', quantity: 1 }], pickup: true });
  await staffSetStatus(server, 'kopitiam-ali-manager', cooking, 1);
  const ready = await placeOrder(server, { dishes: [{ name: 'Teh Tarik', quantity: 2 }], pickup: true });
  for (const status of [1, 2, 3]) await staffSetStatus(server, 'kopitiam-ali-manager', ready, status);
  // Printing on the board (features/printers' alarm and reprint in this layout): a cloud printer at
  // the wok that has never polled, and a USB printer on the kitchen's tablet.
  for (const [name, connection] of [
    ['Wok CloudPRNT', 'cloudprnt'],
    ['Pass USB', 'tablet_usb'],
  ] as const) {
    await apiCall(server, 'POST', '/api/staff/printers', {
      token: manager,
      payload: {
        name,
        station: null,
        connection,
        paper_width: 80,
        language: 'en',
        prints: ['order_new', 'order_added'],
        copies: 1,
        printer_only: false,
      },
    });
  }
  // The seed has a manager and a kitchen account; the floor staff's is made as a manager makes it.
  await apiCall(server, 'POST', '/api/staff/accounts', {
    token: manager,
    payload: { username: SERVER_ACCOUNT, password: DEMO_STAFF_PASSWORD, role: 'server' },
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function staffToken(username: string, password: string): Promise<string> {
  const session = await apiCall<{ token: string }>(server, 'POST', '/api/staff/login', {
    payload: { username, password },
  });
  return session.token;
}

/** A device: its size, its clock at the server's (the age clocks), axe allowed in past the CSP. */
async function openDevice(device: Device, colorScheme: 'light' | 'dark' = 'light') {
  const { context, page } = await browser.newPage({ bypassCSP: true });
  await context.clock.install({ time: server.clock.now().getTime() });
  await page.emulateMedia({ colorScheme });
  await page.setViewportSize(DEVICES[device]);
  return { context, page };
}

/** The login page, logged out, in `language` as this device last chose it. */
async function loginPage(page: Page, language: Language) {
  await page.goto(`${server.baseUrl}/staff/login`);
  await page.evaluate((lang) => {
    localStorage.removeItem('santap-staff-token');
    localStorage.setItem('santap-staff-language', lang);
  }, language);
  await page.reload();
  await page.locator('form.staff-form').waitFor();
}

async function logIn(page: Page, username: string) {
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[type="password"]').fill(DEMO_STAFF_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.locator(SCREENS.board.loaded).first().waitFor();
}

/**
 * Saves the screen as `<device>-<language>-<name>.png` and asserts what a person would see wrong:
 * the page scrolling sideways, a button's words cut, a target under 48 px.
 */
async function lookAt(page: Page, shot: string, scope: string) {
  await page.screenshot({ path: join(ARTEFACTS, `${shot}.png`), fullPage: true, animations: 'disabled' });
  const found = await layoutFindings(page, scope, TARGET);
  expect(found.sideways, `${shot}: sideways`).toEqual([]);
  expect(found.clipped, `${shot}: words cut`).toEqual([]);
  expect(found.small, `${shot}: targets under ${TARGET} px`).toEqual([]);
}

/** Opens `screen` (a full load, as a bookmarked tablet would) and looks at it. */
async function visit(page: Page, screen: Screen, shot: string): Promise<boolean> {
  const { path, loaded, scope } = SCREENS[screen];
  await page.goto(`${server.baseUrl}/staff${path}`);
  await page.locator(loaded).first().waitFor();
  await lookAt(page, shot, scope);
  return true;
}

/** axe on the board and the non-text marks' contrast (3:1, WCAG 1.4.11), in the theme now on. */
async function expectBoardColours(page: Page, shot: string) {
  expect(await axeFindings(page, '.staff-board'), `${shot}: axe`).toEqual([]);
  const marks = await markContrasts(page);
  // The seeded tickets show every level and a rush.
  expect(new Set(marks.map((m) => m.mark))).toEqual(
    new Set(['rush outline', 'fresh age badge', 'amber age badge', 'red age badge']),
  );
  for (const { mark, ratio } of marks) expect(ratio, `${shot}: ${mark}`).toBeGreaterThanOrEqual(3);
}

describe('the staff console at its devices’ sizes', () => {
  it.each(Object.keys(DEVICES) as Device[])(
    '%s: the manager on every screen in en, id and my; the board in the dark theme too',
    async (device) => {
      const { context, page } = await openDevice(device);
      // The printers page is a manager's screen when the build has it (features/printers).
      let screens: Screen[] = ['menu', 'accounts', 'counter', 'bookings', 'ready'];
      for (const language of LANGUAGES) {
        await loginPage(page, language);
        await lookAt(page, `${device}-${language}-login`, 'body');
        await logIn(page, 'kopitiam-ali-manager');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(
          language === 'my' ? 'ms' : language,
        );
        if ((await page.locator('.staff-bar__nav a[href="/staff/printers"]').count()) > 0) {
          screens = [...new Set([...screens, 'printers' as const])];
        }
        await lookAt(page, `${device}-${language}-board`, 'body');
        if (language === 'en') await expectBoardColours(page, `${device}-en-board`);

        // Dark, chosen on this device in the top bar; kept over a reload.
        await page.locator('.staff-device__toggle').click();
        await page.locator('.staff-device__panel select').nth(1).selectOption('dark');
        await page.locator('.staff-device__toggle').click();
        await page.reload();
        await page.locator(SCREENS.board.loaded).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await lookAt(page, `${device}-${language}-board-dark`, 'body');
        if (language === 'en') await expectBoardColours(page, `${device}-en-board-dark`);
        await page.evaluate(() => localStorage.removeItem('santap.staff.theme'));

        for (const screen of screens) await visit(page, screen, `${device}-${language}-${screen}`);
      }
      await context.close();
    },
  );

  it.each(Object.keys(DEVICES) as Device[])(
    '%s: the kitchen (language picked on the login page; a dark device) and the floor staff on their screens',
    async (device) => {
      // A tablet set to dark: the console follows it (no choice kept).
      const kitchen = await openDevice(device, 'dark');
      await loginPage(kitchen.page, 'en');
      await kitchen.page.getByRole('combobox', { name: 'Language' }).selectOption('id');
      await expectVisible(kitchen.page.getByRole('heading', { name: 'Masuk staf' }));
      await logIn(kitchen.page, 'kopitiam-ali-kitchen');
      expect(await kitchen.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await lookAt(kitchen.page, `${device}-id-board-kitchen-dark`, 'body');
      await expectBoardColours(kitchen.page, `${device}-id-board-kitchen-dark`);
      await visit(kitchen.page, 'menu', `${device}-id-menu-kitchen-dark`);
      // English from the top bar: the words and the dishes' names (read again from the server).
      await kitchen.page.goto(`${server.baseUrl}/staff/`);
      await expectVisible(kitchen.page.getByText('Mi Goreng Mamak').first());
      await kitchen.page.locator('.staff-device__toggle').click();
      await kitchen.page.locator('.staff-device__panel select').first().selectOption('en');
      await expectVisible(
        kitchen.page.getByRole('region', { name: 'Waiting' }).getByText('Mee Goreng Mamak'),
      );
      expect(await kitchen.page.getByText('Mi Goreng Mamak').count()).toBe(0);
      await kitchen.context.close();

      const floor = await openDevice(device);
      await loginPage(floor.page, 'my');
      await logIn(floor.page, SERVER_ACCOUNT);
      await lookAt(floor.page, `${device}-my-board-server`, 'body');
      // The floor staff cannot set rush: the ticket says 'RUSH' in words, on its red.
      await expectVisible(floor.page.locator('.staff-card__rush').first());
      expect(await axeFindings(floor.page, '.staff-board'), `${device}-my-board-server: axe`).toEqual([]);
      await visit(floor.page, 'counter', `${device}-my-counter-server`);
      await visit(floor.page, 'bookings', `${device}-my-bookings-server`);
      await floor.context.close();
    },
  );
});
