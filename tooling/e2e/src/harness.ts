/**
 * End-to-end harness: the API server in-process (real routes, real PGlite database, seeded demo data)
 * serving the built apps (diner at `/`, food court at `/fc/`, kiosk at `/kiosk/`, staff at `/staff/`), and a fresh headless Chromium at 360×640 pointed at it.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { resolveBrowser } from '@santap/browser';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  createServer,
  DEMO_STAFF_PASSWORD,
  freePort,
  openTestDatabase,
  seedDemoPhotos,
  TestClock,
  testConfig,
} from '@santap/api/testing';
import type { ServerConfig, TestDatabase } from '@santap/api/testing';

export { TestClock };

const here = dirname(fileURLToPath(import.meta.url));
/** The apps' production builds (turbo builds them before this package's tests). */
export const DINER_DIST = resolve(here, '../../../apps/diner/dist');
export const FOODCOURT_DIST = resolve(here, '../../../apps/foodcourt/dist');
export const KIOSK_DIST = resolve(here, '../../../apps/kiosk/dist');
export const STAFF_DIST = resolve(here, '../../../apps/staff/dist');

export interface E2eServer {
  app: Awaited<ReturnType<typeof createServer>>;
  baseUrl: string;
  clock: TestClock;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * True when every demo restaurant is open at `now` for the journeys here, with margin:
 * 11:00–20:00 KL (UTC+8), 10:00–19:00 in Jakarta (warung-sari delivers from 10:00).
 */
function demoRestaurantsOpen(now: Date): boolean {
  const klHour = (now.getUTCHours() + 8) % 24;
  return klHour >= 11 && klHour < 20;
}

/** The next weekday (Monday–Friday) 12:00 in Kuala Lumpur after `now`: every demo restaurant is open. */
export function nextWeekdayLunchtime(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 4));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/**
 * A clock that follows real time (tests use real time when the demo restaurants are open).
 * `advance(seconds)` moves it ahead and it runs on from there in real time (a printer off for a
 * minute without waiting a minute).
 */
class RealClock extends TestClock {
  private offset: number;
  constructor(start: Date) {
    super(start);
    this.offset = start.getTime() - Date.now();
  }
  override now = () => new Date(Date.now() + this.offset);
  override advance(seconds: number) {
    this.offset += seconds * 1000;
  }
}

/**
 * `config`: server settings over the test defaults (e.g. `mapTiles`, which tests leave off); `web`'s
 * settings over the journeys' (e.g. `serverRenderWaitMs`). `demoPhotos`: the restaurants whose dishes
 * get the demo's photos before the server is handed over, as `pnpm start` draws them (apps/api
 * `seed/demo-photos.ts`). Off by default: every size in AVIF costs ~15 s for two restaurants on two
 * cores, so only a journey that looks at the pictures asks (the kiosk's screenshots).
 */
export async function startE2eServer(
  config: Partial<Omit<ServerConfig, 'web'>> & {
    web?: Partial<ServerConfig['web']>;
    demoPhotos?: readonly number[];
  } = {},
): Promise<E2eServer> {
  const { web, demoPhotos, ...settings } = config;
  for (const dist of [DINER_DIST, FOODCOURT_DIST, KIOSK_DIST, STAFF_DIST]) {
    if (!existsSync(join(dist, 'index.html'))) {
      throw new Error(`No build at ${dist}: run \`pnpm build\` (or the app's build) first.`);
    }
  }
  // The real clock when the demo restaurants are open; otherwise the server's time starts at the next
  // weekday lunchtime (ahead of the browser's, so slots and validity stay in the future) and runs on.
  const real = new Date();
  const clock = new RealClock(demoRestaurantsOpen(real) ? real : nextWeekdayLunchtime(real));
  const db = await openTestDatabase('pglite');
  // The server writes its public URL into redirects (payment simulator, return pages): it must be the
  // address the browser uses, so the port is chosen before the server is built.
  let app: Awaited<ReturnType<typeof createServer>> | undefined;
  let baseUrl = '';
  for (let attempt = 0; !app; attempt++) {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const candidate = await createServer(
      testConfig(clock, {
        publicUrl: baseUrl,
        web: {
          serve: true,
          dinerDir: DINER_DIST,
          foodcourtDir: FOODCOURT_DIST,
          kioskDir: KIOSK_DIST,
          staffDir: STAFF_DIST,
          // A loaded CI machine must not turn an early reply into a call the journeys say never happens.
          earlyRepliesWaitMs: 10_000,
          ...web,
        },
        ...settings,
      }),
      { database: db.database },
    );
    try {
      await candidate.listen({ port, host: '127.0.0.1' });
      app = candidate;
    } catch (error) {
      await candidate.close();
      if (attempt >= 3) throw error;
    }
  }
  const server = app;
  if (demoPhotos?.length) {
    try {
      await seedDemoPhotos(server.santap, demoPhotos);
    } catch (error) {
      await server.close();
      await db.close();
      throw error;
    }
  }
  return {
    app: server,
    baseUrl,
    clock,
    db,
    async close() {
      await server.close();
      await db.close();
    },
  };
}

export interface E2eBrowser {
  browser: Browser;
  /**
   * A new incognito-like context (its own storage) and page at 360×640. `geolocation` is the
   * device's position; `permissions` are granted (e.g. `['geolocation']`), none by default, so a page
   * asking for the location is refused ('Location Permission is off').
   */
  newPage(options?: {
    locale?: string;
    timezoneId?: string;
    geolocation?: { latitude: number; longitude: number };
    permissions?: string[];
    /** For a test that injects its own tool into the page (axe-core): the server's CSP would refuse it. */
    bypassCSP?: boolean;
    /** False: a browser with JavaScript switched off (what the server's HTML shows alone). */
    javaScriptEnabled?: boolean;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * Headless Chromium (the system's, else the packaged one: `@santap/browser`); Playwright gives every
 * launch a fresh temporary user-data dir.
 */
export async function launchBrowser(): Promise<E2eBrowser> {
  const resolved = await resolveBrowser();
  const browser = await chromium.launch({
    executablePath: resolved.executablePath,
    headless: true,
    args: resolved.args,
    env: { ...process.env, ...resolved.env },
  });
  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 640 },
        locale: options.locale ?? 'en-US',
        timezoneId: options.timezoneId ?? 'Asia/Kuala_Lumpur',
        ...(options.geolocation ? { geolocation: options.geolocation } : {}),
        permissions: options.permissions ?? [],
        ...(options.bypassCSP ? { bypassCSP: true } : {}),
        ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
    },
  };
}

/** Waits for `locator` to be visible (up to the context's time-out), then asserts it. */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  expect(await locator.isVisible()).toBe(true);
}

/** The seeded staff password of every demo restaurant (apps/api seed). */
export { DEMO_STAFF_PASSWORD };

/** Logs a staff member in and moves an order to `status` through the real API (in-process requests). */
export async function staffSetStatus(
  server: E2eServer,
  username: string,
  orderId: number,
  status: number,
): Promise<{ order_id: number; status: number }> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { username, password: DEMO_STAFF_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const token = (login.json() as { data: { token: string } }).data.token;
  const reply = await server.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    headers: { authorization: `Bearer ${token}` },
    // A manager's reason goes with every move: a paid order's decline or cancel takes one (apps/api
    // docs/audit.md, 'Manager approval'); other moves ignore it.
    payload: { status, approval: { reason: 'e2e: the kitchen cannot make it' } },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: { order_id: number; status: number } }).data;
}

/** A call through the real API (in-process), as the diner when a token is given; answers `data`. */
export async function apiCall<T>(
  server: E2eServer,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object; token?: string; cartToken?: string; tableTicket?: string } = {},
): Promise<T> {
  const reply = await server.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cartToken ? { 'cart-token': options.cartToken } : {}),
      ...(options.tableTicket ? { 'table-ticket': options.tableTicket } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: T }).data;
}

/**
 * The table ticket a scan of a restaurant's table QR gives a phone (the table check's `table_ticket`
 * cookie, apps/api README: Dine-in table tickets), for calls made as that phone with `apiCall`.
 */
export async function scanTableTicket(server: E2eServer, restaurantId: number, tableId: number) {
  const reply = await server.app.inject({
    method: 'GET',
    url: `/api/restaurant/new/${restaurantId}/tables/${tableId}`,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const ticket = reply.cookies.find((cookie) => cookie.name === 'table_ticket')?.value;
  expect(ticket).toBeTruthy();
  return ticket ?? '';
}

/** A new diner: send_otp, the code from the dev inbox, verify_otp -> a registered (ACTIVE) login. */
export async function registeredDiner(server: E2eServer, phone: string) {
  await apiCall(server, 'POST', '/v1/user/send_otp', { payload: { phone } });
  const otp = await latestOtp(server, phone);
  const session = await apiCall<{ token: string; user: { user_id: number; status: string } }>(
    server,
    'POST',
    '/v1/user/verify_otp',
    { payload: { phone, otp } },
  );
  expect(session.user.status).toBe('ACTIVE');
  return { token: session.token, userId: session.user.user_id };
}

/**
 * Logs a browser in as a diner the way the server's login does: the HttpOnly `auth_token` cookie and
 * the readable `signed_in` marker (apps/api/README.md, "Cookies and CSRF"); nothing in localStorage.
 */
export async function signInBrowser(context: BrowserContext, baseUrl: string, token: string) {
  await context.addCookies([
    { name: 'auth_token', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    { name: 'signed_in', value: 'ACTIVE', url: baseUrl, sameSite: 'Lax' },
  ]);
}

/**
 * The diner token a browser holds: its HttpOnly session cookie, read from outside the page. Also
 * checks that the page itself cannot see it (finding 8 of the security review: not in localStorage,
 * not in `document.cookie`).
 */
export async function browserSessionToken(context: BrowserContext, page: Page): Promise<string> {
  const token = (await context.cookies()).find((cookie) => cookie.name === 'auth_token')?.value;
  expect(token).toBeTruthy();
  const seen = await page.evaluate(() => ({
    cookie: document.cookie,
    stored: JSON.stringify({ ...localStorage }),
  }));
  expect(seen.cookie).not.toContain(token!);
  expect(seen.stored).not.toContain(token!);
  return token!;
}

/** The last OTP the dev SMS sender kept for `phone` (GET /api/dev/inbox). */
export async function latestOtp(server: E2eServer, phone: string): Promise<string> {
  const inbox = await apiCall<{ messages: { body: string }[] }>(
    server,
    'GET',
    `/api/dev/inbox?recipient=${encodeURIComponent(phone)}`,
  );
  const otp = /\b(\d{6})\b/.exec(inbox.messages.at(-1)?.body ?? '')?.[1];
  if (!otp) throw new Error(`No OTP in the dev inbox for ${phone}`);
  return otp;
}

/**
 * A new diner signs up on the open login page, as a person would: the mobile number (without its
 * country prefix), the code from the dev inbox, then their name and their date of birth, confirmed.
 * The page then goes where the login was asked from.
 */
export async function signUpOnLoginPage(
  server: E2eServer,
  page: Page,
  diner: { localNumber: string; phone: string; name: string; dateOfBirth: string },
): Promise<void> {
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(diner.localNumber);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectVisible(page.getByText(`We sent a 6-digit code by SMS to ${diner.phone}`));
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(await latestOtp(server, diner.phone));
  await expectVisible(page.getByRole('heading', { name: 'Tell us about you' }));
  await page.getByRole('textbox', { name: 'Full name' }).fill(diner.name);
  await page.getByRole('button', { name: 'Continue' }).click();
  const dob = page.getByRole('dialog', { name: 'Your date of birth' });
  await dob.getByLabel('Date of birth').fill(diner.dateOfBirth);
  await dob.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and save' }).click();
}
